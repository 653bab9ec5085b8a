/// A template that cannot be parsed or rendered, with the place in the template that is at fault.
///
/// Printed like a compiler diagnostic: `wall:12:5: error: unclosed section 'friends'`.
public struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The name of the template, as given to ``TemplateLibrary``.
  public var template: String
  /// The 1-based line of the offending tag; 0 when the error is not about a place in a template.
  public var line: Int
  /// The 1-based column (in Unicode scalars) of the offending tag; 0 along with `line`.
  public var column: Int
  /// What is wrong.
  public var reason: Reason

  /// Creates an error.
  /// - Parameters:
  ///   - template: The name of the template.
  ///   - line: The 1-based line, or 0 when the error has no place.
  ///   - column: The 1-based column, or 0 when the error has no place.
  ///   - reason: What is wrong.
  public init(template: String, line: Int, column: Int, reason: Reason) {
    self.template = template
    self.line = line
    self.column = column
    self.reason = reason
  }

  /// `name:line:column: error: reason`, or `name: error: reason` when there is no place.
  public var description: String {
    "\(place): error: \(reason)"
  }

  /// `name:line:column: reason`, or `name: reason`: for messages that say "error" themselves.
  public var located: String {
    "\(place): \(reason)"
  }

  /// `name:line:column`, or `name` when there is no place.
  private var place: String {
    line > 0 ? "\(template):\(line):\(column)" : template
  }

  /// The ways a template can be wrong.
  public enum Reason: Equatable, Sendable, CustomStringConvertible {
    /// A tag opened but its closing delimiter (the associated value) never came.
    case unclosedTag(expected: String)
    /// A tag whose closing delimiter (`expected`) is missing: the next tag (its opening
    /// delimiter `nextTag`, on line `nextLine`) starts before any. `excerpt` is the tag as far
    /// as the end of its line.
    case tagNotClosed(String, expected: String, nextTag: String, nextLine: Int)
    /// A tag with nothing to name, such as `{{#}}`.
    case emptyTag
    /// A section, inverted section, parent or block that is never closed.
    case unclosedSection(String)
    /// A close tag (`found`) that does not match the innermost open section (`expected`).
    case mismatchedClose(expected: String, found: String)
    /// A close tag with no section open.
    case unexpectedClose(String)
    /// A set-delimiter tag whose content (the associated value) is not two delimiters.
    case invalidDelimiters(String)
    /// ``TemplateLibrary/render(_:_:)`` was asked for a template it does not hold.
    case templateNotFound(String)
    /// Templates that include each other unconditionally, as a chain `a -> b -> a`.
    case inclusionCycle([String])
    /// Partials or parents nested deeper than the limit while rendering, ending in this chain.
    case inclusionTooDeep(limit: Int, chain: [String])

    /// One sentence that quotes the offending value.
    public var description: String {
      switch self {
      case .unclosedTag(let expected): "unclosed tag, expected '\(expected)'"
      case .tagNotClosed(let excerpt, let expected, let nextTag, let nextLine):
        "tag '\(excerpt)' is not closed: expected '\(expected)' before the next '\(nextTag)' "
          + "on line \(nextLine)"
      case .emptyTag: "tag has no name"
      case .unclosedSection(let name): "unclosed section '\(Self.readable(name))'"
      case .mismatchedClose(let expected, let found):
        "close tag '\(Self.readable(found))' does not match open section "
          + "'\(Self.readable(expected))'"
      case .unexpectedClose(let name): "close tag '\(Self.readable(name))' has no open section"
      case .invalidDelimiters(let content): "invalid set-delimiter tag '\(Self.readable(content))'"
      case .templateNotFound(let name): "no template named '\(name)'"
      case .inclusionCycle(let chain):
        "templates include each other forever: '\(chain.joined(separator: " -> "))'"
      case .inclusionTooDeep(let limit, let chain):
        "templates nest deeper than \(limit) levels: '\(chain.joined(separator: " -> "))'"
      }
    }

    /// `text` on one line, as a message quotes it: each line break shown as `⏎`, and at most
    /// 40 characters (the rest cut to `…`).
    static func readable(_ text: String) -> String {
      // "\r\n" is one Character in Swift, so each line break becomes one mark.
      let flat = String(text.map { $0.isNewline ? "⏎" : $0 })
      return flat.count > 40 ? String(flat.prefix(39)) + "…" : flat
    }
  }
}
