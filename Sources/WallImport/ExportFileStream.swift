import WallSupport

/// A file of an export read from start to end into the caller's buffer
/// (`ExportSource.stream`), so that reading it needs no more memory than that buffer.
public protocol ExportFileStream: AnyObject {
  /// Reads the next bytes of the file into `buffer`.
  /// - Parameter buffer: Where to put them.
  /// - Returns: How many bytes were read: 0 only at the end of the file.
  /// - Throws: `ImportError` naming the file when it cannot be read.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int
}

/// A file already read whole, handed out in pieces: the stream of a source that can only read
/// whole, under its limit (`ExportSource`'s default).
final class WholeFileStream: ExportFileStream {
  private let bytes: [UInt8]
  private var offset = 0

  /// A stream over `bytes`.
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
    let count = min(buffer.count, bytes.count - offset)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
    }
    offset += count
    return count
  }
}

/// A file of a folder export read through its file descriptor.
final class FolderFileStream: ExportFileStream {
  private let reader: FileByteReader
  /// The file's path in the export, for errors.
  private let path: String

  /// Opens the file at `resolved`, named `path` in the export.
  /// - Throws: `ImportError` naming `path` when it cannot be opened.
  init(resolved: String, path: String) throws(ImportError) {
    do {
      reader = try FileByteReader(path: resolved)
    } catch {
      throw ImportError(error, path: path)
    }
    self.path = path
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
    do {
      return try reader.read(into: buffer)
    } catch {
      throw ImportError(error, path: path)
    }
  }
}
