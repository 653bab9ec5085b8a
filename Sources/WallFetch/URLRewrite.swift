/// A `--rewrite OLD=NEW` rule: a URL starting with `old` is asked for at `new` instead.
public struct URLRewrite: Sendable, Equatable {
  /// The prefix replaced.
  public var old: String
  /// What replaces it.
  public var new: String

  /// Creates a rule.
  public init(old: String, new: String) {
    self.old = old
    self.new = new
  }

  /// Reads `OLD=NEW` (split at the first `=`); nil when there is no `=` or `OLD` is empty.
  public init?(parsing text: String) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
    self.init(old: String(text[..<equals]), new: String(text[text.index(after: equals)...]))
  }

  /// `url` with the longest matching prefix among `rules` replaced; unchanged when none
  /// matches.
  public static func apply(_ rules: [URLRewrite], to url: String) -> String {
    let matching = rules.filter { url.hasPrefix($0.old) }
    guard let rule = matching.max(by: { $0.old.count < $1.old.count }) else { return url }
    return rule.new + url.dropFirst(rule.old.count)
  }
}
