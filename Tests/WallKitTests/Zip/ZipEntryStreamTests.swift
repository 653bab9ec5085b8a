import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// `ZipArchive.stream(of:limit:)` reads an entry a piece at a time and gives what
/// `contents(of:limit:)` gives: the same bytes for a good entry, the same error for a bad one
/// (a wrong CRC-32 with both values, corrupt or short data, an unsupported method, an
/// encrypted entry, one over the limit).
@Suite struct ZipEntryStreamTests {
  /// Good and bad entries, each read both ways.
  static let entries = [
    RawZipEntry("ok.txt", data: Array("fine".utf8)),
    RawZipEntry("long.txt", data: (0..<5_000).map { UInt8($0 % 251) }),
    RawZipEntry("a.txt", data: Array("hello".utf8), crc32: 0xDEAD_BEEF),
    RawZipEntry("garbage.txt", data: [0xFF, 0xFF, 0xFF, 0xFF], method: 8, uncompressedSize: 10),
    RawZipEntry(
      "short.txt", data: [0x01, 0x05, 0x00, 0xFA, 0xFF, 0x68, 0x69], method: 8,
      uncompressedSize: 5),
    RawZipEntry("bzip.bin", data: [1, 2], method: 12),
    RawZipEntry("secret.txt", data: [1, 2], flags: 0x801),
  ]

  /// The entry's bytes read through a stream, `chunk` bytes at a time, or its error.
  static func streamed(_ archive: ZipArchive, _ entry: ZipEntry, limit: Int, chunk: Int)
    -> Result<[UInt8], ZipError>
  {
    do throws(ZipError) {
      let stream = try archive.stream(of: entry, limit: limit)
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: chunk)
      while true {
        let count = try buffer.withUnsafeMutableBytes { raw in
          Result { () throws(ZipError) -> Int in try stream.read(into: raw) }
        }.get()
        if count == 0 { return .success(bytes) }
        bytes += buffer[0..<count]
      }
    } catch {
      return .failure(error)
    }
  }

  @Test("each entry streams to the bytes or the error its whole reading gives", arguments: 0..<7)
  func streamMatchesContents(_ index: Int) throws {
    let (path, folder) = try ZipFixtures.temporaryFile(ZipFixtures.rawArchive(Self.entries))
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let archive = try ZipArchive(path: path)
    let name = String(decoding: Self.entries[index].name, as: UTF8.self)
    let entry = try #require(archive.entry(named: name))
    for limit in [3, 10_000] {
      let whole: Result<[UInt8], ZipError>
      do throws(ZipError) {
        whole = .success(try archive.contents(of: entry, limit: limit))
      } catch {
        whole = .failure(error)
      }
      for chunk in [1, 7, 65_536] {
        #expect(
          Self.streamed(archive, entry, limit: limit, chunk: chunk) == whole,
          "limit \(limit), chunk \(chunk)")
      }
    }
  }
}
