import Testing
import WallKit

/// A text's `{name}` placeholders are filled in one pass (`UIStrings.text`): what a value brings
/// in (a person named `{date}`) is shown as it is, whatever order the values come in.
@Suite struct TextFillTests {
  @Test("each placeholder takes its value; unknown ones and stray braces stay")
  func fills() {
    let english = UIStrings.english
    #expect(english.text("pageOfCount", ["current": "2", "count": "5"]) == "page 2 of 5")
    #expect(english.text("wallTitle", ["name": "Ada"]).contains("Ada"))
    #expect(english.text("wallTitle", [:]).contains("{name}"))
    #expect(english.text("photoCount", count: 1_234) == "1,234 photos on the wall")
    #expect(english.text("nameRange", ["first": "{", "last": "}"]) == "{ to }")
    #expect(english.text("nameRange", ["first": "{{x}", "last": "é}"]) == "{{x} to é}")
  }

  /// A value is never searched for placeholders.
  ///
  /// The old fill replaced one name after the other in the dictionary's (per-process random)
  /// order, so a value holding a placeholder that came later was filled again. Each pair of
  /// cases below swaps the roles of two names, so whatever the order, the old code fails one.
  @Test(
    "a value that holds another placeholder is shown as it is",
    arguments: [
      ("nameRange", ["first": "{last}", "last": "Zoe"], "{last} to Zoe"),
      ("nameRange", ["first": "Ada", "last": "{first}"], "Ada to {first}"),
      ("photoAlt", ["name": "{date}", "date": "July 4"], "Photo by {date}, July 4"),
      ("photoAlt", ["name": "Ada", "date": "{name}"], "Photo by Ada, {name}"),
      ("pageOfCount", ["current": "{count}", "count": "5"], "page {count} of 5"),
      ("indexPageNumber", ["number": "2", "range": "{number} to Zoe"], "Page 2: {number} to Zoe"),
    ])
  func valueNotFilledAgain(key: String, values: [String: String], expected: String) {
    #expect(UIStrings.english.text(key, values) == expected)
  }
}
