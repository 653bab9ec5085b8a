/// A string or key that held a lone UTF-16 surrogate escape (`"\ud83d"`: a high surrogate
/// without its low one, or a low one alone), read with U+FFFD in its place.
///
/// JavaScript's `JSON.stringify` writes one for each half of an emoji cut in two (a text cut to
/// a length in UTF-16 units), so an export may hold them; RFC 8259 leaves them undefined.
public struct JSONLoneSurrogate: Sendable, Equatable, CustomStringConvertible {
  /// The keys leading from the value read to the string (to the object, for a key).
  public var path: [String]
  /// Whether it is a key of the object at `path`, not a string value.
  public var inKey: Bool

  /// Creates a record of a string read with U+FFFD for a lone surrogate.
  public init(path: [String], inKey: Bool = false) {
    self.path = path
    self.inKey = inKey
  }

  /// `the text of "comment" holds a lone UTF-16 surrogate escape (…); read with U+FFFD`.
  public var description: String {
    let place = "\"\(path.joined(separator: "."))\""
    let what =
      inKey
      ? (path.isEmpty ? "a key" : "a key in \(place)")
      : (path.isEmpty ? "the string" : "the text of \(place)")
    return what
      + " holds a lone UTF-16 surrogate escape (half of a character, as JavaScript writes an emoji"
      + " cut in two); read with U+FFFD in its place"
  }
}
