/// A tag whose name no value of its template's data ever has, so it always renders as
/// nothing: most likely a typo (`{{owner.nmae}}`).
///
/// Printed like a compiler diagnostic:
/// `wall:9:5: warning: unknown name 'owner.nmae', which renders as nothing; did you mean 'owner.name'?`
public struct TemplateNameWarning: Sendable, Equatable, CustomStringConvertible {
  /// The template holding the tag (a file name once a theme locates it).
  public var template: String
  /// The 1-based line of the tag.
  public var line: Int
  /// The 1-based column (in Unicode scalars) of the tag.
  public var column: Int
  /// The dotted name, as written (`.` for the current value).
  public var name: String
  /// The closest name the data has, if one is close.
  public var suggestion: String?

  /// Creates a warning.
  /// - Parameters:
  ///   - template: The template holding the tag.
  ///   - line: Its 1-based line.
  ///   - column: Its 1-based column.
  ///   - name: The unknown name.
  ///   - suggestion: The closest known name, if any.
  public init(template: String, line: Int, column: Int, name: String, suggestion: String?) {
    self.template = template
    self.line = line
    self.column = column
    self.name = name
    self.suggestion = suggestion
  }

  /// The warning as a compiler prints one: `template:line:column: warning: …`.
  public var description: String {
    "\(template):\(line):\(column): warning: unknown name '\(name)', which renders as nothing"
      + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
  }
}
