import Foundation
import FoundationXML
import Testing
import WallKit

@Suite struct GeneratedAvatarTests {
  /// Whether `text` parses as a well-formed XML document.
  func isWellFormedXML(_ text: String) -> Bool {
    XMLParser(data: Data(text.utf8)).parse()
  }

  @Test(
    "the avatar SVG stays well-formed XML whatever the name holds",
    arguments: [
      "Ada Berg", "\u{01}Ada", "\u{01} \u{02}", "A\u{FFFE}", "\u{1B}[31mRed", "\u{85}x y",
    ])
  func wellFormed(name: String) {
    let svg = GeneratedAvatar.svg(userID: "u1", name: name)
    #expect(isWellFormedXML(svg), "\(svg)")
  }

  @Test("control characters are never initials")
  func initials() {
    #expect(GeneratedAvatar.initials(of: "\u{01}Ada Berg") == "AB")
    #expect(GeneratedAvatar.initials(of: "\u{01}\u{02}") == "?")
    #expect(GeneratedAvatar.initials(of: "zoë ådal") == "ZÅ")
  }
}
