import Foundation

/// Locates the shared test corpus `<x>/shared/testdata`.
///
/// The corpus sits beside the checkout (`<x>/main` or `<x>/wt-*`); it is found from this
/// file's `#filePath`, never the working directory.
public enum SharedTestData {
  /// The `shared/testdata` directory, or `nil` when it is not beside the checkout.
  ///
  /// `WALLGEN_TESTDATA=<folder>` points elsewhere; a folder that does not exist shows what
  /// `swift test` does without the corpus (the tests that need it skip, saying why).
  public static let root: URL? = {
    if let override = ProcessInfo.processInfo.environment["WALLGEN_TESTDATA"] {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: override, isDirectory: &isDirectory)
      return exists && isDirectory.boolValue ? URL(fileURLWithPath: override) : nil
    }
    return locate(from: #filePath)
  }()

  /// True when `relative` exists inside the corpus; use as
  /// `.enabled(if: SharedTestData.has("pngsuite"), "needs ../shared/testdata/pngsuite")`.
  /// - Parameter relative: A file or folder such as `"pngsuite"` or `"parse/parsecom-2014"`.
  public static func has(_ relative: String) -> Bool {
    url(relative) != nil
  }

  /// The path of a file or folder inside `shared/testdata`, or `nil` when absent.
  /// - Parameter relative: A path such as `"graphs/facebook_combined.txt"`.
  public static func path(_ relative: String) -> String? {
    url(relative)?.path
  }

  /// The URL of a file inside `shared/testdata`, or `nil` when the corpus or file is absent.
  /// - Parameter relative: A path such as `"pngsuite/expected.tsv"`.
  public static func url(_ relative: String) -> URL? {
    guard let root else { return nil }
    let url = root.appendingPathComponent(relative)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// The bytes of a file inside `shared/testdata`, or `nil` when absent or unreadable.
  /// - Parameter relative: A path such as `"jpeg/libjpeg-turbo/testorig.jpg"`.
  public static func bytes(_ relative: String) -> [UInt8]? {
    guard let url = url(relative), let data = try? Data(contentsOf: url) else { return nil }
    return [UInt8](data)
  }

  /// The rows of a tab-separated file with a header line, keyed by column name.
  ///
  /// Returns no rows when the file is absent, so parameterized tests simply have no cases.
  /// - Parameter relative: A path such as `"jpeg/expected.tsv"`.
  public static func tsvRows(_ relative: String) -> [[String: String]] {
    guard let bytes = bytes(relative) else { return [] }
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    guard let header = lines.first else { return [] }
    return lines.dropFirst().map { fields in
      var row: [String: String] = [:]
      for (index, name) in header.enumerated() {
        row[name] = index < fields.count ? fields[index] : ""
      }
      return row
    }
  }

  /// Walks up from `file` until a directory holding `shared/testdata` is found.
  static func locate(from file: String) -> URL? {
    var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
    while directory.pathComponents.count > 1 {
      let candidate = directory.appendingPathComponent("shared/testdata")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        return candidate
      }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }
}
