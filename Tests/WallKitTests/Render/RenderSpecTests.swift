import Testing
import WallKit

@Suite(
  "Mustache spec",
  .enabled(
    if: MustacheSpec.isAvailable,
    "the Mustache spec is not at ../shared/testdata/mustache-spec beside the repository"))
struct RenderSpecTests {
  @Test("comments", arguments: try MustacheSpec.cases("comments.json"))
  func comments(_ spec: MustacheSpecCase) throws { try check(spec) }

  @Test("delimiters", arguments: try MustacheSpec.cases("delimiters.json"))
  func delimiters(_ spec: MustacheSpecCase) throws { try check(spec) }

  @Test("interpolation", arguments: try MustacheSpec.cases("interpolation.json"))
  func interpolation(_ spec: MustacheSpecCase) throws { try check(spec) }

  @Test("inverted sections", arguments: try MustacheSpec.cases("inverted.json"))
  func inverted(_ spec: MustacheSpecCase) throws { try check(spec) }

  @Test("partials", arguments: try MustacheSpec.cases("partials.json"))
  func partials(_ spec: MustacheSpecCase) throws { try check(spec) }

  @Test("sections", arguments: try MustacheSpec.cases("sections.json"))
  func sections(_ spec: MustacheSpecCase) throws { try check(spec) }

  @Test("inheritance (optional)", arguments: try MustacheSpec.cases("~inheritance.json"))
  func inheritance(_ spec: MustacheSpecCase) throws { try check(spec) }

  @Test("dynamic names (optional)", arguments: try MustacheSpec.cases("~dynamic-names.json"))
  func dynamicNames(_ spec: MustacheSpecCase) throws { try check(spec) }

  @Test("every test of each spec file passes", arguments: MustacheSpec.files)
  func passCount(_ file: String) throws {
    let cases = try MustacheSpec.cases(file)
    // A spec file read as no test at all would pass every test above with no argument.
    try #require(!cases.isEmpty, "\(file) holds no test")
    let passed = cases.filter { (try? $0.render()) == $0.expected }.count
    print("Mustache spec \(file): \(passed)/\(cases.count) pass")
    #expect(passed == cases.count, "\(file): \(passed)/\(cases.count) pass")
  }

  private func check(_ spec: MustacheSpecCase) throws {
    #expect(try spec.render() == spec.expected, "\(spec.testDescription)")
  }
}
