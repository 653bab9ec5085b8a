import Foundation
import Testing
import WallKit
import WallKitTestSupport

@Suite("Template values")
struct RenderValueTests {
  @Test("JSON booleans stay booleans and numbers keep their kind")
  func fromJSON() throws {
    let json =
      #"{"t": true, "f": false, "one": 1, "power": 1.210, "whole": 2.0, "s": "x", "n": null, "list": [1, "a"]}"#
    let value = TemplateValue(jsonObject: try JSONSerialization.jsonObject(with: Data(json.utf8)))
    let expected: TemplateValue = [
      "t": true, "f": false, "one": 1, "power": 1.21, "whole": 2.0, "s": "x", "n": nil,
      "list": [1, "a"],
    ]
    #expect(value == expected)
  }

  @Test(
    "numbers render without a needless fraction",
    arguments: [
      (TemplateValue.int(85), "85"), (.double(1.21), "1.21"), (.double(2.0), "2"),
      (.double(-0.5), "-0.5"),
      (.bool(true), "true"), (.null, ""), (.array([1]), ""),
    ])
  func renderedText(_ value: TemplateValue, _ text: String) {
    #expect(value.renderedText == text)
  }

  @Test("only null, false and the empty list are falsy")
  func truthiness() {
    let falsy: [TemplateValue] = [nil, false, []]
    let truthy: [TemplateValue] = [true, 0, 0.0, "", "x", [0], [:]]
    #expect(falsy.allSatisfy { !$0.isTruthy })
    #expect(truthy.allSatisfy { $0.isTruthy })
  }
}
