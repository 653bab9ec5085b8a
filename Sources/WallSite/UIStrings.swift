import WallJSON
import WallRender

/// The text of a theme's pages in one language: `Templates/i18n/<language>.json` of the theme,
/// with every key it lacks taken from English (`Templates/i18n/en.json`).
///
/// A file maps each key to a string, or to plural forms (`{"one": "{count} photo", "other":
/// "{count} photos"}`) chosen by the language's rule (`pluralCategory`). `{name}` in a text is
/// replaced by the value of that name. Templates read the strings as `{{t.key}}`; the keys
/// starting with `script` go to the page's scripts too (`scriptText`). To add a text, add its key
/// to `en.json` (and to the other languages; a language without it shows the English).
public struct UIStrings: Sendable, Equatable {
  /// The language's code ("fr").
  public let language: String
  /// The file its texts come from ("Templates/i18n/fr.json", or a `--theme` folder's file).
  public let file: String
  /// Keys of English that the language's file lacks (shown in English), sorted.
  public let missingKeys: [String]
  /// Every text, by key.
  let entries: [String: Entry]
  /// The texts as templates read them (`{{t.key}}`): every key with a single text.
  public let templateValue: TemplateValue
  /// The texts the scripts of `Public/` show, as a JSON object: the keys starting with
  /// `script`, without that prefix ("scriptClose" is "close"); plural forms stay objects.
  public let scriptText: String

  /// A text, or the forms of a text that counts something.
  enum Entry: Sendable, Equatable {
    case text(String)
    case plural([String: String])
  }

  /// The language of sites that name none.
  public static let defaultLanguage = "en"

  /// The built-in theme's English.
  public static let english: UIStrings = {
    do {
      return try UIStrings(language: defaultLanguage, theme: .builtIn)
    } catch {
      preconditionFailure("the built-in Templates/i18n/en.json is valid: \(error)")
    }
  }()

  /// The texts of `language` in `theme`, completed from its English.
  /// - Parameters:
  ///   - language: A BCP 47 code such as "fr" or "fr-CA" (whose file is `fr-CA.json`, else
  ///     `fr.json`).
  ///   - theme: The theme whose `Templates/i18n/` files are read.
  /// - Throws: `LanguageError` when the code is malformed, the theme has no file for it, or a
  ///   file is not valid.
  public init(language: String, theme: Theme) throws(LanguageError) {
    guard Self.isWellFormed(language) else { throw .malformed(language: language) }
    let primary = String(language.prefix { $0 != "-" }).lowercased()
    let candidates = [language, primary, language.lowercased()]
    guard let found = candidates.first(where: { theme.translations[$0] != nil }) else {
      throw .unknown(language: language, known: theme.translations.keys.sorted())
    }
    var english: [String: Entry] = [:]
    if let builtIn = Theme.builtIn.translations[Self.defaultLanguage] {
      english = try Self.entries(builtIn, file: "Templates/i18n/en.json")
    }
    if let themed = theme.translations[Self.defaultLanguage],
      let path = theme.translationFiles[Self.defaultLanguage]
    {
      english.merge(try Self.entries(themed, file: path)) { $1 }
    }
    let file = theme.translationFiles[found] ?? "Templates/i18n/\(found).json"
    let own = try Self.entries(theme.translations[found] ?? [], file: file)
    self.language = language
    self.file = file
    missingKeys = english.keys.filter { own[$0] == nil }.sorted()
    entries = english.merging(own) { $1 }
    templateValue = Self.templateValue(entries)
    scriptText = Self.scriptText(entries)
  }

  /// The text of `key`, each `{name}` in it replaced by `values[name]`; the key itself when
  /// neither the language nor English has it.
  /// - Parameters:
  ///   - key: The text's key ("siteTitle").
  ///   - values: The values of its `{name}` placeholders.
  public func text(_ key: String, _ values: [String: String] = [:]) -> String {
    switch entries[key] {
    case .text(let text)?: Self.fill(text, values)
    case .plural(let forms)?: Self.fill(forms["other"] ?? key, values)
    case nil: key
    }
  }

  /// The form of `key` for `count` things, with `{count}` the number (grouped as the language
  /// writes it) and each other `{name}` replaced by `values[name]`.
  /// - Parameters:
  ///   - key: The text's key ("photoCount").
  ///   - count: How many.
  ///   - values: The values of its other placeholders.
  public func text(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
    var all = values
    all["count"] = number(count)
    guard case .plural(let forms)? = entries[key] else { return text(key, all) }
    let form = forms[Self.pluralCategory(language: language, count: count)] ?? forms["other"]
    return Self.fill(form ?? key, all)
  }

  /// `value` written with the language's thousands separator: "1,234", "1 234", "1.234".
  public func number(_ value: Int) -> String {
    let digits = String(value.magnitude)
    let separator = text("thousandsSeparator")
    var grouped = ""
    for (position, digit) in digits.enumerated() {
      if position > 0, (digits.count - position) % 3 == 0 { grouped += separator }
      grouped.append(digit)
    }
    return (value < 0 ? "-" : "") + grouped
  }

  /// The texts as templates read them (`{{t.key}}`): every key with a single text.
  private static func templateValue(_ entries: [String: Entry]) -> TemplateValue {
    let pairs = entries.sorted(by: { $0.key < $1.key }).compactMap {
      key, entry -> (String, TemplateValue)? in
      guard case .text(let text) = entry else { return nil }
      return (key, .string(text))
    }
    return .object(TemplateObject(pairs))
  }

  /// The texts the scripts of `Public/` show (keys starting with `script`, the prefix removed)
  /// as a JSON object; plural forms stay objects, keyed by CLDR category.
  private static func scriptText(_ entries: [String: Entry]) -> String {
    var members: [String: JSONValue] = [:]
    for (key, entry) in entries where key.hasPrefix("script") {
      let name = key.dropFirst(6)
      let short = (name.first.map { String($0).lowercased() } ?? "") + name.dropFirst()
      switch entry {
      case .text(let text): members[short] = .string(text)
      case .plural(let forms): members[short] = .object(forms.mapValues { .string($0) })
      }
    }
    return JSONValue.object(members).serialized
  }

  /// The CLDR plural category of `count` in `language`: "one" or "other" (French counts 0 and
  /// 1 as one; Japanese, Chinese and Korean have no singular; other languages count 1 as one).
  static func pluralCategory(language: String, count: Int) -> String {
    switch String(language.prefix { $0 != "-" }).lowercased() {
    case "ja", "zh", "ko", "th", "vi", "id": "other"
    case "fr", "pt": count == 0 || count == 1 ? "one" : "other"
    default: count == 1 ? "one" : "other"
    }
  }

  /// Whether `code` looks like a BCP 47 language tag: 2 or 3 letters, then `-` parts of 1 to 8
  /// letters or digits.
  /// - Parameter code: The code, such as "fr" or "pt-BR".
  public static func isWellFormed(_ code: String) -> Bool {
    let parts = code.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (2...3).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy {
      (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// `text` with each `{name}` that `values` names replaced by its value, in one pass: a value
  /// put in is not searched again, and a `{…}` of no given name stays as it is.
  ///
  /// Every wall page fills a few dozen texts (its pagination's labels), so this avoids
  /// Foundation's string search, which was a tenth of the render step's time.
  static func fill(_ text: String, _ values: [String: String]) -> String {
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    guard !values.isEmpty, text.utf8.contains(open) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    var rest = text[...]
    while let start = rest.utf8.firstIndex(of: open) {
      result += rest[..<start]
      let nameStart = rest.utf8.index(after: start)
      if let end = rest.utf8[nameStart...].firstIndex(of: close),
        let value = values[String(rest[nameStart..<end])]
      {
        result += value
        rest = rest[rest.utf8.index(after: end)...]
      } else {
        // Not a placeholder of a given name: keep the brace, look on from the next character.
        result += "{"
        rest = rest[nameStart...]
      }
    }
    result += rest
    return result
  }

  /// The entries of a language file.
  private static func entries(_ bytes: [UInt8], file: String) throws(LanguageError) -> [String:
    Entry]
  {
    let document: JSONValue
    do {
      document = try JSONReader.parse(bytes)
    } catch {
      throw .invalid(file: file, reason: error.description)
    }
    guard let members = document.objectValue else {
      throw .invalid(
        file: file, reason: "the file holds \(document.kindDescription), not an object of texts")
    }
    var entries: [String: Entry] = [:]
    for (key, value) in members {
      if let text = value.stringValue {
        entries[key] = .text(text)
        continue
      }
      guard let forms = value.objectValue, forms["other"] != nil else {
        throw .invalid(
          file: file,
          reason: "'\(key)' is \(value.kindDescription); a text is a string, or plural forms "
            + "such as {\"one\": \"{count} photo\", \"other\": \"{count} photos\"}")
      }
      var plural: [String: String] = [:]
      for (category, form) in forms {
        guard let text = form.stringValue else {
          throw .invalid(
            file: file, reason: "'\(key).\(category)' is \(form.kindDescription), not a string")
        }
        plural[category] = text
      }
      entries[key] = .plural(plural)
    }
    return entries
  }
}

/// A language a site cannot be made in.
public enum LanguageError: Error, Equatable, CustomStringConvertible {
  /// The code is no language tag.
  case malformed(language: String)
  /// The theme has no texts in that language.
  case unknown(language: String, known: [String])
  /// A language file is not valid.
  case invalid(file: String, reason: String)

  public var description: String {
    switch self {
    case .malformed(let language):
      "language '\(language)' is not a language code like 'fr' or 'pt-BR'"
    case .unknown(let language, let known):
      "no texts for language '\(language)'; the theme has "
        + known.joined(separator: ", ")
        + "; add Templates/i18n/\(language).json to a --theme folder"
    case .invalid(let file, let reason): "\(file): \(reason)"
    }
  }
}
