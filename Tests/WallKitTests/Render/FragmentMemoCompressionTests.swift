import Testing
import WallKit

@testable import WallRender

@Suite("A fragment memo keeps renderings compressed against its section's first ones")
struct FragmentMemoCompressionTests {
  /// A card as a wall's might be: the same markup around a name, a date and a path.
  static let library = Result {
    try TemplateLibrary(templates: [
      "page": """
      {{#cards}}<article class="card" id="photo-{{id}}"><header class="card-head">\
      <a class="person" href="../{{id}}/index.html"><img class="avatar" src="../media/{{id}}.svg" \
      alt="" width="40" height="40">{{name}}</a><time datetime="2014-07-{{day}}">Jul {{day}}, 2014\
      </time></header><figure><img src="../media/{{id}}-640.jpg" width="640" height="480" \
      alt="Photo by {{name}}" loading="lazy"></figure></article>
      {{/cards}}
      """
    ])
  }

  static func cards(_ numbers: Range<Int>) -> TemplateValue {
    .array(
      numbers.map {
        keyed($0, ["id": .string("u\($0)"), "name": .string("Person \($0)"), "day": .int($0 % 28)])
      })
  }

  func render(_ cards: TemplateValue, memo: FragmentMemo?) throws -> String {
    String(
      decoding: try Self.library.get().renderUTF8("page", ["cards": cards], memo: memo),
      as: UTF8.self)
  }

  @Test("past the first cards, each is kept in a fraction of its size and reused byte for byte")
  func keepsCompressed() throws {
    let memo = try Self.library.get().makeMemo(byteBudget: 1 << 20)
    let cards = Self.cards(0..<200)
    let plain = try render(cards, memo: nil)
    #expect(try render(cards, memo: memo) == plain)
    let kept = memo.statistics
    #expect(kept.kept == 200)
    // A card is about 420 bytes: the first twenty make the dictionary (8 KiB), as they are.
    #expect(kept.compressed >= 170)
    #expect(kept.bytes * 3 < plain.utf8.count, "kept in a third of their size or less")
    #expect(kept.dictionaryBytes > 0)
    #expect(try render(cards, memo: memo) == plain, "every card reused, the same bytes")
    #expect(memo.statistics.reused == 200)
    #expect(memo.statistics.made == 200)
  }

  @Test("the dictionaries count against the budget, which holds")
  func dictionariesCharged() throws {
    let budget = 48 << 10
    let memo = try Self.library.get().makeMemo(byteBudget: budget)
    let cards = Self.cards(0..<2_000)
    #expect(try render(cards, memo: memo) == (try render(cards, memo: nil)))
    let kept = memo.statistics
    #expect(kept.dictionaryBytes >= RenderingDictionary.stateBytes)
    #expect(kept.charged <= budget)
    #expect(kept.kept < 2_000, "the budget stopped it")
    #expect(try render(cards, memo: memo) == (try render(cards, memo: nil)))
  }

  @Test("renderings too short to gain are kept as they are, and none makes a dictionary")
  func shortRenderingsAsTheyAre() throws {
    let library = try TemplateLibrary(templates: ["page": "{{#items}}<{{name}}>{{/items}}"])
    let memo = library.makeMemo(byteBudget: 1 << 20)
    let items = TemplateValue.array((0..<500).map { keyed($0, ["name": .string("item \($0)")]) })
    _ = try library.renderUTF8("page", ["items": items], memo: memo)
    #expect(memo.statistics.compressed == 0)
    #expect(memo.statistics.dictionaryBytes == 0)
    #expect(memo.statistics.kept == 500)
  }

  @Test("a dictionary restores only what it compressed, at its exact size")
  func dictionaryRefusesWhatItDidNotMake() throws {
    let source = Array(try render(Self.cards(0..<20), memo: nil).utf8)
    let dictionary = try #require(RenderingDictionary(source))
    defer { dictionary.deallocate() }
    let card = Array(try render(Self.cards(500..<501), memo: nil).utf8)
    let compressed = try #require(dictionary.compress(card))
    #expect(compressed.count * 3 < card.count)
    func restore(_ compressed: [UInt8], into output: inout [UInt8]) -> Bool {
      compressed.withUnsafeBytes { input in
        output.withUnsafeMutableBytes { dictionary.decompress(input, into: $0) }
      }
    }
    var restored = [UInt8](repeating: 0, count: card.count)
    #expect(restore(compressed, into: &restored))
    #expect(restored == card)
    var short = [UInt8](repeating: 0, count: card.count - 1)
    #expect(!restore(compressed, into: &short))
    var garbage = compressed
    garbage[0] = 0xFF
    garbage[1] = 0xFF
    #expect(!restore(garbage, into: &restored))
    #expect(dictionary.compress(Array(incompressibleText(300, seed: 7).utf8)) == nil)
    #expect(RenderingDictionary([]) == nil)
  }
}
