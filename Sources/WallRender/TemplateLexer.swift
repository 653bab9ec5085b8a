/// Splits template source into text, line breaks and tags, following set-delimiter tags.
struct TemplateLexer {
  private let name: String
  private let source: [UInt8]
  private var offset = 0
  private var openDelimiter = Array("{{".utf8)
  private var closeDelimiter = Array("}}".utf8)
  private var tokens: [TemplateToken] = []
  private var cursor = (offset: 0, line: 1, column: 1)

  /// Prepares to lex `source`; `name` is used in errors.
  init(name: String, source: String) {
    self.name = name
    self.source = Array(source.utf8)
  }

  /// Returns every token of the source in order.
  mutating func lex() throws(TemplateError) -> [TemplateToken] {
    while offset < source.count {
      guard let tagStart = find(openDelimiter, from: offset) else {
        appendText(upTo: source.count)
        break
      }
      appendText(upTo: tagStart)
      try lexTag(at: tagStart)
    }
    return tokens
  }

  /// Appends text and newline tokens for `offset..<end` and moves past it.
  private mutating func appendText(upTo end: Int) {
    var runStart = offset
    var index = offset
    while index < end {
      if source[index] == UInt8(ascii: "\n") {
        let isCRLF = index > runStart && source[index - 1] == UInt8(ascii: "\r")
        let textEnd = isCRLF ? index - 1 : index
        appendToken(.text, from: runStart, to: textEnd)
        appendToken(.newline, from: textEnd, to: index + 1)
        runStart = index + 1
      }
      index += 1
    }
    appendToken(.text, from: runStart, to: end)
    offset = end
  }

  private mutating func appendToken(_ kind: TemplateToken.Kind, from start: Int, to end: Int) {
    guard start < end else { return }
    let content = String(decoding: source[start..<end], as: UTF8.self)
    tokens.append(TemplateToken(kind: kind, content: content, location: location(at: start)))
  }

  /// Lexes the tag whose opening delimiter starts at `start`.
  private mutating func lexTag(at start: Int) throws(TemplateError) {
    let location = location(at: start)
    let contentStart = start + openDelimiter.count
    let sigil = contentStart < source.count ? source[contentStart] : 0
    let kind: TemplateToken.Kind
    let terminator: [UInt8]
    switch sigil {
    case UInt8(ascii: "{"):
      (kind, terminator) = (.variable(escaped: false), [UInt8(ascii: "}")] + closeDelimiter)
    case UInt8(ascii: "="): (kind, terminator) = (.setDelimiters, [sigil] + closeDelimiter)
    case UInt8(ascii: "&"): (kind, terminator) = (.variable(escaped: false), closeDelimiter)
    case UInt8(ascii: "#"): (kind, terminator) = (.section, closeDelimiter)
    case UInt8(ascii: "^"): (kind, terminator) = (.invertedSection, closeDelimiter)
    case UInt8(ascii: "/"): (kind, terminator) = (.close, closeDelimiter)
    case UInt8(ascii: "!"): (kind, terminator) = (.comment, closeDelimiter)
    case UInt8(ascii: ">"): (kind, terminator) = (.partial, closeDelimiter)
    case UInt8(ascii: "<"): (kind, terminator) = (.parent, closeDelimiter)
    case UInt8(ascii: "$"): (kind, terminator) = (.block, closeDelimiter)
    default: (kind, terminator) = (.variable(escaped: true), closeDelimiter)
    }
    let nameStart = kind == .variable(escaped: true) ? contentStart : contentStart + 1
    guard let end = find(terminator, from: min(nameStart, source.count)) else {
      if kind == .setDelimiters, let end = find(closeDelimiter, from: nameStart) {
        throw error(at: location, .invalidDelimiters(trimmed(nameStart..<end)))
      }
      throw error(at: location, .unclosedTag(expected: String(decoding: terminator, as: UTF8.self)))
    }
    if kind != .comment && kind != .setDelimiters,
      let next = find(openDelimiter, from: min(nameStart, source.count)), next < end
    {
      // `{{name` whose `}}` is missing: the `}}` found belongs to a later tag. Said here, where
      // the tag opens, not where the tags it swallowed leave the sections unbalanced.
      throw tagNotClosed(at: start, location: location, next: next, terminator: terminator)
    }
    let content = trimmed(nameStart..<end)
    offset = end + terminator.count
    if kind == .setDelimiters {
      try setDelimiters(content, at: location)
    } else if content.isEmpty && kind != .comment {
      throw error(at: location, .emptyTag)
    }
    tokens.append(TemplateToken(kind: kind, content: content, location: location))
  }

  /// The error for the tag at `start` that the next tag, at `next`, begins inside: it quotes
  /// the tag as far as the end of its line (at most `excerptLength` characters).
  private mutating func tagNotClosed(
    at start: Int, location: SourceLocation, next: Int, terminator: [UInt8]
  ) -> TemplateError {
    var end = start
    while end < next, source[end] != UInt8(ascii: "\n"), source[end] != UInt8(ascii: "\r") {
      end += 1
    }
    var excerpt = String(decoding: source[start..<end], as: UTF8.self)
    while let last = excerpt.last, last == " " || last == "\t" { excerpt.removeLast() }
    if excerpt.count > Self.excerptLength {
      excerpt = String(excerpt.prefix(Self.excerptLength - 1)) + "…"
    }
    let nextLine = self.location(at: next).line
    return error(
      at: location,
      .tagNotClosed(
        excerpt, expected: String(decoding: terminator, as: UTF8.self),
        nextTag: String(decoding: openDelimiter, as: UTF8.self), nextLine: nextLine))
  }

  /// The most characters of a tag an error quotes.
  static let excerptLength = 40

  /// Applies the content of a set-delimiter tag, such as `<% %>`.
  private mutating func setDelimiters(_ content: String, at location: SourceLocation)
    throws(TemplateError)
  {
    let parts = content.split(whereSeparator: {
      $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r"
    })
    guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
      throw error(at: location, .invalidDelimiters(content))
    }
    openDelimiter = Array(parts[0].utf8)
    closeDelimiter = Array(parts[1].utf8)
  }

  /// The source bytes in `range` as a string without leading and trailing whitespace.
  private func trimmed(_ range: Range<Int>) -> String {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper, Self.isWhitespace(source[lower]) { lower += 1 }
    while upper > lower, Self.isWhitespace(source[upper - 1]) { upper -= 1 }
    return String(decoding: source[lower..<upper], as: UTF8.self)
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  /// The first offset at or after `start` where `needle` occurs, or `nil`.
  private func find(_ needle: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, source.count >= needle.count else { return nil }
    var index = start
    let last = source.count - needle.count
    while index <= last {
      if source[index] == first, source[index..<index + needle.count].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }

  /// The line and column of `offset`; offsets must be asked for in increasing order.
  private mutating func location(at offset: Int) -> SourceLocation {
    while cursor.offset < offset {
      let byte = source[cursor.offset]
      if byte == UInt8(ascii: "\n") {
        cursor.line += 1
        cursor.column = 1
      } else if byte & 0xC0 != 0x80 {
        cursor.column += 1
      }
      cursor.offset += 1
    }
    return SourceLocation(line: cursor.line, column: cursor.column)
  }

  private func error(at location: SourceLocation, _ reason: TemplateError.Reason) -> TemplateError {
    TemplateError(template: name, line: location.line, column: location.column, reason: reason)
  }
}
