/// Builds the node tree of one template from its tokens.
///
/// First removes standalone lines (see `TemplateParser+Standalone.swift`), then re-indents
/// standalone blocks (`TemplateParser+BlockIndentation.swift`), then nests sections.
struct TemplateParser {
  /// A section, parent or block that is open while its content is parsed.
  private struct OpenSection {
    var tag: TemplateToken
    var nodes: [TemplateNode] = []
  }

  private let name: String
  private var tokens: [TemplateToken]
  private var root: [TemplateNode] = []
  private var open: [OpenSection] = []
  private var pendingText = ""

  /// Prepares to parse the tokens of the template called `name`.
  init(name: String, tokens: [TemplateToken]) {
    self.name = name
    self.tokens = tokens
  }

  /// Returns the template's top-level nodes.
  mutating func parse() throws(TemplateError) -> [TemplateNode] {
    tokens = Self.removingStandaloneLines(tokens)
    Self.reindentStandaloneBlocks(&tokens)
    for token in tokens {
      switch token.kind {
      case .text, .newline:
        pendingText += token.content
      case .comment, .setDelimiters:
        continue
      case .variable(let escaped):
        append(.variable(path: Self.path(token.content), escaped: escaped, at: token.location))
      case .partial:
        append(.partial(inclusion(token)))
      case .section, .invertedSection, .parent, .block:
        flushText()
        open.append(OpenSection(tag: token))
      case .close:
        try close(token)
      }
    }
    if let unclosed = open.last {
      throw error(at: unclosed.tag.location, .unclosedSection(unclosed.tag.content))
    }
    flushText()
    return root
  }

  private mutating func close(_ token: TemplateToken) throws(TemplateError) {
    flushText()
    guard let section = open.popLast() else {
      throw error(at: token.location, .unexpectedClose(token.content))
    }
    guard section.tag.content == token.content else {
      throw error(
        at: token.location, .mismatchedClose(expected: section.tag.content, found: token.content))
    }
    let tag = section.tag
    switch tag.kind {
    case .parent:
      var overrides: [String: [TemplateNode]] = [:]
      for case .block(let name, _, let children) in section.nodes where overrides[name] == nil {
        overrides[name] = children
      }
      append(.parent(inclusion(tag), overrides: overrides))
    case .block:
      append(.block(name: tag.content, indent: tag.lineIndent, children: section.nodes))
    default:
      let inverted = tag.kind == .invertedSection
      append(
        .section(
          path: Self.path(tag.content), inverted: inverted, children: section.nodes,
          at: tag.location))
    }
  }

  private mutating func append(_ node: TemplateNode) {
    flushText()
    if open.isEmpty {
      root.append(node)
    } else {
      open[open.count - 1].nodes.append(node)
    }
  }

  /// Moves the text gathered since the last tag into the tree as one node.
  private mutating func flushText() {
    guard !pendingText.isEmpty else { return }
    let text = pendingText
    pendingText = ""
    append(.text(text))
  }

  private func inclusion(_ tag: TemplateToken) -> TemplateInclusion {
    let target: TemplateInclusion.Target
    if tag.content.hasPrefix("*") {
      let name = tag.content.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
      target = .dynamic(path: Self.path(String(name)))
    } else {
      target = .named(tag.content)
    }
    return TemplateInclusion(
      target: target, indent: tag.lineIndent, template: name, location: tag.location)
  }

  /// Splits a dotted name into its parts; `.` is the empty path (the top of the context stack).
  private static func path(_ name: String) -> [String] {
    name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  private func error(at location: SourceLocation, _ reason: TemplateError.Reason) -> TemplateError {
    TemplateError(template: name, line: location.line, column: location.column, reason: reason)
  }
}
