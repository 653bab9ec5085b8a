import Testing
import WallKit

@Suite("Template objects")
struct TemplateObjectTests {
  @Test("a name given twice keeps the last value, once")
  func repeatedNameKeepsLast() {
    let object = TemplateObject([("a", 1), ("b", 2), ("a", 3)])
    #expect(object.count == 2)
    #expect(object["a"] == 3)
    #expect(object["b"] == 2)
  }

  @Test("setting replaces in place, adds when absent, and nil removes")
  func settingFields() {
    var object: TemplateObject = ["a": 1, "b": 2]
    object["a"] = "x"
    object["c"] = true
    object["b"] = nil
    object["missing"] = nil
    #expect(object == ["a": "x", "c": true])
    #expect(object["b"] == nil)
    #expect(object.count == 2)
  }

  @Test("equality ignores field order but not values or extra fields")
  func equality() {
    let object: TemplateObject = ["a": 1, "b": [2, 3]]
    #expect(object == ["b": [2, 3], "a": 1])
    #expect(object != ["a": 1, "b": [3, 2]])
    #expect(object != ["a": 1])
    #expect(object != ["a": 1, "b": [2, 3], "c": nil])
  }

  @Test("an object from a dictionary finds every key, also in a large object")
  func fromDictionary() {
    let dictionary = Dictionary(
      uniqueKeysWithValues: (0..<200).map { ("key-\($0)", TemplateValue.int($0)) })
    let object = TemplateObject(dictionary)
    #expect(object.count == 200)
    #expect((0..<200).allSatisfy { object["key-\($0)"] == .int($0) })
    #expect(object["key-200"] == nil)
  }

  @Test("long names that share a prefix are told apart")
  func longNames() {
    let long = String(repeating: "n", count: 40)
    let object = TemplateObject([(long + "a", 1), (long + "b", 2)])
    #expect(object[long + "b"] == 2)
    #expect(object[long] == nil)
  }

  @Test(
    "fields come in name order whatever order they were given in",
    arguments: [
      [String](), ["only"], ["a", "b", "c"], ["text", "iso", "long"], ["c", "b", "a"],
      ["src", "srcset", "original", "originalWidth", "by", "alt", "é", "Z", "a1", "a"],
    ])
  func nameOrder(_ names: [String]) {
    let object = TemplateObject(names.enumerated().map { ($1, TemplateValue.int($0)) })
    var seen: [(String, TemplateValue)] = []
    object.forEachFieldInNameOrder { seen.append(($0, $1)) }
    #expect(seen.map(\.0) == names.sorted())
    for (name, value) in seen {
      #expect(value == object[name], "\(name)'s value")
    }
  }
}
