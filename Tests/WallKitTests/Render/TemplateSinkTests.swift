import Testing
import WallKit

/// A render with a sink gives its text away in chunks between list elements, and the chunks and
/// the rest are the bytes a render without one returns.
@Suite struct TemplateSinkTests {
  let library: TemplateLibrary
  /// 50,000 list elements, some of them keyed for a memo, nested in an indented partial.
  let context: TemplateValue

  init() throws {
    library = try TemplateLibrary(templates: [
      "page": "<main>\n  {{>grid}}\n</main>\n",
      "grid":
        "{{#months}}<h2>{{heading}}</h2>\n{{#tiles}}<a href=\"{{src}}\">{{alt}} &amp; {{owner}}</a>\n{{/tiles}}{{/months}}",
    ])
    var months: [TemplateValue] = []
    for month in 0..<50 {
      var tiles: [TemplateValue] = []
      for tile in 0..<1_000 {
        var object: TemplateObject = [
          "src": .string("media/\(month)/\(tile).jpg"), "alt": .string("photo <\(tile)>"),
        ]
        if tile % 3 == 0 { object.renderingKey = tile }
        tiles.append(.object(object))
      }
      months.append(["heading": .string("month \(month)"), "tiles": .array(tiles)])
    }
    context = ["months": .array(months), "owner": "Ann"]
  }

  @Test("the chunks and the rest are the whole render, with or without a memo")
  func sameBytes() throws {
    let whole = try library.renderUTF8("page", context)
    #expect(whole.count > 2 * TemplateSink.chunkSize)
    for memo in [nil, library.makeMemo(byteBudget: 1 << 20)] {
      var chunks: [[UInt8]] = []
      let rest = try library.renderUTF8(
        "page", context, memo: memo, sink: TemplateSink { chunks.append($0) })
      #expect(chunks.count >= 2)
      #expect(chunks.allSatisfy { $0.count >= TemplateSink.chunkSize })
      // A chunk is given as soon as it passes the size, after the element that passed it.
      #expect(chunks.allSatisfy { $0.count < TemplateSink.chunkSize + 1_000 })
      #expect(rest.count < TemplateSink.chunkSize)
      #expect(chunks.joined() + rest == whole)
    }
  }
}
