import Testing
import WallKit

/// `--webp` and `--no-webp` on every command that renders walls.
@Suite struct WebPOptionTests {
  @Test("build, serve and archive take --webp and --no-webp; the last one wins")
  func flags() throws {
    #expect(BuildOptions().webp == PipelineSettings.webpByDefault)
    #expect(PipelineSettings().webp == PipelineSettings.webpByDefault)
    var build = BuildOptions()
    build.webp = false
    #expect(try CommandParser.parse(["build", "--no-webp"]) == .build(build))
    build.webp = true
    #expect(try CommandParser.parse(["build", "--no-webp", "--webp"]) == .build(build))
    var serve = ServeOptions()
    serve.webp = false
    #expect(try CommandParser.parse(["serve", "--no-webp"]) == .serve(serve))
    var archive = ArchiveOptions()
    archive.all = true
    archive.webp = false
    #expect(try CommandParser.parse(["archive", "--all", "--no-webp"]) == .archive(archive))
    #expect(throws: UsageError.self) { try CommandParser.parse(["check", "--webp"]) }
  }
}
