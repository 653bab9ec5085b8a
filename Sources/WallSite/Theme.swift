import Foundation
import WallRender
import WallSupport

/// The templates and static assets a site is rendered with: the built-in ones (compiled from
/// `Templates/` and `Public/`), with any file of a `--theme` folder replacing its namesake.
public struct Theme: Sendable {
  /// Template sources by name (file name without `.html`).
  public var templates: [String: String]
  /// Asset bytes by path relative to `assets/`.
  public var assets: [String: [UInt8]]
  /// The bytes of each language's texts (`Templates/i18n/<language>.json`), by language code
  /// (`UIStrings`).
  public var translations: [String: [UInt8]] = [:]
  /// The file each language of a `--theme` folder came from, by language code.
  public var translationFiles: [String: String] = [:]
  /// The file each template of a `--theme` folder came from, by template name, so that a
  /// template error names the file to fix; built-in templates are not listed.
  public var templateFiles: [String: String] = [:]
  /// Files of the `--theme` folder's `Templates/` that no template uses: not `.html`, or named
  /// after no built-in template and included by none (`{{>name}}`, `{{<name}}`), sorted.
  public var unusedTemplateFiles: [String] = []

  /// The built-in theme.
  public static let builtIn: Theme = {
    var theme = Theme(templates: [:], assets: [:])
    for (key, base64) in EmbeddedTheme.files {
      let bytes = Data(base64Encoded: base64).map { [UInt8]($0) } ?? []
      theme.add(key: key, bytes: bytes)
    }
    return theme
  }()

  /// Creates a theme from its parts.
  public init(templates: [String: String], assets: [String: [UInt8]]) {
    self.templates = templates
    self.assets = assets
  }

  /// The built-in theme overridden by the files of `folder` (`Templates/*.html`,
  /// `Public/**`), as a user's theme folder is laid out.
  /// - Throws: `ThemeError` when the folder is missing, has neither a `Templates/` nor a
  ///   `Public/` folder (a theme laid out wrongly would otherwise change nothing, silently), or a
  ///   file cannot be read.
  public static func loading(overridesFrom folder: String) throws(ThemeError) -> Theme {
    guard FileSystem.kind(of: folder) == .directory else { throw .notAFolder(path: folder) }
    let areas = ["Templates", "Public"].filter {
      FileSystem.kind(of: "\(folder)/\($0)") == .directory
    }
    guard !areas.isEmpty else { throw .noThemeFolders(path: folder) }
    var theme = builtIn
    var added: [(name: String, path: String)] = []
    for area in areas {
      for relative in listFiles(in: "\(folder)/\(area)") {
        let path = "\(folder)/\(area)/\(relative)"
        do {
          theme.add(
            key: "\(area)/\(relative)", bytes: try FileSystem.readFile(path, limit: 64 << 20))
        } catch {
          throw .unreadable(path: path, reason: error.reason)
        }
        if area == "Templates" { added.append((relative, path)) }
      }
    }
    let included = Self.includedNames(theme.templates.values)
    for (relative, path) in added {
      if let language = Self.translationLanguage(relative) {
        theme.translationFiles[language] = path
        continue
      }
      guard relative.hasSuffix(".html") else {
        theme.unusedTemplateFiles.append(path)
        continue
      }
      let name = String(relative.dropLast(5))
      theme.templateFiles[name] = path
      if builtIn.templates[name] == nil && !included.contains(name) {
        theme.unusedTemplateFiles.append(path)
      }
    }
    return theme
  }

  /// `error` naming the file of the `--theme` folder its template came from, or
  /// `Templates/NAME.html` for a built-in template.
  /// - Parameter error: An error of a template of this theme, which names the template.
  public func locating(_ error: TemplateError) -> TemplateError {
    var located = error
    located.template = templateFiles[error.template] ?? "Templates/\(error.template).html"
    return located
  }

  /// The names that partial (`{{>name}}`) and parent (`{{<name}}`) tags of `sources` include,
  /// read from the default delimiters only (enough to tell whether a file is used).
  static func includedNames(_ sources: some Sequence<String>) -> Set<String> {
    var names: Set<String> = []
    for source in sources {
      for opening in ["{{>", "{{<"] {
        for piece in source.components(separatedBy: opening).dropFirst() {
          guard let end = piece.range(of: "}}") else { continue }
          let name = piece[..<end.lowerBound].trimmingCharacters(in: .whitespaces)
          if !name.isEmpty { names.insert(name) }
        }
      }
    }
    return names
  }

  /// The language of a file of `Templates/` that holds texts (`i18n/fr.json` is "fr").
  static func translationLanguage(_ relative: String) -> String? {
    guard relative.hasPrefix("i18n/"), relative.hasSuffix(".json") else { return nil }
    let language = String(relative.dropFirst(5).dropLast(5))
    return language.isEmpty || language.contains("/") ? nil : language
  }

  private mutating func add(key: String, bytes: [UInt8]) {
    if key.hasPrefix("Templates/"),
      let language = Self.translationLanguage(String(key.dropFirst(10)))
    {
      translations[language] = bytes
    } else if key.hasPrefix("Templates/"), key.hasSuffix(".html") {
      templates[String(key.dropFirst(10).dropLast(5))] = String(decoding: bytes, as: UTF8.self)
    } else if key.hasPrefix("Public/") {
      assets[String(key.dropFirst(7))] = bytes
    }
  }

  private static func listFiles(in folder: String, prefix: String = "") -> [String] {
    FileSystem.contents(of: folder).filter { !$0.hasPrefix(".") }.flatMap { name -> [String] in
      let path = "\(folder)/\(name)"
      switch FileSystem.kind(of: path) {
      case .directory: return listFiles(in: path, prefix: prefix + name + "/")
      case .regular: return [prefix + name]
      default: return []
      }
    }
  }
}

/// A `--theme` folder that cannot be used.
public enum ThemeError: Error, Equatable, CustomStringConvertible {
  case notAFolder(path: String)
  case noThemeFolders(path: String)
  case unreadable(path: String, reason: String)

  public var description: String {
    switch self {
    case .notAFolder(let path): "\(path): the theme is not a folder"
    case .noThemeFolders(let path):
      "\(path): the theme has no Templates/ or Public/ folder, so it would change nothing; "
        + "put templates in \(path)/Templates/ and assets in \(path)/Public/"
    case .unreadable(let path, let reason): "\(path): \(reason)"
    }
  }
}
