import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// What `build --theme` says of a theme's `wall.html` with a mistake in it (issue 24, item 7):
/// the file, line and column of the mistake, and a message that says what it is.
@Suite(.fullTier) struct TemplateDiagnosticTests {
  /// Builds the small export with a theme whose `wall.html` is the built-in one with line
  /// `line` edited by `edit`.
  /// - Returns: The exit code, the theme's `wall.html`, and what was printed on stderr.
  static func build(
    line: Int, extra: [String] = [], _ edit: @escaping (String) -> String
  ) throws -> (WallCLI.ExitCode, String, [String]) {
    let folder = try TemporaryDirectory()
    try UnusableExportTests.writeExport(at: folder.url("export"))
    let file = folder.url("theme/Templates/wall.html")
    try FileManager.default.createDirectory(
      atPath: folder.url("theme/Templates"), withIntermediateDirectories: true)
    try FileSystem.writeAtomically(
      try UnclosedTagTests.wallTemplate(line: line, edit), to: file)
    let captured = CapturedConsole()
    let code = WallCLI.run(
      [
        "build", folder.url("export"), "-o", folder.url("out"), "--theme", folder.url("theme"),
        "-q",
      ]
        + extra,
      console: captured.console)
    return (code, file, ExportMessageTests.lines(captured))
  }

  @Test("a '}}' missing on line 9 of wall.html is reported at line 9, in the theme's file")
  func missingClose() throws {
    let (code, file, lines) = try Self.build(line: 9) {
      $0.replacingOccurrences(of: "{{$content}}", with: "{{$content")
    }
    #expect(code == .failure)
    #expect(
      lines == [
        "error: \(file):9:1: tag '{{$content' is not closed: expected '}}' "
          + "before the next '{{' on line 11"
      ])
  }

  @Test("'{{#hasImages}' is quoted as written, at its own line")
  func missingBrace() throws {
    let (code, file, lines) = try Self.build(line: 20) {
      $0.replacingOccurrences(of: "{{#hasImages}}", with: "{{#hasImages}")
    }
    #expect(code == .failure)
    #expect(
      lines == [
        "error: \(file):20:1: tag '{{#hasImages}' is not closed: expected '}}' before the next "
          + "'{{' on line 21"
      ])
  }

  @Test("'{{owner.nmae}}' is a warning with the closest name; the build goes on")
  func misspeltName() throws {
    let (code, file, lines) = try Self.build(line: 2) {
      $0.replacingOccurrences(of: "{{title}}", with: "{{owner.nmae}}")
    }
    #expect(code == .success)
    #expect(
      lines == [
        "\(file):2:11: warning: unknown name 'owner.nmae', which renders as nothing; "
          + "did you mean 'owner.name'?"
      ])
  }

  @Test("with --strict, a theme warning builds nothing and exits 1")
  func misspeltNameStrict() throws {
    let (code, _, lines) = try Self.build(line: 2, extra: ["--strict"]) {
      $0.replacingOccurrences(of: "{{title}}", with: "{{owner.nmae}}")
    }
    #expect(code == .failure)
    #expect(
      lines.last == "error: [strict] 1 theme warning and --strict is on, so nothing was built")
  }
}
