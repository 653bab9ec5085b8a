import WallReport

extension ImportSession {
  /// Whether the export's `files/` holds no file at all (missing or empty): then every photo
  /// misses its file, which is reported once (`reportUnfilledFilesFolder`).
  var filesFolderIsUnfilled: Bool {
    mutating get {
      if filesFolder == nil { filesFolder = source.folderState("files") }
      return filesFolder != .holdsFiles
    }
  }

  /// Reports, in one line, the photos whose file is missing because `files/` holds no file:
  /// a Parse export lists its files by URL, and fetching them is a step of its own.
  mutating func reportUnfilledFilesFolder() {
    Self.reportUnfilledFilesFolder(
      photosWithoutFilesFolder, folder: filesFolder ?? .missing, of: source, into: &report)
  }

  /// Reports, in one line, the photos of `source` whose file is missing because its `files/`
  /// holds no file.
  ///
  /// `photos` counts them by class file ("WallImage.json"); `state` is what `files/` holds. The
  /// one wording of the whole import and of a plan's merge, which counts them in SQL.
  package static func reportUnfilledFilesFolder(
    _ photos: [String: Int], folder state: FolderState, of source: any ExportSource,
    into report: inout ProblemReport
  ) {
    guard !photos.isEmpty else { return }
    let count = photos.values.reduce(0, +)
    let classFiles = ImportError.listed(photos.keys.sorted())
    let folder =
      state == .empty
      ? "the export's files/ folder is empty" : "the export has no files/ folder"
    let destination =
      source is ZipSource
      ? "files/<name> inside \(source.location)" : "\(source.location)/files/<name>"
    let placeholders =
      count == 1
      ? "the 1 photo that \(classFiles) names is"
      : "the \(count) photos that \(classFiles) name are"
    let fetch =
      source is ZipSource ? "" : ", or download them with 'wallgen fetch \(source.location)'"
    let message =
      "\(folder), so \(placeholders) shown as placeholders; a Parse export links its files by URL: "
      + "put each file's bytes at \(destination)" + fetch
    report.error("files/", "", "", message)
  }
}
