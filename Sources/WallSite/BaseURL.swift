import Foundation
import WallReport

/// The address a site is published at (`--base-url`): an absolute `http` or `https` URL,
/// normalised to end with a slash, that site-relative paths are appended to.
///
/// The scheme and host are lower-cased; the path is kept as given, with a `/` added at its
/// end. A URL with no host, a user name or password, a query or a fragment, or any space or
/// control character, is refused: none of them makes sense in front of `walls/<id>/`.
public struct BaseURL: Sendable, Equatable, CustomStringConvertible {
  /// The normalised URL, ending with `/` (`https://example.org/walls-site/`).
  public let string: String

  /// Parses and normalises `text`.
  /// - Parameter text: The URL as given (`https://Example.org/site`).
  /// - Throws: `BaseURLError` quoting `text` and saying what is wrong with it.
  public init(_ text: String) throws(BaseURLError) {
    func refuse(_ reason: String) -> BaseURLError { BaseURLError(value: text, reason: reason) }
    guard
      !text.unicodeScalars.contains(where: {
        $0.properties.isWhitespace || $0.properties.generalCategory == .control
      })
    else { throw refuse("it holds a space or a control character") }
    guard let separator = text.range(of: "://") else {
      throw refuse("it is not an absolute URL; write it as https://example.org/")
    }
    let scheme = text[..<separator.lowerBound].lowercased()
    guard scheme == "http" || scheme == "https" else {
      throw refuse("its scheme is '\(scheme)', not http or https")
    }
    let rest = text[separator.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    var path = String(rest.dropFirst(authority.count))
    guard !authority.isEmpty else { throw refuse("it names no host") }
    guard !authority.contains("@") else {
      throw refuse("it holds a user name or password, which every link would show")
    }
    guard !path.contains("?"), !path.contains("#") else {
      throw refuse("it has a query or a fragment ('?' or '#'), which no link can follow")
    }
    guard let parsed = URLComponents(string: text), let host = parsed.host, !host.isEmpty else {
      throw refuse("it is not a valid URL")
    }
    if !path.hasSuffix("/") { path += "/" }
    string = "\(scheme)://\(authority.lowercased())\(path)"
  }

  /// The absolute URL of a site-relative path (`walls/x/index.html`).
  /// - Parameter path: A path relative to the site's root, without a leading `/`.
  public func resolving(_ path: String) -> String {
    string + (path.hasPrefix("/") ? String(path.dropFirst()) : path)
  }

  public var description: String { string }
}

/// Why a `--base-url` value was refused.
public struct BaseURLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The value as given.
  public var value: String
  /// What is wrong with it.
  public var reason: String

  /// Creates the error.
  public init(value: String, reason: String) {
    self.value = value
    self.reason = reason
  }

  public var description: String {
    "the base URL '\(TerminalText.escaped(value))' is refused: \(reason); it must be an absolute http:// or https:// "
      + "URL such as https://example.org/walls/"
  }
}
