/// Checks on names taken from export data before they are used as paths.
public enum ExportPath {
  /// Whether `name` is a safe relative path: not empty, not absolute, no `..`, `.` or empty
  /// component, no backslash, no NUL or control character.
  public static func isSafeRelative(_ name: String) -> Bool {
    guard !name.isEmpty, !name.hasPrefix("/") else { return false }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || $0.value == 0x7F }) {
      return false
    }
    return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
      !$0.isEmpty && $0 != "." && $0 != ".."
    }
  }

  /// The last `/`-separated component of a URL or path, without query or fragment.
  public static func lastComponent(ofURL url: String) -> String {
    let trimmed = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
    let noFragment = trimmed.split(separator: "#", maxSplits: 1).first.map(String.init) ?? trimmed
    return noFragment.split(separator: "/").last.map(String.init) ?? ""
  }
}
