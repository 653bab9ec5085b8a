import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// An archive's template error names the theme's file, whether the template does not parse or
/// fails only when a bundle's wall is rendered.
@Suite(.fullTier) struct ArchiveTemplateErrorTests {
  @Test(
    "an archive's template error names the theme's file",
    arguments: [
      ("hello\n  {{#x}\n", "2:3"),
      ("{{#owner}}{{>wall}}{{/owner}}\n", "1:11"),
    ])
  func namesTheFile(source: String, position: String) throws {
    let folder = try TemporaryDirectory("archive-template")
    let export = try ArchiveFixture.write(in: folder)
    let root = folder.url("theme")
    try FileManager.default.createDirectory(
      atPath: "\(root)/Templates", withIntermediateDirectories: true)
    let path = "\(root)/Templates/wall.html"
    try FileSystem.writeAtomically(source, to: path)
    var settings = Archiver.Settings(export: export, output: folder.url("out"))
    settings.pipeline.jobs = 2
    settings.pipeline.theme = try Theme.loading(overridesFrom: root)
    let error = #expect(throws: ArchiveError.self) { try Archiver(settings: settings).run() }
    guard case .template(let template)? = error else {
      Issue.record("not a template error: \(String(describing: error))")
      return
    }
    #expect(template.template == path)
    #expect(error?.description.hasPrefix("\(path):\(position): ") == true)
  }
}
