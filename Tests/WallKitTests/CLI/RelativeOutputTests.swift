import Testing
import WallKit
import WallKitTestSupport

/// An output folder named without a slash (`-o site`, or the default `_site`) is built and
/// published like any other: the staged publish once checked the missing name itself instead
/// of the folder it goes in, and refused it ("exists and is not a folder").
@Suite("A relative output folder", .fullTier)
struct RelativeOutputTests {
  @Test(
    "build -o NAME and the default _site publish, relative to the working directory",
    .enabled(if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle"),
    arguments: [["-o", "site"], ["-o", "deeper/site"], []])
  func relativeOutput(output: [String]) throws {
    let folder = try TemporaryDirectory("relative-output")
    let export = try ArchiveFixture.write(in: folder)
    let (status, err) = try WallgenProcess.run(["build", export, "-q"] + output, in: folder.path)
    let site = folder.url(output.last ?? "_site")
    #expect(status == 0, "\(err)")
    #expect(FileSystem.kind(of: "\(site)/index.html") == .regular, "\(err)")
  }
}
