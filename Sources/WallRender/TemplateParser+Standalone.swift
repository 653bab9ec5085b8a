extension TemplateParser {
  /// Removes standalone lines: a line holding only whitespace and non-interpolating tags
  /// (sections, comments, partials, parents, blocks, set-delimiters) loses its whitespace and its
  /// line break, and its tags remember the leading whitespace as `lineIndent`.
  ///
  /// A block opened and closed on one line (`  {{$b}}{{/b}}`) keeps its line break: its content
  /// is inline text that does not end in one (the spec's "Standalone block").
  static func removingStandaloneLines(_ tokens: [TemplateToken]) -> [TemplateToken] {
    var result: [TemplateToken] = []
    result.reserveCapacity(tokens.count)
    var lineStart = tokens.startIndex
    while lineStart < tokens.endIndex {
      var lineEnd = lineStart
      while lineEnd < tokens.endIndex, tokens[lineEnd].kind != .newline { lineEnd += 1 }
      let line = tokens[lineStart..<lineEnd]
      let newline = lineEnd < tokens.endIndex ? tokens[lineEnd] : nil
      if let indent = standaloneIndent(of: line) {
        let tags = line.filter { $0.kind != .text }
        result += tags.map { tag in
          var tag = tag
          tag.lineIndent = indent
          return tag
        }
        if let newline, isInlineBlock(tags) { result.append(newline) }
      } else {
        result += line
        if let newline { result.append(newline) }
      }
      lineStart = lineEnd + 1
    }
    return result
  }

  /// The whitespace before the first tag when `line` is standalone, or `nil`.
  private static func standaloneIndent(of line: ArraySlice<TemplateToken>) -> String? {
    var indent = ""
    var sawTag = false
    for token in line {
      if token.kind == .text {
        guard token.content.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        if !sawTag { indent += token.content }
      } else {
        guard token.mayStandAlone else { return nil }
        sawTag = true
      }
    }
    return sawTag ? indent : nil
  }

  /// Whether `tags` are exactly a block's open and close tag.
  private static func isInlineBlock(_ tags: [TemplateToken]) -> Bool {
    tags.count == 2 && tags[0].kind == .block && tags[1].kind == .close
      && tags[0].content == tags[1].content
  }
}
