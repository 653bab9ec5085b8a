/// The language a site is written in: its texts (`UIStrings`) and how it shows dates
/// (`DateStyle`), made once per build.
public struct SiteLanguage: Sendable, Equatable {
  /// The texts of the theme in the language, completed from English.
  public let strings: UIStrings
  /// Dates in the language, with the separator its texts give.
  public let dates: DateStyle

  /// The language of `strings`.
  /// - Parameter strings: The theme's texts in the language.
  public init(_ strings: UIStrings) {
    self.strings = strings
    dates = DateStyle(
      language: strings.language, separator: strings.text("dateTimeSeparator"))
  }

  /// The built-in theme in English.
  public static let english = SiteLanguage(.english)

  /// The language's code, as `<html lang>` gives it ("fr").
  public var code: String { strings.language }
}

/// What a site says about itself, from the configuration file or the command line: its title,
/// its description, and the address it is published at.
public struct SiteIdentity: Sendable, Equatable {
  /// The title of the index ("All walls" in the site's language when nil).
  public var title: String?
  /// A sentence about the site, shown under the index's title and in its metadata.
  public var description: String?
  /// The absolute `http(s)` address of the site's root, ending with `/`; public pages carry
  /// `og:` metadata (for link previews) only when it is known.
  public var baseURL: BaseURL?

  /// A site with no title, description or address of its own.
  public init(title: String? = nil, description: String? = nil, baseURL: BaseURL? = nil) {
    self.title = title
    self.description = description
    self.baseURL = baseURL
  }
}
