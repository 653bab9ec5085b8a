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
    guard !photosWithoutFilesFolder.isEmpty else { return }
    let count = photosWithoutFilesFolder.values.reduce(0, +)
    let classFiles = ImportError.listed(photosWithoutFilesFolder.keys.sorted())
    let folder =
      filesFolder == .empty
      ? "the export's files/ folder is empty" : "the export has no files/ folder"
    let destination =
      source is ZipSource
      ? "files/<name> inside \(source.location)" : "\(source.location)/files/<name>"
    let photos =
      count == 1
      ? "the 1 photo that \(classFiles) names is"
      : "the \(count) photos that \(classFiles) name are"
    let fetch =
      source is ZipSource ? "" : ", or download them with 'wallgen fetch \(source.location)'"
    let message =
      "\(folder), so \(photos) shown as placeholders; a Parse export links its files by URL: "
      + "put each file's bytes at \(destination)" + fetch
    report.error("files/", "", "", message)
  }
}
