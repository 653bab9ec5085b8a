import WallKit

extension DemoExport {
  /// Removes files an earlier run wrote into `root` that this run did not.
  ///
  /// So the folder holds exactly the demo. Only names the generator makes are candidates: top-level `*.json`,
  /// `files/tfss-*`, and `graph/*.json|jpg|png`; other files and all folders are left alone.
  /// - Throws: `WriteError` when a stale file cannot be removed.
  static func removeStaleFiles(in root: String, keeping written: Set<String>) throws(WriteError) {
    var candidates = FileSystem.contents(of: root).filter { $0.hasSuffix(".json") }
    candidates += FileSystem.contents(of: "\(root)/files").filter { $0.hasPrefix("tfss-") }
      .map { "files/\($0)" }
    candidates += FileSystem.contents(of: "\(root)/graph")
      .filter { [".json", ".jpg", ".png"].contains(where: $0.hasSuffix) }.map { "graph/\($0)" }
    for path in candidates.sorted() where !written.contains(path) {
      guard FileSystem.kind(of: "\(root)/\(path)") == .regular else { continue }
      try FileSystem.removeFile("\(root)/\(path)")
    }
  }
}
