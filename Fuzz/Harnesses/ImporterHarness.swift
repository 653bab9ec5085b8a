import WallKit

/// Builds an export folder from the input and imports it: `ExportImporter.load`, then
/// `WallIndex` and every wall, as `wallgen build` does before rendering.
///
/// The input is cut at each NUL byte (a byte no valid JSON text holds). The first pieces are, in
/// order, the class files of `classFiles`; every later piece is a first line naming a file and the
/// file's bytes after it: `graph/<name>` goes to `graph/`, any other name to `files/` (names are
/// cut down to letters, digits, `.`, `-` and `_`, so that nothing is written outside the folder).
final class ImporterHarness: Sendable {
  /// One harness per process: its scratch folder is reused.
  static let shared = ImporterHarness()

  /// The class files the first pieces become, in order.
  static let classFiles = [
    "_User.json", "WallImage.json", "WallImageComment.json", "_Join:friends:_User.json",
    "_Role.json", "_Join:users:_Role.json", "_Join:roles:_Role.json", "WallImageObject.json",
  ]

  /// Small limits, so that big inputs stop early.
  static let limits = ImportLimits(
    classFileBytes: 1 << 20, graphFileBytes: 1 << 16, maximumDepth: 64)

  private let folder = ScratchFolder("import")

  /// Writes the folder and imports it; every outcome but a crash is fine.
  func run(_ bytes: [UInt8]) {
    folder.empty()
    for (index, piece) in Self.pieces(of: bytes).enumerated() {
      if index < Self.classFiles.count {
        folder.write(Array(piece), to: Self.classFiles[index])
      } else if let (name, contents) = Self.namedFile(piece) {
        folder.write(Array(contents), to: name)
      }
    }
    guard let result = try? ExportImporter.load(folder.path, limits: Self.limits) else { return }
    for audience in [Audience.owner, .anyone] {
      let index = WallIndex(dataset: result.dataset, audience: audience)
      var report = result.report
      index.reportUnseen(into: &report)
      _ = index.shownImages()
      for userID in result.dataset.users.keys.sorted().prefix(20) {
        for image in index.wall(for: userID).prefix(20) {
          _ = index.comments(on: image.objectId, visibleTo: userID)
        }
      }
    }
  }

  /// The input cut at each NUL byte (at most 32 pieces; the last keeps any further NULs).
  static func pieces(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(separator: 0, maxSplits: 31, omittingEmptySubsequences: false)
  }

  /// The path (under `files/` or `graph/`) and bytes of a piece past the class files, or nil
  /// when its name is empty once cleaned.
  static func namedFile(_ piece: ArraySlice<UInt8>) -> (String, ArraySlice<UInt8>)? {
    let newline = piece.firstIndex(of: 0x0A) ?? piece.endIndex
    var name = Array(piece[..<newline])
    var folder = "files"
    if name.starts(with: Array("graph/".utf8)) {
      folder = "graph"
      name.removeFirst("graph/".utf8.count)
    }
    let kept = name.filter { byte in
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == 0x2E || byte == 0x2D || byte == 0x5F
    }
    let clean = String(decoding: kept.prefix(64), as: UTF8.self)
    guard !clean.isEmpty, clean != ".", clean != ".." else { return nil }
    let contents = newline < piece.endIndex ? piece[(newline + 1)...] : piece[piece.endIndex...]
    return ("\(folder)/\(clean)", contents)
  }
}
