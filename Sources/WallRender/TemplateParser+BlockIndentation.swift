extension TemplateParser {
  /// Re-indents the content of every standalone block (one whose open tag has a `lineIndent`).
  ///
  /// The indentation common to the block's lines is removed where the block is written, and
  /// becomes the block's `lineIndent`, added back to each line wherever the block (or the
  /// content overriding it) is expanded. A block with unindented content keeps the indentation
  /// of its tag. Outer blocks are handled before the blocks nested in them.
  static func reindentStandaloneBlocks(_ tokens: inout [TemplateToken]) {
    for open in tokens.indices where tokens[open].kind == .block {
      guard let tagIndent = tokens[open].lineIndent, let close = closeIndex(of: open, in: tokens)
      else { continue }
      let content = open + 1..<close
      let common = commonIndent(of: tokens, in: content)
      if !common.isEmpty {
        removeIndent(common, from: &tokens, in: content)
      }
      tokens[open].lineIndent = common.isEmpty ? tagIndent : common
    }
  }

  /// The index of the tag closing the section opened at `open`, or `nil` if it is never closed.
  private static func closeIndex(of open: Int, in tokens: [TemplateToken]) -> Int? {
    var depth = 0
    for index in open..<tokens.endIndex {
      if tokens[index].opensSection {
        depth += 1
      } else if tokens[index].kind == .close {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }

  /// The longest whitespace prefix shared by every non-blank line in `range`.
  private static func commonIndent(of tokens: [TemplateToken], in range: Range<Int>) -> String {
    var common: String?
    for line in lineStarts(of: tokens, in: range) where !line.isBlank {
      common = common.map { String($0.prefix(sharedCount($0, line.indent))) } ?? line.indent
    }
    return common ?? ""
  }

  /// Removes `indent` (or as much of it as is there) from the start of every line in `range`.
  private static func removeIndent(
    _ indent: String, from tokens: inout [TemplateToken], in range: Range<Int>
  ) {
    for line in lineStarts(of: tokens, in: range) {
      let removed = sharedCount(line.indent, indent)
      if tokens[line.index].kind == .text {
        tokens[line.index].content.removeFirst(removed)
      } else if tokens[line.index].lineIndent != nil {
        tokens[line.index].lineIndent = String(line.indent.dropFirst(removed))
      }
    }
  }

  /// The token starting each line in `range` with that line's indentation: a text token's leading
  /// whitespace, or a standalone tag's `lineIndent`.
  ///
  /// A blank line is only whitespace.
  private static func lineStarts(
    of tokens: [TemplateToken], in range: Range<Int>
  ) -> [(index: Int, indent: String, isBlank: Bool)] {
    var starts: [(index: Int, indent: String, isBlank: Bool)] = []
    var atLineStart = true
    for index in range {
      let token = tokens[index]
      switch token.kind {
      case .newline:
        atLineStart = true
      case .text:
        if atLineStart {
          let indent = String(token.content.prefix(while: { $0 == " " || $0 == "\t" }))
          let next = index + 1 < range.upperBound ? tokens[index + 1].kind : .newline
          let isBlank = indent.count == token.content.count && next == .newline
          starts.append((index, indent, isBlank))
        }
        atLineStart = false
      default:
        guard atLineStart else { continue }
        if let lineIndent = token.lineIndent {
          starts.append((index, lineIndent, false))
        } else {
          starts.append((index, "", false))
          atLineStart = false
        }
      }
    }
    return starts
  }

  /// How many leading characters `text` shares with `prefix`.
  private static func sharedCount(_ text: String, _ prefix: String) -> Int {
    zip(text, prefix).prefix(while: { $0 == $1 }).count
  }
}
