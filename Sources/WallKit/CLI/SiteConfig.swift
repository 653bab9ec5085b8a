import WallImport
import WallJSON
import WallSite
import WallSupport

/// A site's configuration file, `wallgen.json`: what a site says about itself (its title,
/// description and address) and the rendering options its owner wants each time.
///
/// ```json
/// {"title": "Our walls", "description": "Photos of the class of 2014",
///  "language": "fr", "timeZone": "Europe/Paris", "baseURL": "https://example.org/walls/",
///  "pageSize": 20, "exclude": {"users": ["u1", "bob"], "images": ["i9"]},
///  "rotateLinks": {"u7": 1}}
/// ```
///
/// Every key may be left out. Options given on the command line override the file. A key the
/// file does not know, a value of the wrong kind, or a value out of range is an error naming the
/// file, the key and the reason (exit 64), so that a typo never goes unnoticed.
struct SiteConfig: Sendable, Equatable {
  /// The index's title.
  var title: String?
  /// A sentence about the site.
  var description: String?
  /// The language of the pages (`--language`).
  var language: String?
  /// The time zone of shown dates (`--timezone`).
  var timeZone: String?
  /// The site's address (`--base-url`), as given.
  var baseURL: BaseURL?
  /// Images per wall page (`--page-size`).
  var pageSize: Int?
  /// The takedown list: the people and images left out (`"exclude"`).
  var exclusion = ExportExclusion()
  /// The people whose private link was replaced, and how many times (`"rotateLinks"`).
  var linkRotations = LinkRotations()

  /// The file read when `--config` names none, in the current folder.
  static let fileName = "wallgen.json"
  /// The keys a configuration file may hold, in the order the documentation lists them.
  static let keys = [
    "title", "description", "language", "timeZone", "baseURL", "pageSize", "exclude",
    "rotateLinks",
  ]
  /// The page sizes accepted (`--page-size` too).
  static let pageSizes = 1...10_000
  /// The largest configuration file read.
  static let maximumBytes = 1 << 20

  /// An empty configuration: every setting from the command line or the defaults.
  init() {}

  /// Reads a configuration file's text.
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - file: The file's name, for errors.
  /// - Throws: `UsageError` naming the file and, where there is one, the key.
  init(_ bytes: [UInt8], file: String) throws(UsageError) {
    let reader = JSONReader(bytes)
    let document: JSONValue
    do {
      document = try reader.document()
    } catch {
      throw UsageError("\(file):\(error.line):\(error.column): \(error.reason)")
    }
    if let repeated = reader.repeatedKeys.first {
      throw UsageError("\(file): key '\(repeated.key)' is given twice")
    }
    guard let members = document.objectValue else {
      throw UsageError(
        "\(file): the configuration is \(document.kindDescription), not an object of settings "
          + "such as {\"title\": \"Our walls\"}")
    }
    for key in members.keys.sorted() where !Self.keys.contains(key) {
      let close = EditDistance.closest(to: key, in: Self.keys, limit: 1).first
      throw UsageError(
        "\(file): unknown key '\(key)'"
          + (close.map { "; did you mean '\($0)'?" } ?? "")
          + " (the keys are \(Self.keys.joined(separator: ", ")))")
    }
    func text(_ key: String) throws(UsageError) -> String? {
      guard let value = members[key] else { return nil }
      guard let text = value.stringValue else {
        throw UsageError("\(file): '\(key)' must be a string, not \(value.kindDescription)")
      }
      return text
    }
    title = try text("title")
    description = try text("description")
    language = try text("language")
    if let language, !UIStrings.isWellFormed(language) {
      throw UsageError(
        "\(file): 'language' must be a language code like \"fr\" or \"pt-BR\", not \"\(language)\"")
    }
    timeZone = try text("timeZone")
    if let timeZone {
      do {
        _ = try DisplayTimeZone(timeZone)
      } catch {
        throw UsageError("\(file): 'timeZone': \(error.message)")
      }
    }
    if let address = try text("baseURL") {
      guard let base = try? BaseURL(address) else {
        throw UsageError(
          "\(file): 'baseURL' must be an absolute http:// or https:// address, not \"\(address)\"")
      }
      baseURL = base
    }
    if let value = members["pageSize"] {
      guard let number = value.integerValue, let size = Int(exactly: number),
        Self.pageSizes.contains(size)
      else {
        throw UsageError(
          "\(file): 'pageSize' must be a whole number from \(Self.pageSizes.lowerBound) to "
            + "\(NumberText.grouped(Self.pageSizes.upperBound)), not "
            + (value.integerValue != nil || value.doubleValue != nil
              ? value.serialized : value.kindDescription))
      }
      pageSize = size
    }
    if let value = members["exclude"] {
      exclusion = try Self.exclusion(value, file: file)
    }
    if let value = members["rotateLinks"] {
      linkRotations = try Self.linkRotations(value, file: file)
    }
  }

  /// The configuration `named` (`--config`), else `wallgen.json` in the current folder when
  /// there is one, else none.
  /// - Parameter named: The file `--config` names, if any.
  /// - Returns: The configuration; empty when no file is named and the default one is absent.
  /// - Throws: `UsageError` when the file cannot be read or is not valid.
  static func load(named: String?) throws(UsageError) -> SiteConfig {
    let path = named ?? fileName
    if named == nil, FileSystem.kind(of: path) == .missing { return SiteConfig() }
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readFile(path, limit: maximumBytes)
    } catch {
      throw UsageError("cannot read the configuration file: \(error)")
    }
    return try SiteConfig(bytes, file: path)
  }
}
