import Testing
import WallKit
import WallKitTestSupport

/// The pages of the "Everything" export, byte for byte against golden files in `Snapshots/`,
/// so a change of template, model or escaping shows as a diff.
///
/// After an intended change, record with `RECORD_SNAPSHOTS=1 swift test --filter
/// PageSnapshotTests` (the recording run fails on purpose), review the diff, and commit it.
@Suite(.fullTier) struct PageSnapshotTests {
  /// The Everything export built once with fixed settings.
  ///
  /// UTC, one worker, 5 images a page. The folder is kept with the path, so it lives as long
  /// as the tests that read it.
  static let site: Result<(folder: TemporaryDirectory, path: String), any Error> = Result {
    let folder = try TemporaryDirectory("snapshots")
    try EverythingExport.write(to: folder.url("export"))
    var settings = SiteBuilder.Settings(export: folder.url("export"), output: folder.url("site"))
    settings.pipeline.jobs = 1
    settings.pipeline.pageSize = 5
    settings.pipeline.timeZone = .utc
    _ = try SiteBuilder(settings: settings).build()
    return (folder, folder.url("site"))
  }

  func expectSnapshot(
    _ page: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    let site = try Self.site.get().path
    let html = String(
      decoding: try FileSystem.readFile("\(site)/\(page)", limit: 1 << 24), as: UTF8.self)
    if let failure = Snapshot.failure(html, named: name) {
      Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
  }

  @Test("Ann's wall, first page, equals Snapshots/wall.html")
  func wall() throws {
    try expectSnapshot("walls/uAnn/index.html", named: "wall.html")
  }

  @Test("the index equals Snapshots/index.html")
  func index() throws {
    try expectSnapshot("index.html", named: "index.html")
  }
}
