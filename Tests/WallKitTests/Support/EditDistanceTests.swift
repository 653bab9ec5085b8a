import Testing
import WallKit

@Suite struct EditDistanceTests {
  @Test(
    "Levenshtein distances",
    arguments: [
      ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("kitten", "sitting", 3), ("build", "biuld", 2),
      ("serve", "serve", 0),
    ])
  func distance(a: String, b: String, expected: Int) {
    #expect(EditDistance.between(a, b) == expected)
  }

  @Test("closest names: near ones first, containment counts, far ones are left out")
  func closest() {
    let names = ["ann", "anna", "bob", "uAnn", "zed", "annabelle"]
    #expect(EditDistance.closest(to: "anm", in: names) == ["ann", "anna", "uAnn"])
    #expect(EditDistance.closest(to: "belle", in: names) == ["annabelle"])
    #expect(EditDistance.closest(to: "qqqq", in: names).isEmpty)
  }
}
