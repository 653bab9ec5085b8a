import Testing
import WallKit

/// An object with `fields` and a rendering key (the memo tests' list elements).
func keyed(_ key: Int, _ fields: TemplateObject) -> TemplateValue {
  var object = fields
  object.renderingKey = key
  return .object(object)
}

@Suite("Reusing list elements' renderings")
struct FragmentMemoTests {
  func render(
    _ library: TemplateLibrary, _ name: String, _ context: TemplateValue, memo: FragmentMemo?
  ) throws -> String {
    String(decoding: try library.renderUTF8(name, context, memo: memo), as: UTF8.self)
  }

  @Test("an element that uses only its own fields is rendered once, then its bytes are reused")
  func pureElementsAreReused() throws {
    let library = try TemplateLibrary(templates: [
      "page":
        "{{#items}}<b>{{name}}</b>{{#photo}}<img src=\"{{src}}\" alt=\"{{name}}\">{{/photo}}{{/items}}"
    ])
    let memo = library.makeMemo(byteBudget: 1 << 20)
    let items: TemplateValue = [
      keyed(1, ["name": "a", "photo": ["src": "a.jpg"]]), keyed(2, ["name": "b", "photo": nil]),
    ]
    let expected = "<b>a</b><img src=\"a.jpg\" alt=\"a\"><b>b</b>"
    #expect(try render(library, "page", ["items": items], memo: memo) == expected)
    let kept = memo.statistics
    #expect(kept.made == 2 && kept.reused == 0 && kept.kept == 2)
    #expect(kept.bytes == expected.utf8.count)
    #expect(kept.slotBytes == 2 * FragmentMemo.keptOverhead)
    #expect(try render(library, "page", ["items": items], memo: memo) == expected)
    #expect(memo.statistics.reused == 2)
    #expect(memo.statistics.made == 2, "a reused rendering is not made")
    // The bytes really are reused: an object that breaks the key's promise gets the kept text.
    let impostor: TemplateValue = [keyed(1, ["name": "changed"])]
    #expect(
      try render(library, "page", ["items": impostor], memo: memo)
        == "<b>a</b><img src=\"a.jpg\" alt=\"a\">")
  }

  @Test("an element that reads a name from outside itself is rendered every time")
  func outerNamesAreNotKept() throws {
    let library = try TemplateLibrary(templates: ["page": "{{#items}}{{name}}@{{owner}} {{/items}}"]
    )
    let memo = library.makeMemo(byteBudget: 1 << 20)
    let items: TemplateValue = [keyed(1, ["name": "a"])]
    #expect(try render(library, "page", ["items": items, "owner": "x"], memo: memo) == "a@x ")
    #expect(try render(library, "page", ["items": items, "owner": "y"], memo: memo) == "a@y ")
    #expect(memo.statistics.kept == 0)
  }

  @Test("a name found nowhere counts as outside: another page may have it")
  func missingNamesAreNotKept() throws {
    let library = try TemplateLibrary(templates: [
      "page": "{{#items}}{{name}}{{#flag}}+{{/flag}}{{/items}}"
    ])
    let memo = library.makeMemo(byteBudget: 1 << 20)
    let items: TemplateValue = [keyed(1, ["name": "a"])]
    #expect(try render(library, "page", ["items": items], memo: memo) == "a")
    #expect(try render(library, "page", ["items": items, "flag": true], memo: memo) == "a+")
    #expect(memo.statistics.kept == 0)
  }

  @Test("a block inside an element depends on the overrides in force, so it is not kept")
  func blocksAreNotKept() throws {
    let library = try TemplateLibrary(templates: [
      "list": "{{#items}}{{$label}}{{name}}{{/label}};{{/items}}",
      "page": "{{<list}}{{$label}}[{{name}}]{{/label}}{{/list}}",
    ])
    let memo = library.makeMemo(byteBudget: 1 << 20)
    let context: TemplateValue = ["items": [keyed(1, ["name": "a"])]]
    #expect(try render(library, "list", context, memo: memo) == "a;")
    #expect(try render(library, "page", context, memo: memo) == "[a];")
    #expect(memo.statistics.kept == 0)
  }

  @Test("a kept rendering is reused only at the indentation it was made at")
  func indentationIsPartOfTheKey() throws {
    let library = try TemplateLibrary(templates: [
      "list": "{{#items}}\n<li>{{name}}</li>\n{{/items}}\n",
      "flat": "<ul>\n{{>list}}\n</ul>\n",
      "nested": "<ul>\n  {{>list}}\n</ul>\n",
    ])
    let memo = library.makeMemo(byteBudget: 1 << 20)
    let context: TemplateValue = ["items": [keyed(1, ["name": "a"]), keyed(2, ["name": "b"])]]
    for _ in 0..<2 {
      #expect(
        try render(library, "flat", context, memo: memo) == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
      #expect(
        try render(library, "nested", context, memo: memo)
          == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }
    // Kept at the first indentation met (the flat list's), reused there only.
    #expect(memo.statistics.kept == 2)
    #expect(memo.statistics.reused == 2)
  }

  @Test("nothing more is kept once the byte budget is spent")
  func budget() throws {
    let library = try TemplateLibrary(templates: ["page": "{{#items}}{{name}}{{/items}}"])
    // Room for one rendering of 3 bytes and its slot, not two.
    let memo = library.makeMemo(byteBudget: FragmentMemo.keptOverhead + 5)
    let items: TemplateValue = [keyed(1, ["name": "abc"]), keyed(2, ["name": "def"])]
    #expect(try render(library, "page", ["items": items], memo: memo) == "abcdef")
    let kept = memo.statistics
    #expect(kept.made == 2 && kept.reused == 0 && kept.kept == 1 && kept.bytes == 3)
    #expect(kept.charged <= FragmentMemo.keptOverhead + 5)
    _ = try render(library, "page", ["items": items], memo: memo)
    #expect(memo.statistics.made == 3, "the one not kept is made again")
  }

  @Test("changing a field of a keyed object clears its key")
  func changingAFieldClearsTheKey() {
    var object: TemplateObject = ["name": "a"]
    object.renderingKey = 7
    #expect(object.renderingKey == 7)
    object["name"] = "b"
    #expect(object.renderingKey == nil)
  }
}
