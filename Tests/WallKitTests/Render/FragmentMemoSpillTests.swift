import Synchronization
import Testing
import WallKit
import WallKitTestSupport

@testable import WallRender

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
    // 200 renderings of 11 bytes: as many as fit with their slots in half of the budget
    // (2,048 bytes); the index of the spilled ones is the largest table that fits the other
    // half, 64 slots of 24 bytes and their 8 bytes of map, which a Swift dictionary fills to
    // three quarters: 48.
    let budget = 4 << 10
    let fit = (budget / 2) / (11 + FragmentMemo.keptOverhead)
    #expect(fit > 4)
    #expect(FragmentMemo.spillIndexBytes(byteBudget: budget) == 64 * 24 + 8)
    #expect(FragmentMemo.spillIndexCapacity(byteBudget: budget) == 48)
    let memo = library.makeMemo(byteBudget: budget, spill: spill)
    #expect(memo.spillIndexReserved == 0, "no index before a rendering spills")
    func items(_ count: Int) -> TemplateValue {
      .array((0..<count).map { keyed($0, ["name": .string("item-\(1000 + $0)")]) })
    }
    let expected = (0..<200).map { "<item-\(1000 + $0)>" }.joined()
    #expect(
      try render(library, ["items": items(fit + 1)], memo: memo) == expected.prefix((fit + 1) * 11))
    #expect(memo.statistics.spilled == 1)
    #expect(memo.spillIndexReserved == 48, "the first spill reserves the whole table")
    #expect(try render(library, ["items": items(200)], memo: memo) == expected)
    let kept = memo.statistics
    #expect(kept.charged <= budget)
    #expect(kept.kept == fit)
    #expect(kept.spilled == 48)
    #expect(kept.indexBytes == FragmentMemo.spillIndexBytes(byteBudget: budget))
    #expect(memo.spillIndexReserved == 48, "it never grew")
    #expect(kept.spilledBytes == 48 * 11)
    #expect(spill.size == kept.spilledBytes)
    #expect(try render(library, ["items": items(200)], memo: memo) == expected)
    #expect(memo.statistics.reused == fit + 1 + kept.kept + kept.spilled)
  }

  @Test("a shard's memo of 32 MiB indexes 393,216 spilled renderings in 12 MiB")
  func shardMemoIndex() {
    let budget = 32 << 20
    #expect(FragmentMemo.spillIndexCapacity(byteBudget: budget) == 393_216)
    #expect(FragmentMemo.spillIndexBytes(byteBudget: budget) == (1 << 19) * 24 + (1 << 16))
    #expect(FragmentMemo.spillIndexBytes(byteBudget: budget) <= budget / 2)
    #expect(FragmentMemo.spillIndexCapacity(byteBudget: 64) == 0)
  }

  @Test("a spilled rendering's place keeps every field it packs, and refuses what does not fit")
  func spilledRenderingPacks() throws {
    let largest = try #require(
      SpilledRendering(
        offset: SpilledRendering.offsetLimit - 1, count: SpilledRendering.countLimit - 1,
        indent: SpilledRendering.indentLimit - 1, startsAtLineStart: true, endsAtLineStart: false))
    #expect(largest.offset == SpilledRendering.offsetLimit - 1)
    #expect(largest.count == SpilledRendering.countLimit - 1)
    #expect(largest.indent == SpilledRendering.indentLimit - 1)
    #expect(largest.startsAtLineStart && !largest.endsAtLineStart)
    let small = try #require(
      SpilledRendering(
        offset: 3, count: 5, indent: 7, startsAtLineStart: false, endsAtLineStart: true))
    #expect([small.offset, small.count, small.indent] == [3, 5, 7])
    #expect(!small.startsAtLineStart && small.endsAtLineStart)
    #expect(MemoryLayout<SpilledRendering>.stride == 8)
    #expect(SpilledRendering.offsetLimit == 1 << 34)
    for (offset, count, indent) in [
      (SpilledRendering.offsetLimit, 1, 0), (0, SpilledRendering.countLimit, 0),
      (0, 1, SpilledRendering.indentLimit), (-1, 1, 0),
    ] {
      #expect(
        SpilledRendering(
          offset: offset, count: count, indent: indent, startsAtLineStart: true,
          endsAtLineStart: true) == nil)
    }
  }

  @Test("the spill file's own limit holds: past it, renderings are made every time")
  func spillLimitHolds() throws {
    let folder = try TemporaryDirectory("memo-spill")
    let library = try TemplateLibrary(templates: ["page": "{{#items}}<{{name}}>{{/items}}"])
    let spill = try #require(SpillFile(folder: folder.path, byteLimit: 50))
    let memo = library.makeMemo(byteBudget: 1 << 20, spill: spill)
    // Letters LZ4 finds nothing to shorten in, so every rendering takes its full size.
    let items = TemplateValue.array(
      (0..<100).map { keyed($0, ["name": .string(incompressibleText(20_000, seed: $0))]) })
    let first = try render(library, ["items": items], memo: memo)
    #expect(try render(library, ["items": items], memo: memo) == first)
    #expect(spill.size <= 50)
    #expect(memo.statistics.spilled == 0)
    // Half the budget, less the dictionary made of the first of them, holds this many.
    let kept = memo.statistics
    #expect(
      kept.kept == ((1 << 19) - kept.dictionaryBytes) / (20_002 + FragmentMemo.keptOverhead))
    #expect(kept.compressed == 0)
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

/// `count` letters from a seeded generator (a 64-bit LCG): text in which LZ4 finds no repeats.
func incompressibleText(_ count: Int, seed: Int) -> String {
  var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
  let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
  let bytes = (0..<count).map { _ -> UInt8 in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return letters[Int(state >> 33) % letters.count]
  }
  return String(decoding: bytes, as: UTF8.self)
}
