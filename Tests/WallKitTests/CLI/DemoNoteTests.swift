import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The note `make demo` prints about its one error, kept true.
///
/// The build's "1 error" is the demo export's corrupt JPEG, there on purpose; the Makefile's
/// note says so, and these tests keep the note and the demo in agreement.
@Suite(
  .fullTier,
  .enabled(
    if: FileSystem.kind(of: RepositoryPaths.path("Examples/demo-export")) == .directory,
    "needs Examples/demo-export"))
struct DemoNoteTests {
  static let note =
    "demo: the 1 error above is on purpose: Examples/demo-export holds one corrupt JPEG "
    + "(WallImage Ko0EdjWWE6) to show the placeholder a photo that cannot be decoded gets"

  @Test("make demo prints the note, word for word, after the build")
  func makefileNote() throws {
    let makefile = String(
      decoding: try FileSystem.readFile(RepositoryPaths.path("Makefile"), limit: 1 << 20),
      as: UTF8.self)
    #expect(makefile.contains("DEMO_NOTE = \(Self.note)\n"))
    let recipe = makefile.components(separatedBy: "\ndemo: deps\n").last ?? ""
    #expect(recipe.hasPrefix("\t$(SWIFT) run wallgen build\n\t@echo \"$(DEMO_NOTE)\"\n"))
  }

  @Test("the demo's one error is that JPEG, shown as a placeholder")
  func oneErrorIsTheCorruptJPEG() throws {
    let folder = try TemporaryDirectory("demo-note")
    var settings = SiteBuilder.Settings(
      export: RepositoryPaths.path("Examples/demo-export"), output: folder.url("site"))
    settings.pipeline.jobs = 2
    let result = try SiteBuilder(settings: settings).build()
    #expect(result.summary.errors == 1)
    let errors = result.report.sorted.filter { $0.severity == .error }.map(\.description)
    #expect(errors.count == 1)
    #expect(
      errors.first?.hasSuffix(
        "WallImage Ko0EdjWWE6: the JPEG data could not be decoded: 'Bogus Huffman table "
          + "definition'; shown as a placeholder") == true, "\(errors)")
  }
}
