import Synchronization
import Testing
import WallKit
import WallKitTestSupport

@Suite("A fragment memo with a spill file, and stand-in elements")
struct FragmentMemoSpillTests {
  func render(
    _ library: TemplateLibrary, _ context: TemplateValue, memo: FragmentMemo?,
    expand: TemplateExpander? = nil
  ) throws -> String {
    String(
      decoding: try library.renderUTF8("page", context, memo: memo, expand: expand),
      as: UTF8.self)
  }

  @Test(
    "renderings past half the budget go to the file, are reused from it, and memory stays in budget"
  )
  func spillsPastHalfTheBudget() throws {
    let folder = try TemporaryDirectory("memo-spill")
    let library = try TemplateLibrary(templates: ["page": "{{#items}}<{{name}}>{{/items}}"])
    let spill = try #require(SpillFile(folder: folder.path, byteLimit: 1 << 20))
    // 100 renderings of 11 bytes: 58 fit in half of the budget (638 bytes), then 10 spill
    // before their index (64 bytes each) uses the rest.
    let budget = 20 * FragmentMemo.spilledEntryCost
    let memo = library.makeMemo(byteBudget: budget, spill: spill)
    let items = TemplateValue.array(
      (0..<100).map { keyed($0, ["name": .string("item-\(1000 + $0)")]) })
    let expected = (0..<100).map { "<item-\(1000 + $0)>" }.joined()
    #expect(try render(library, ["items": items], memo: memo) == expected)
    let kept = memo.statistics
    #expect(kept.charged <= budget)
    #expect(kept.kept == 58)
    #expect(kept.spilled == 10)
    #expect(kept.spilledBytes == 10 * 11)
    #expect(spill.size == kept.spilledBytes)
    #expect(try render(library, ["items": items], memo: memo) == expected)
    #expect(memo.statistics.reused == kept.kept + kept.spilled)
  }

  @Test("the spill file's own limit holds: past it, renderings are made every time")
  func spillLimitHolds() throws {
    let folder = try TemporaryDirectory("memo-spill")
    let library = try TemplateLibrary(templates: ["page": "{{#items}}<{{name}}>{{/items}}"])
    let spill = try #require(SpillFile(folder: folder.path, byteLimit: 50))
    let memo = library.makeMemo(byteBudget: 1 << 20, spill: spill)
    let items = TemplateValue.array(
      (0..<100).map { keyed($0, ["name": .string(String(repeating: "x", count: 20_000))]) })
    let first = try render(library, ["items": items], memo: memo)
    #expect(try render(library, ["items": items], memo: memo) == first)
    #expect(spill.size <= 50)
    #expect(memo.statistics.spilled == 0)
    #expect(memo.statistics.kept == (1 << 19) / 20_002)
  }

  @Test("a stand-in is made whole only when its rendering is not reused")
  func standInsExpandOnMiss() throws {
    let library = try TemplateLibrary(templates: ["page": "{{#items}}[{{name}}]{{/items}}"])
    let memo = library.makeMemo(byteBudget: 1 << 20)
    let calls = Mutex(0)
    let expander = TemplateExpander { object in
      guard case .int(let number)? = object["stand-in"] else { return object }
      calls.withLock { $0 += 1 }
      return ["name": .string("card \(number)")]
    }
    let items: TemplateValue = [keyed(1, ["stand-in": 1]), keyed(2, ["stand-in": 2])]
    #expect(
      try render(library, ["items": items], memo: memo, expand: expander) == "[card 1][card 2]")
    #expect(calls.withLock { $0 } == 2)
    #expect(
      try render(library, ["items": items], memo: memo, expand: expander) == "[card 1][card 2]")
    #expect(calls.withLock { $0 } == 2)
    // Without a memo, every stand-in is made whole before it is rendered.
    #expect(
      try render(library, ["items": items], memo: nil, expand: expander) == "[card 1][card 2]")
    #expect(calls.withLock { $0 } == 4)
  }
}
