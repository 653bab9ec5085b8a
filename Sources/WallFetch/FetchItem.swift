/// One file an export links to: where its bytes are, the name they get in `files/`, and the
/// object whose File field names it.
public struct FetchItem: Sendable, Equatable {
  /// The URL as the export writes it (before any `--rewrite`).
  public var url: String
  /// The file's name in `files/`: the File's `name`, else the last component of its URL.
  public var name: String
  /// The class file holding the object (`WallImage.json`).
  public var classFile: String
  /// The object's `objectId`.
  public var objectId: String

  /// Creates an item.
  public init(url: String, name: String, classFile: String, objectId: String) {
    self.url = url
    self.name = name
    self.classFile = classFile
    self.objectId = objectId
  }

  /// The class of the object: its class file's name without `.json`.
  public var className: String {
    classFile.hasSuffix(".json") ? String(classFile.dropLast(5)) : classFile
  }

  /// Where the file goes, relative to the export: `files/<name>`.
  public var path: String { "files/\(name)" }

  /// Whether `name` may be written into `files/`: one non-empty path component, not `.` or
  /// `..`, with no `/`, backslash, NUL or other control character.
  public static func isSafeName(_ name: String) -> Bool {
    guard !name.isEmpty, name != ".", name != ".." else { return false }
    return !name.unicodeScalars.contains {
      $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
    }
  }
}
