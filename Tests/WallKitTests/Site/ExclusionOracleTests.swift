import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The takedown list (issue 45, item 3): over the hostile export, with 3 people and 5 images
/// left out, not one of their objectIds (nor those of what goes with them) is in any byte of
/// the public or private site, the archives (bags and zips) or the WACZ files.
@Suite(.fullTier) struct ExclusionOracleTests {
  /// The bytes of every file under `root`, with the entries of each zip and WACZ in it, and the
  /// WARC records of each WACZ inflated; by a path naming where they come from.
  static func everyByte(under root: String) throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    for (path, bytes) in try SiteTree.contents(of: root) {
      result[path] = bytes
      guard path.hasSuffix(".zip") || path.hasSuffix(".wacz") else { continue }
      let archive = try ZipArchive(path: "\(root)/\(path)")
      var index: String?
      for entry in archive.entries {
        let contents = try archive.contents(of: entry, limit: 1 << 28)
        result["\(path)!\(entry.name)"] = contents
        if entry.name == "indexes/index.cdx" { index = String(decoding: contents, as: UTF8.self) }
      }
      if path.hasSuffix(".wacz") {
        let warc = try #require(result["\(path)!archive/data.warc.gz"])
        result["\(path)!archive/data.warc"] = try WARCMembers.inflate(
          warc, index: try #require(index))
      }
    }
    return result
  }

  /// Whether `needle` is in `bytes`.
  static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
    PrivateUserRowTests.contains(bytes, needle)
  }

  @Test(
    "hostile export, 3 people and 5 images left out: none of their objectIds in any byte of the public and private sites, their state folders, the bags, zips and WACZ files",
    arguments: BuildEngine.allCases)
  func nothingOfThemRemains(engine: BuildEngine) throws {
    let exportFolder = try TemporaryDirectory("exclude-export")
    let folder = try TemporaryDirectory("exclude-oracle")
    let export = try ExclusionExport.write(in: exportFolder.path, hostile: true)
    let config = try ExclusionExport.writeConfig(in: folder, hostile: true)
    let secret = folder.url("secret")
    try FileSystem.writeAtomically("0123456789abcdef0123456789", to: secret)
    let output = folder.url("out")
    try FileSystem.createDirectory(output)
    let onEngine = ["--engine", engine.rawValue]
    let runs: [[String]] = [
      ["build", export, "-o", "\(output)/public", "--wacz", "\(output)/public.wacz"] + onEngine,
      ["build", export, "-o", "\(output)/private", "--private", "--secret-file", secret]
        + onEngine,
      ["archive", export, "--all", "--zip", "--wacz", "-o", "\(output)/archives"],
    ]
    for arguments in runs {
      let (code, _, err) = ArchiveFixture.runCLI(arguments + ["-q", "-j", "2", "--config", config])
      #expect(code == .success, "\(arguments[0]): \(err)")
      for id in ExclusionExport.forbidden(hostile: true) {
        #expect(!err.contains(id), "\(arguments[0]) prints '\(id)': \(err)")
      }
    }
    let bytes = try Self.everyByte(under: output)
    // The state folders are under `output` too (`.wallgen/public`, with the plan engine's plan).
    #expect(bytes.keys.contains { $0.hasPrefix(".wallgen/public/") })
    #expect(bytes.keys.contains("public/walls/uKeptAnna/index.html"))
    #expect(bytes.keys.contains { $0.hasPrefix("archives/") && $0.hasSuffix(".zip") })
    #expect(bytes.keys.contains { $0.hasSuffix("!archive/data.warc") })
    #expect(!bytes.keys.contains { $0.contains("uGone") || $0.contains("uEvil") })
    for (path, content) in bytes {
      for id in ExclusionExport.forbidden(hostile: true) where Self.contains(content, id) {
        Issue.record("\(path) holds '\(id)'")
      }
    }
    // What stays is there: the oracle looks where the walls are.
    let keptText = [
      ("public/", "imgKeptAnna"), ("private/", "imgKeptBruno"), ("private/", "lovely"),
    ]
    for (site, text) in keptText {
      #expect(bytes.contains { $0.key.hasPrefix(site) && Self.contains($0.value, text) }, "\(text)")
    }
    // And without the list, the same build shows them: the oracle can see a leak.
    let control = folder.url("control")
    let (code, _, err) = ArchiveFixture.runCLI(["build", export, "-o", control, "-q", "-j", "2"])
    #expect(code == .success, "\(err)")
    let shown = try SiteTree.contents(of: control)
    for id in ["uGoneCarla", "imgGoneListedA", "uEvil", "cmtGoneByCarla"] {
      #expect(shown.values.contains { Self.contains($0, id) }, "\(id) is on the control site")
    }
  }
}

/// Reads a WARC file's gzip members (one per record, as `WARCWriter` writes them) by the
/// offsets of a WACZ index, with the test suite's own inflater (`Inflate`).
enum WARCMembers {
  struct Gap: Error, CustomStringConvertible {
    var description: String
  }

  /// The records of `warc`, inflated and joined; `index` is the WACZ's `indexes/index.cdx`.
  /// - Throws: `Gap` when a member cannot be inflated.
  static func inflate(_ warc: [UInt8], index: String) throws -> [UInt8] {
    var members: [(offset: Int, length: Int)] = []
    for line in index.split(separator: "\n") {
      let json = try JSONReader.parse(Array(line.drop { $0 != "{" }.utf8))
      guard let offset = json["offset"]?.stringValue.flatMap({ Int($0) }),
        let length = json["length"]?.stringValue.flatMap({ Int($0) })
      else { throw Gap(description: "no offset and length in \(line)") }
      members.append((offset, length))
    }
    // Members the index does not name (`warcinfo`, requests) start with the same header as
    // every member of the file: a start found inside compressed bytes by chance would cut a
    // member in two, and inflating its first half would throw.
    let header = Array(warc.prefix(10))
    var found = Set(members.map(\.offset) + [0])
    var position = 0
    while position + header.count <= warc.count {
      if warc[position..<(position + header.count)].elementsEqual(header) { found.insert(position) }
      position += 1
    }
    let starts = found.sorted()
    var result: [UInt8] = []
    for (position, start) in starts.enumerated() {
      let end = position + 1 < starts.count ? starts[position + 1] : warc.count
      guard end - start > 18, warc[start] == 0x1F, warc[start + 1] == 0x8B, warc[start + 3] == 0
      else { throw Gap(description: "no plain gzip member at \(start)") }
      let deflated = warc[(start + 10)..<(end - 8)]
      result += try Inflate.zlib([0x78, 0x01] + deflated + [0, 0, 0, 0])
    }
    return result
  }
}
