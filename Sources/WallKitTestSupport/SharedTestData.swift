import Foundation

/// Locates the shared test material (`../shared/testdata` beside the repository), which
/// tests read in place and skip without when it is absent.
public enum SharedTestData {
  /// The `testdata` folder, or nil when this checkout has none beside it.
  public static let root: URL? = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      let candidate = folder.appendingPathComponent("shared/testdata")
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }()

  /// Whether the shared test material is present.
  public static var isAvailable: Bool {
    if root == nil { print("note: ../shared/testdata is absent; tests that need it are skipped") }
    return root != nil
  }

  /// The path of a file or folder inside `testdata`, or nil when the folder is absent.
  public static func path(_ relative: String) -> String? {
    root.map { $0.appendingPathComponent(relative).path }
  }
}
