/// The files a build produced, kept in `.wallgen/manifest.json`, so the next build can remove
/// what it no longer produces — and only that: nothing wallgen did not write is ever deleted.
public struct BuildManifest: Sendable, Equatable {
  /// Site-relative paths, sorted.
  public var files: [String]

  /// Where the manifest lives, relative to the site root.
  public static let path = ".wallgen/manifest.json"

  /// Creates a manifest of the given files.
  public init(files: some Sequence<String>) {
    self.files = Array(Set(files)).sorted()
  }

  /// The manifest of the build that last completed in `siteRoot`, or an empty one.
  public static func load(siteRoot: String) -> BuildManifest {
    let path = "\(siteRoot)/\(Self.path)"
    guard FileSystem.kind(of: path) == .regular,
      let bytes = try? FileSystem.readFile(path, limit: 1 << 30),
      let list = (try? JSONParser.parse(bytes))?["files"]?.arrayValue
    else { return BuildManifest(files: []) }
    return BuildManifest(files: list.compactMap(\.stringValue).filter(ExportPath.isSafeRelative))
  }

  /// Writes the manifest (only when it changed, so a no-op build touches nothing).
  public func save(siteRoot: String) throws(WriteError) {
    let document: JSONValue = ["files": .array(files.map { .string($0) })]
    _ = try SiteWriter.write(Array(document.serialized.utf8), to: "\(siteRoot)/\(Self.path)")
  }

  /// Deletes the files of `previous` that this manifest does not list; returns how many.
  public func prune(previous: BuildManifest, siteRoot: String) throws(WriteError) -> Int {
    let keep = Set(files)
    var removed = 0
    for file in previous.files where !keep.contains(file) {
      let path = "\(siteRoot)/\(file)"
      if FileSystem.linkKind(of: path) == .regular {
        try FileSystem.removeFile(path)
        removed += 1
      }
    }
    return removed
  }

  /// Removes the temporary files of atomic writes that a killed build left under `siteRoot`.
  public static func removeStaleTemporaries(siteRoot: String) {
    func walk(_ folder: String) {
      for name in FileSystem.contents(of: folder) {
        let path = "\(folder)/\(name)"
        switch FileSystem.linkKind(of: path) {
        case .directory: walk(path)
        case .regular where name.contains(FileSystem.temporarySuffix):
          try? FileSystem.removeFile(path)
        default: break
        }
      }
    }
    walk(siteRoot)
  }
}
