/// A position in a template's source: 1-based line and column (in Unicode scalars).
struct SourceLocation: Equatable, Sendable {
  var line: Int
  var column: Int
}

/// One lexical unit of a template: a run of text, a line break, or a tag.
struct TemplateToken: Equatable, Sendable {
  /// What the token is; tags are told apart by their sigil.
  enum Kind: Equatable, Sendable {
    /// Literal text, never containing a line break.
    case text
    /// `\n` or `\r\n`.
    case newline
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
    case variable(escaped: Bool)
    /// `{{#name}}`
    case section
    /// `{{^name}}`
    case invertedSection
    /// `{{/name}}`
    case close
    /// `{{! … }}`
    case comment
    /// `{{>name}}` or `{{>*name}}`
    case partial
    /// `{{<name}}` or `{{<*name}}`
    case parent
    /// `{{$name}}`
    case block
    /// `{{=<% %>=}}`
    case setDelimiters
  }

  var kind: Kind
  /// The literal text, or the tag's content with surrounding whitespace trimmed.
  var content: String
  /// Where the token starts (for a tag, its opening delimiter).
  var location: SourceLocation
  /// For a tag on a standalone line, the whitespace that began the line; `nil` otherwise.
  ///
  /// For a standalone block, the parser replaces it with the block's expansion indentation.
  var lineIndent: String? = nil

  /// Whether this tag may stand alone on a line that is then removed from the output.
  var mayStandAlone: Bool {
    switch kind {
    case .text, .newline, .variable: false
    case .section, .invertedSection, .close, .comment, .partial, .parent, .block, .setDelimiters:
      true
    }
  }

  /// Whether this tag opens a section that a `{{/name}}` tag closes.
  var opensSection: Bool {
    switch kind {
    case .section, .invertedSection, .parent, .block: true
    default: false
    }
  }
}
