import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// A write that fails is labelled by what was being written, not by the step shown last.
@Suite(.fullTier) struct WriteErrorLabelTests {
  @Test("an output folder that is a file fails as [output], a state folder that is one as [state]")
  func labels() throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: folder.url("export"))
    try export.writeClass("_User", [ParseFixtures.user("uA", username: "ann", fbId: "1")])
    try export.writeClass("WallImage", [])
    try FileSystem.writeAtomically([0], to: folder.url("file"))
    var settings = SiteBuilder.Settings(export: folder.url("export"), output: folder.url("file"))
    settings.stateFolder = folder.url("state")
    let output = #expect(throws: BuildError.self) { try SiteBuilder(settings: settings).build() }
    #expect(output?.description.hasPrefix("[output] \(folder.url("file")): ") == true)

    settings.output = folder.url("site")
    settings.stateFolder = folder.url("file/state")
    let state = #expect(throws: BuildError.self) { try SiteBuilder(settings: settings).build() }
    #expect(state?.description.hasPrefix("[state] \(folder.url("file"))") == true)
  }
}
