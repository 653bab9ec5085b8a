import WallSite
import WallSupport

extension ShardFinalizer {
  /// Writes the new manifest beside its place (not yet in place: the prune reads the last
  /// one first): every shard's files and media records, read from the records as sorted
  /// streams, merged with `own` (what finalize wrote) in one k-way merge.
  ///
  /// Memory: a buffer per record merged at once (`MergedLineSource.fanIn`) and `own`, whatever
  /// the number of files.
  /// - Parameters:
  ///   - records: The finished records of every shard (read without their lists).
  ///   - own: Site-relative paths of the files finalize wrote or found unchanged.
  ///   - stateRoot: The state folder.
  ///   - recordsRoot: The state folder the records are read from (`ShardFinalizer.recordsRoot`).
  /// - Returns: The manifest's writer, closed (`temporaryPath` is complete; `install()` puts
  ///   it in place), how many site files it lists, and how many of them are not media.
  /// - Throws: `WriteError` when a record cannot be read or the manifest written.
  static func writeManifest(
    records: [ShardRecord], own: [String], stateRoot: String, recordsRoot: String
  ) throws(WriteError) -> (writer: SortedLineWriter, files: Int, siteFiles: Int) {
    var openers: [any LineSourceOpener] = records.map { record in
      ShardRecord.MadeLines(path: ShardRecord.path(record.shard, stateRoot: recordsRoot))
    }
    openers.append(ArrayLineSource(SortedLines.sorted(own.map(BuildManifest.line(file:)))))
    let merged = try MergedLineSource.merging(
      openers, scratch: "\(stateRoot)/\(ShardRecord.folder)/manifest")
    let writer = try SortedLineWriter(
      path: "\(stateRoot)/\(BuildManifest.fileName)", header: BuildManifest.header)
    let counted = ManifestFileCounter(merged)
    while let line = try counted.next() { try writer.append(line) }
    try writer.close()
    return (writer, counted.files, counted.siteFiles)
  }
}
