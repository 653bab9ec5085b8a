import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Removing something from the export removes it from the site, wherever in the export it was.
@Suite(.fullTier) struct RedactionTests {
  typealias P = ParseFixtures

  /// Two friends, one photo at the top of `files/` and one in a subfolder.
  func makeExport(at root: String) throws {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      [
        P.user("u1", username: "ann", fbId: "1", name: "Ann"),
        P.user("u2", username: "bo", fbId: "2", name: "Bo"),
      ])
    try export.writeClass("_Join:friends:_User", [P.friendRow("u1", "u2")])
    try export.writeClass(
      "WallImage",
      [
        P.image("iTop", uploaderFBId: "1", username: "", fileName: "top.jpg", at: 60),
        P.image("iNested", uploaderFBId: "2", username: "", fileName: "sub/a.png", at: 120),
      ])
    try export.writeFile("files/top.jpg", ImageFixtures.gradientJPEG(width: 80, height: 60))
    try export.writeFile(
      "files/sub/a.png", ImageFixtures.checkerPNG(width: 70, height: 50, alpha: true))
  }

  func build(_ export: String, _ output: String) throws -> BuildResult {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.pipeline.jobs = 1
    return try SiteBuilder(settings: settings).build()
  }

  /// The text of every page of the site.
  func pages(_ site: String) throws -> String {
    try SiteTree.contents(of: site).filter { $0.key.hasSuffix(".html") }.map {
      String(decoding: $0.value, as: UTF8.self)
    }.joined()
  }

  @Test("a photo deleted from a subfolder of files/ is gone from every page and from media/")
  func nestedPhotoDeleted() throws {
    let folder = try TemporaryDirectory()
    let (export, site) = (folder.url("export"), folder.url("site"))
    try makeExport(at: export)
    _ = try build(export, site)
    // The nested photo has transparency, so its variants are the site's only PNG media.
    let nestedMedia = SiteTree.files(in: site).filter {
      $0.hasPrefix("media/") && $0.hasSuffix(".png")
    }
    #expect(nestedMedia.count >= 2)
    let fileNames = nestedMedia.compactMap { $0.split(separator: "/").last.map(String.init) }
    #expect(try fileNames.contains { try pages(site).contains($0) })

    try FileSystem.removeFile("\(export)/files/sub/a.png")
    let second = try build(export, site)
    #expect(second.summary.filesRemoved >= nestedMedia.count, "the rebuild noticed the deletion")
    let text = try pages(site)
    for name in fileNames { #expect(!text.contains(name), "\(name) still linked") }
    for path in nestedMedia { #expect(FileSystem.kind(of: "\(site)/\(path)") == .missing) }
  }

  @Test("any change anywhere in the export changes the build fingerprint")
  func fingerprintCoversSubfolders() throws {
    let folder = try TemporaryDirectory()
    let export = folder.url("export")
    try makeExport(at: export)
    let source = try ExportOpener.open(export)
    let before = source.allContentIdentities()
    #expect(before.contains { $0.path == "files/sub/a.png" })
    try FileSystem.createDirectory("\(export)/files/sub/deeper")
    try FileSystem.writeAtomically([1, 2, 3], to: "\(export)/files/sub/deeper/new.bin")
    #expect(source.allContentIdentities().map(\.path).contains("files/sub/deeper/new.bin"))
  }
}
