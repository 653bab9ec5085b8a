import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// The messages for a path that is not an export, a broken template and a theme file no
/// template uses: one "error", the path once, what an export is, and the command actually run
/// in every suggestion (issue 15, item 9).
@Suite(.fullTier) struct ExportMessageTests {
  static let exportDefinition =
    "hint: an export is the folder, or a .zip of it, that holds _User.json, WallImage.json "
    + "and the app's other class files (docs/input-format.md)"

  /// All lines written to standard error, split at line breaks.
  static func lines(_ captured: CapturedConsole) -> [String] {
    captured.err.flatMap { $0.split(separator: "\n").map(String.init) }
  }

  @Test("a file that is not a zip: the path once, one 'error', and what an export is")
  func fileIsNotAnExport() throws {
    let folder = try TemporaryDirectory()
    let notes = folder.url("notes.txt")
    try FileSystem.writeAtomically("hello\n", to: notes)
    let builds = BuildEngine.allCases.map {
      ["build", notes, "-o", folder.url("out"), "--engine", $0.rawValue]
    }
    for arguments in builds + [["check", notes]] {
      let command = arguments[0]
      let captured = CapturedConsole()
      let code = WallCLI.run(arguments, console: captured.console)
      #expect(code == .failure)
      let lines = Self.lines(captured)
      let error = try #require(lines.first)
      #expect(error.components(separatedBy: notes).count == 2, "the path once: \(error)")
      #expect(error.components(separatedBy: "error:").count == 2, "one 'error:': \(error)")
      #expect(
        error.hasSuffix(
          "\(notes): not an export: no end of central directory record in the 6-byte file; "
            + "it is truncated or not a zip archive"))
      #expect(lines.dropFirst() == [Self.exportDefinition][...], "\(command): \(lines)")
    }
  }

  @Test("a folder that holds one export (a subfolder or a zip) is suggested with the command run")
  func folderHoldingOneExport() throws {
    let folder = try TemporaryDirectory()
    try UnusableExportTests.writeExport(at: folder.url("holder/export"))
    let captured = CapturedConsole()
    #expect(WallCLI.run(["check", folder.url("holder")], console: captured.console) == .failure)
    #expect(
      Self.lines(captured).last
        == "hint: '\(folder.url("holder"))' is not an export but holds one; "
        + "did you mean 'wallgen check \(folder.url("holder/export"))'?")

    let zipped = folder.url("zipped")
    try FileManager.default.createDirectory(atPath: zipped, withIntermediateDirectories: true)
    let writer = try ZipWriter(path: "\(zipped)/export.zip")
    for name in SiteTree.files(in: folder.url("holder/export")) {
      try writer.addFile(
        named: name, contentsOf: folder.url("holder/export/\(name)"),
        modified: ZipTimestamp(unixSeconds: 1_400_000_000))
    }
    try writer.finish()
    let build = CapturedConsole()
    let code = WallCLI.run(["build", zipped, "-o", folder.url("out")], console: build.console)
    #expect(code == .failure)
    #expect(
      Self.lines(build).last
        == "hint: '\(zipped)' is not an export but holds one; "
        + "did you mean 'wallgen build \(zipped)/export.zip'?")
  }

  @Test("a folder holding two exports is not guessed at: the hint says what an export is")
  func folderHoldingTwoExports() throws {
    let folder = try TemporaryDirectory()
    try UnusableExportTests.writeExport(at: folder.url("holder/one"))
    try UnusableExportTests.writeExport(at: folder.url("holder/two"))
    let captured = CapturedConsole()
    #expect(WallCLI.run(["check", folder.url("holder")], console: captured.console) == .failure)
    #expect(Self.lines(captured).last == Self.exportDefinition)
  }

  @Test("a template error names the theme's file once, with line and column, and one 'error'")
  func templateErrorNamesTheFile() throws {
    let folder = try TemporaryDirectory()
    try UnusableExportTests.writeExport(at: folder.url("export"))
    let theme = folder.url("theme")
    try FileManager.default.createDirectory(
      atPath: "\(theme)/Templates", withIntermediateDirectories: true)
    try FileSystem.writeAtomically("hello\n  {{#x}\n", to: "\(theme)/Templates/wall.html")
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["build", folder.url("export"), "-o", folder.url("out"), "--theme", theme, "-q"],
      console: captured.console)
    #expect(code == .failure)
    #expect(
      Self.lines(captured) == [
        "error: \(theme)/Templates/wall.html:2:3: unclosed tag, expected '}}'"
      ])
  }

  @Test("a template that fails only when rendered names the theme's file too")
  func renderErrorNamesTheFile() throws {
    let folder = try TemporaryDirectory()
    try UnusableExportTests.writeExport(at: folder.url("export"))
    let theme = folder.url("theme")
    try FileManager.default.createDirectory(
      atPath: "\(theme)/Templates", withIntermediateDirectories: true)
    try FileSystem.writeAtomically(
      "{{#walls}}{{>index}}{{/walls}}\n", to: "\(theme)/Templates/index.html")
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["build", folder.url("export"), "-o", folder.url("out"), "--theme", theme, "-q"],
      console: captured.console)
    #expect(code == .failure)
    let lines = Self.lines(captured)
    #expect(lines.count == 1)
    #expect(
      lines.first?.hasPrefix("error: \(theme)/Templates/index.html:1:11: ") == true, "\(lines)")
    #expect(lines.first?.components(separatedBy: "error").count == 2, "\(lines)")
  }

  @Test("a theme file no template uses is reported, with the templates and a close name")
  func unusedThemeFile() throws {
    let folder = try TemporaryDirectory()
    try UnusableExportTests.writeExport(at: folder.url("export"))
    let theme = folder.url("theme")
    try FileManager.default.createDirectory(
      atPath: "\(theme)/Templates", withIntermediateDirectories: true)
    try FileSystem.writeAtomically("<p>x</p>\n", to: "\(theme)/Templates/walls.html")
    try FileSystem.writeAtomically("{{> footer}}\n", to: "\(theme)/Templates/index.html")
    try FileSystem.writeAtomically("<footer></footer>\n", to: "\(theme)/Templates/footer.html")
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["build", folder.url("export"), "-o", folder.url("out"), "--theme", theme, "-q"],
      console: captured.console)
    #expect(code == .success)
    #expect(
      Self.lines(captured) == [
        "warning: \(theme)/Templates/walls.html is not used: no template is named 'walls' and "
          + "none includes it; the templates are comment, image-card, index, layout, "
          + "pagination, photos, private-index, wall, wall-header; did you mean 'wall.html'?"
      ])
  }
}
