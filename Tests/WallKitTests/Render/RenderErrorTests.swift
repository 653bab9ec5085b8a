import Testing
import WallKit

@Suite("Template errors")
struct RenderErrorTests {
  /// The error building a library with `marked` (as template "wall") throws, and where the
  /// marker says it should point.
  private func parseError(
    _ marked: String, reason: TemplateError.Reason,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> TemplateError? {
    let template = MarkedTemplate(marked)
    let error = #expect(throws: TemplateError.self, sourceLocation: sourceLocation) {
      try TemplateLibrary(templates: ["wall": template.source])
    }
    #expect(
      error
        == TemplateError(
          template: "wall", line: template.line, column: template.column, reason: reason),
      sourceLocation: sourceLocation)
    return error
  }

  @Test("an unclosed section points at its open tag")
  func unclosedSection() {
    let error = parseError(
      "<ul>\n  1️⃣{{#friends}}\n  <li>{{name}}</li>\n</ul>\n", reason: .unclosedSection("friends"))
    #expect(error?.description == "wall:2:3: error: unclosed section 'friends'")
  }

  @Test("sections nested wrongly report the innermost one")
  func unclosedNestedSection() {
    _ = parseError("{{#a}}\n{{^b}}\n1️⃣{{/a}}", reason: .mismatchedClose(expected: "b", found: "a"))
    _ = parseError("{{#a}}\n  1️⃣{{$b}}x", reason: .unclosedSection("b"))
  }

  @Test("a close tag for another section quotes both names")
  func mismatchedClose() {
    let error = parseError(
      "{{#user}}\n  {{name}}\n1️⃣{{/users}}",
      reason: .mismatchedClose(expected: "user", found: "users"))
    #expect(
      error?.description == "wall:3:1: error: close tag 'users' does not match open section 'user'")
  }

  @Test("a close tag with nothing open")
  func unexpectedClose() {
    let error = parseError("Hi 1️⃣{{/name}}", reason: .unexpectedClose("name"))
    #expect(error?.description == "wall:1:4: error: close tag 'name' has no open section")
  }

  @Test("an unclosed tag says which delimiter is missing")
  func unclosedTag() {
    let error = parseError("Hello,\n  1️⃣{{name!\n", reason: .unclosedTag(expected: "}}"))
    #expect(error?.description == "wall:2:3: error: unclosed tag, expected '}}'")
    _ = parseError("1️⃣{{{raw}}", reason: .unclosedTag(expected: "}}}"))
    _ = parseError("{{=<% %>=}}\n1️⃣<%name}}", reason: .unclosedTag(expected: "%>"))
  }

  @Test("columns count Unicode scalars, not bytes")
  func unicodeColumns() {
    _ = parseError("héllo wörld 1️⃣{{#a}}", reason: .unclosedSection("a"))
  }

  @Test("bad set-delimiter tags quote their content")
  func badDelimiters() {
    let error = parseError("x\n1️⃣{{=<%=}}", reason: .invalidDelimiters("<%"))
    #expect(error?.description == "wall:2:1: error: invalid set-delimiter tag '<%'")
    _ = parseError("1️⃣{{=<% %> [[=}}", reason: .invalidDelimiters("<% %> [["))
    _ = parseError("1️⃣{{=a= b=}}", reason: .invalidDelimiters("a= b"))
    _ = parseError("1️⃣{{=<% %>}}", reason: .invalidDelimiters("<% %>"))
  }

  @Test("a tag with no name")
  func emptyTag() {
    _ = parseError("a 1️⃣{{#}}{{/}}", reason: .emptyTag)
    _ = parseError("1️⃣{{ }}", reason: .emptyTag)
  }

  @Test("parents that include each other report the chain")
  func parentCycle() {
    let error = #expect(throws: TemplateError.self) {
      try TemplateLibrary(templates: [
        "layout": "<html>\n  {{<page}}{{$body}}x{{/body}}{{/page}}\n</html>",
        "page": "{{<layout}}{{/layout}}",
        "unrelated": "{{>missing}}",
      ])
    }
    #expect(
      error
        == TemplateError(
          template: "layout", line: 2, column: 3,
          reason: .inclusionCycle(["layout", "page", "layout"])))
    #expect(
      error?.description
        == "layout:2:3: error: templates include each other forever: 'layout -> page -> layout'")
  }

  @Test("a partial that includes itself")
  func partialSelfCycle() {
    let error = #expect(throws: TemplateError.self) {
      try TemplateLibrary(templates: ["a": "x {{> a }}"])
    }
    #expect(
      error
        == TemplateError(template: "a", line: 1, column: 3, reason: .inclusionCycle(["a", "a"])))
  }

  @Test("recursion the data never ends stops at the depth limit")
  func runawayRecursion() throws {
    let library = try TemplateLibrary(templates: [
      "tree": "{{#open}}{{>branch}}{{/open}}", "branch": "-\n{{#open}}{{>tree}}{{/open}}",
    ])
    let error = #expect(throws: TemplateError.self) { try library.render("tree", ["open": true]) }
    #expect(
      error
        == TemplateError(
          template: "tree", line: 1, column: 10,
          reason: .inclusionTooDeep(limit: 100, chain: ["branch", "tree", "branch"])))
  }

  @Test("rendering a template the library does not hold")
  func templateNotFound() throws {
    let library = try TemplateLibrary(templates: ["wall": "x"])
    let error = #expect(throws: TemplateError.self) { try library.render("walls", [:]) }
    #expect(
      error
        == TemplateError(template: "walls", line: 0, column: 0, reason: .templateNotFound("walls")))
    #expect(error?.description == "walls: error: no template named 'walls'")
  }
}
