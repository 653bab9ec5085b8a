import Foundation
import Testing
import WallKit

/// A tag whose `}}` is missing is reported where it opens, quoting it readably (issue 24,
/// item 7), not where the tags it swallowed leave the sections unbalanced.
@Suite struct UnclosedTagTests {
  /// The built-in `wall.html` with line `line` changed by `edit`.
  static func wallTemplate(line: Int, _ edit: (String) -> String) throws -> String {
    let source = try #require(Theme.builtIn.templates["wall"])
    var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines[line - 1] = edit(lines[line - 1])
    return lines.joined(separator: "\n")
  }

  /// The error of the built-in theme with `wall` as its `wall` template, named as a theme's
  /// file is.
  static func error(wall: String) -> String? {
    var templates = Theme.builtIn.templates
    templates["wall"] = wall
    let error = #expect(throws: TemplateError.self) {
      try TemplateLibrary(templates: templates)
    }
    return error?.description
  }

  @Test("a tag missing its '}}' on line 9 of wall.html is reported at line 9")
  func missingCloseOfVariable() throws {
    let wall = try Self.wallTemplate(line: 9) {
      $0.replacingOccurrences(of: "{{$content}}", with: "{{$content")
    }
    #expect(
      Self.error(wall: wall)
        == "wall:9:1: error: tag '{{$content' is not closed: expected '}}' "
        + "before the next '{{' on line 11")
  }

  @Test("a section tag missing one brace is quoted on one line, at its own line and column")
  func missingOneBrace() throws {
    let wall = try Self.wallTemplate(line: 20) {
      $0.replacingOccurrences(of: "{{#hasImages}}", with: "{{#hasImages}")
    }
    let message = try #require(Self.error(wall: wall))
    #expect(
      message
        == "wall:20:1: error: tag '{{#hasImages}' is not closed: expected '}}' before the next "
        + "'{{' on line 21")
    #expect(!message.contains("\n") && !message.contains("\\u{"))
  }

  @Test("a long tag is cut to 40 characters; other delimiters are named as they are")
  func longAndOtherDelimiters() {
    let long = "x{{a" + String(repeating: "b", count: 60) + "\n{{c}}"
    #expect(
      Self.error(wall: long)
        == "wall:1:2: error: tag '{{a" + String(repeating: "b", count: 36) + "…' is not closed: "
        + "expected '}}' before the next '{{' on line 2")
    #expect(
      Self.error(wall: "{{=<% %>=}}\n<%#a%>\n  <%b\n<%/a%>")
        == "wall:3:3: error: tag '<%b' is not closed: expected '%>' before the next '<%' on line 4")
  }

  @Test("a section name with a line break in it is shown with ⏎")
  func lineBreakInName() {
    #expect(
      Self.error(wall: "{{#a\nb}}x")
        == "wall:1:1: error: unclosed section 'a⏎b'")
  }

  @Test("comments may still hold '{{', and a tag may still end at the end of the source")
  func stillAllowed() throws {
    let library = try TemplateLibrary(templates: ["t": "{{! a {{ b }}{{x}}"])
    #expect(try library.render("t", ["x": "1"]) == "1")
  }
}
