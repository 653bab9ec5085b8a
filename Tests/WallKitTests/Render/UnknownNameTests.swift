import Testing
import WallKit

/// A tag whose name no value of its data has is found without rendering, with the closest
/// real name (issue 24, item 7).
@Suite struct UnknownNameTests {
  static let shape: TemplateShape = [
    "owner": ["name": .leaf, "avatar": .leaves("small", "large")],
    "images": ["alt": .leaf, "photo": .leaves("src")],
    "title": .leaf,
  ]

  /// The warnings for template `t` holding `source`, with `partials` beside it.
  static func warnings(_ source: String, partials: [String: String] = [:]) throws -> [String] {
    let library = try TemplateLibrary(templates: partials.merging(["t": source]) { $1 })
    return library.unknownNames(in: "t", context: shape).map(\.description)
  }

  @Test("a misspelt dotted name gets the closest real one")
  func misspeltDottedName() throws {
    #expect(
      try Self.warnings("<h1>\n  {{owner.nmae}}</h1>")
        == [
          "t:2:3: warning: unknown name 'owner.nmae', which renders as nothing; "
            + "did you mean 'owner.name'?"
        ])
  }

  @Test("names are looked up through sections as the renderer does, outer names included")
  func sections() throws {
    let source = "{{#images}}{{alt}}{{title}}{{#photo}}{{src}}{{owner.name}}{{/photo}}{{/images}}"
    #expect(try Self.warnings(source) == [])
    #expect(
      try Self.warnings("{{#images}}{{#photo}}{{srcc}}{{/photo}}{{/images}}")
        == ["t:1:22: warning: unknown name 'srcc', which renders as nothing; did you mean 'src'?"])
  }

  @Test("a name unknown in a section is said once, and not the names inside it (but inverted)")
  func unknownSection() throws {
    #expect(
      try Self.warnings("{{#imagez}}{{whatever}}{{/imagez}}{{^zzzzzz}}{{qqqqqqq}}{{/zzzzzz}}")
        == [
          "t:1:1: warning: unknown name 'imagez', which renders as nothing; "
            + "did you mean 'images'?",
          "t:1:35: warning: unknown name 'zzzzzz', which renders as nothing",
          "t:1:46: warning: unknown name 'qqqqqqq', which renders as nothing",
        ])
  }

  @Test("partials, parents and blocks are followed, and name the template holding the tag")
  func inclusions() throws {
    let warnings = try Self.warnings(
      "{{<frame}}{{$body}}{{#images}}{{>card}}{{/images}}{{/body}}{{/frame}}",
      partials: ["frame": "<main>{{$body}}{{/body}}</main>{{titel}}", "card": "{{alt}}{{atl}}"])
    #expect(
      warnings == [
        "card:1:8: warning: unknown name 'atl', which renders as nothing; did you mean 'alt'?",
        "frame:1:32: warning: unknown name 'titel', which renders as nothing; "
          + "did you mean 'title'?",
      ])
  }

  @Test("a partial included where its name is known and where it is not is not reported")
  func knownSomewhere() throws {
    #expect(
      try Self.warnings("{{>p}}{{#images}}{{>p}}{{/images}}", partials: ["p": "{{alt}}"]) == [])
  }
}
