/// A node of a parsed template: the tree the renderer walks.
enum TemplateNode: Equatable, Sendable {
  /// Literal template text, possibly spanning lines.
  case text(String)
  /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`; an empty path is the implicit iterator `.`.
  /// `at` is the tag's place, for warnings about its name.
  case variable(path: [String], escaped: Bool, at: SourceLocation)
  /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when `inverted`; `at` is the open tag's
  /// place.
  case section(path: [String], inverted: Bool, children: [TemplateNode], at: SourceLocation)
  /// `{{>name}}`: another template rendered in place.
  case partial(TemplateInclusion)
  /// `{{<name}}…{{/name}}`: another template rendered with these block overrides.
  case parent(TemplateInclusion, overrides: [String: [TemplateNode]])
  /// `{{$name}}default{{/name}}`: a place a caller may override.
  /// `indent` is set when the block is standalone and is added to each of its lines.
  case block(name: String, indent: String?, children: [TemplateNode])
}

/// Where a partial or parent tag includes another template, and how.
struct TemplateInclusion: Equatable, Sendable {
  /// How the included template is named.
  enum Target: Equatable, Sendable {
    /// `{{>name}}`: a literal name.
    case named(String)
    /// `{{>*path}}`: the name is the string found at `path` in the context.
    case dynamic(path: [String])
  }

  var target: Target
  /// For a standalone tag, the whitespace before it, added to each line of the included template.
  var indent: String?
  /// The template holding the tag, for errors.
  var template: String
  /// The tag's place, for errors.
  var location: SourceLocation
}
