import Testing
import WallKit
import WallKitTestSupport
import WallSynth

@Suite(.fullTier) struct ThemeTests {
  @Test("files of Templates/ and Public/ replace or add to the built-in theme; the rest stays")
  func overrides() throws {
    let folder = try TemporaryDirectory()
    try FileSystem.writeAtomically("<p>{{owner.name}}</p>", to: folder.url("Templates/wall.html"))
    try FileSystem.writeAtomically("a { }", to: folder.url("Public/extra.css"))
    try FileSystem.writeAtomically("body { }", to: folder.url("Public/wall.css"))
    try FileSystem.writeAtomically("ignored", to: folder.url("Templates/.hidden.html"))
    let theme = try Theme.loading(overridesFrom: folder.path)
    let builtIn = Theme.builtIn
    #expect(theme.templates["wall"] == "<p>{{owner.name}}</p>")
    #expect(theme.templates["comment"] == builtIn.templates["comment"])
    #expect(theme.templates[".hidden"] == nil)
    #expect(theme.templates.count == builtIn.templates.count)
    #expect(theme.assets["extra.css"] == Array("a { }".utf8))
    #expect(theme.assets["wall.css"] == Array("body { }".utf8))
    #expect(theme.assets["lightbox.js"] == builtIn.assets["lightbox.js"])
  }

  @Test("a missing theme folder, or one without Templates/ or Public/, is an error")
  func badFolders() throws {
    let folder = try TemporaryDirectory()
    #expect(throws: ThemeError.notAFolder(path: folder.url("nope"))) {
      try Theme.loading(overridesFrom: folder.url("nope"))
    }
    // Templates put at the top of the folder would otherwise be ignored without a word.
    try FileSystem.writeAtomically("<p>edited</p>", to: folder.url("wall.html"))
    #expect(throws: ThemeError.noThemeFolders(path: folder.path)) {
      try Theme.loading(overridesFrom: folder.path)
    }
  }

  @Test("build --theme with an edited template rewrites the wall pages, not the images")
  func editedThemeRebuildsPages() throws {
    let folder = try TemporaryDirectory()
    let export = try ExportWriter(root: folder.url("export"))
    try export.writeClass(
      "_User", [ParseFixtures.user("uA", username: "ann", fbId: "1", name: "Ann")])
    try export.writeClass(
      "WallImage",
      [ParseFixtures.image("i1", uploaderFBId: "1", username: "ann", fileName: "x.jpg", at: 1)])
    try export.writeFile("files/x.jpg", try ImageFixtures.gradientJPEG(width: 16, height: 12))
    let theme = folder.url("theme")
    try FileSystem.writeAtomically(
      "<!DOCTYPE html><title>{{owner.name}}</title><p>edited</p>",
      to: "\(theme)/Templates/wall.html")
    let site = folder.url("site")
    let captured = CapturedConsole()
    let arguments = ["build", folder.url("export"), "-o", site, "--quiet", "--json"]
    #expect(WallCLI.run(arguments, console: captured.console) == .success)
    #expect(WallCLI.run(arguments + ["--theme", theme], console: captured.console) == .success)
    let summary = try JSONReader.parse(Array(try #require(captured.out.last).utf8))
    #expect(summary["imagesProcessed"] == .number(0))
    #expect(summary["imagesReused"] == .number(1))
    #expect(summary["filesWritten"] == .number(1))
    let page = String(
      decoding: try FileSystem.readFile("\(site)/walls/uA/index.html", limit: 1 << 20),
      as: UTF8.self)
    #expect(page == "<!DOCTYPE html><title>Ann</title><p>edited</p>")
  }
}
