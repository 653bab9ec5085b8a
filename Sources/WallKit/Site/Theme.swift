import Foundation

/// The templates and static assets a site is rendered with: the built-in ones (compiled from
/// `Templates/` and `Public/`), with any file of a `--theme` folder replacing its namesake.
public struct Theme: Sendable {
  /// Template sources by name (file name without `.html`).
  public var templates: [String: String]
  /// Asset bytes by path relative to `assets/`.
  public var assets: [String: [UInt8]]

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
    for area in areas {
      for relative in listFiles(in: "\(folder)/\(area)") {
        let path = "\(folder)/\(area)/\(relative)"
        do {
          theme.add(
            key: "\(area)/\(relative)", bytes: try FileSystem.readFile(path, limit: 64 << 20))
        } catch {
          throw .unreadable(path: path, reason: error.reason)
        }
      }
    }
    return theme
  }

  private mutating func add(key: String, bytes: [UInt8]) {
    if key.hasPrefix("Templates/"), key.hasSuffix(".html") {
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
