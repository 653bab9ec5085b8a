import WallModel

/// The tag files of a BagIt bag (RFC 8493), as text: what `bagit.py --validate` and other
/// standard tools check.
public enum BagIt {
  /// `bagit.txt`: the version and the tag files' encoding.
  public static let declaration = "BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n"

  /// The checksum algorithm of the manifests (`manifest-sha256.txt`).
  public static let algorithm = "sha256"

  /// A file of the bag with its SHA-256 digest and size.
  public struct Entry: Sendable, Equatable {
    /// Path relative to the bag's root, `/`-separated (`data/index.html`).
    public var path: String
    /// Lower-case hex SHA-256 of the file's bytes.
    public var sha256: String
    /// The file's size in bytes.
    public var size: Int

    /// Creates an entry.
    public init(path: String, sha256: String, size: Int) {
      self.path = path
      self.sha256 = sha256
      self.size = size
    }
  }

  /// A manifest: one `<digest>  <path>` line per entry, sorted by path (bytewise), with
  /// `%`, CR and LF in paths percent-encoded (RFC 8493, section 2.1.3).
  /// - Parameter entries: The files to list.
  public static func manifest(_ entries: [Entry]) -> String {
    entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
      .map { "\($0.sha256)  \(encodePath($0.path))\n" }.joined()
  }

  /// `Payload-Oxum`: the payload's total size in bytes, a dot, and its file count.
  /// - Parameter payload: The files under `data/`.
  public static func payloadOxum(_ payload: [Entry]) -> String {
    "\(payload.reduce(0) { $0 + $1.size }).\(payload.count)"
  }

  /// `bag-info.txt` from labelled values, in the given order.
  ///
  /// Line breaks and other control
  /// characters in values become spaces, so that each value stays on its line.
  /// - Parameter fields: Labels and values, such as `("Bagging-Date", "2014-10-11")`.
  public static func bagInfo(_ fields: [(label: String, value: String)]) -> String {
    fields.map { field in
      let value = String(
        String.UnicodeScalarView(
          field.value.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
      return "\(field.label): \(value)\n"
    }.joined()
  }

  /// `Bagging-Date`: the UTC calendar date of `seconds` since 1970, as `YYYY-MM-DD`.
  /// - Parameter seconds: Unix seconds.
  public static func date(unixSeconds seconds: Int64) -> String {
    String(ISOFormat.string(Timestamp(millisecondsSince1970: seconds * 1000)).prefix(10))
  }

  /// Percent-encodes the characters a manifest line cannot hold as they are.
  static func encodePath(_ path: String) -> String {
    var encoded = ""
    for character in path.unicodeScalars {
      switch character {
      case "%": encoded += "%25"
      case "\n": encoded += "%0A"
      case "\r": encoded += "%0D"
      default: encoded.unicodeScalars.append(character)
      }
    }
    return encoded
  }
}
