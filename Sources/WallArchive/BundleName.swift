import Foundation
import WallModel
import WallSite

/// The names of per-user files: each person's bundle is `<stem>-wall` (and
/// `<stem>-wall.zip`), where the stem is their username made safe for a file name.
///
/// This is the one naming rule of everything made per user (bags, zips, and any other
/// per-user file, such as a `.wacz`): call `stems(for:)` with every user of the export, then
/// add the file's own suffix (`folder(stem:)` for a bag).
///
/// The rule, fixed so that a name never changes from one run to the next:
/// - accents are dropped (`Zoë` → `zoe`), letters are lower-cased, and each run of characters
///   other than ASCII letters, digits, `.`, `_` and `-` becomes one `_`;
/// - a leading `.` or `-` becomes `_` (no hidden file, no name read as an option), so the
///   name is never `.` or `..`;
/// - it is cut to `maximumLength` characters; a name with no letter or digit left is `user`;
/// - when two users get the same stem (ignoring case, as macOS and Windows do), each of them
///   gets `-<objectId>` added (`ada.berg-f52u5b9F5U`), the objectId made safe by the same
///   rule but keeping its case; should that still clash, `-2`, `-3`, … follow, in objectId
///   order.
///
/// A stem depends on every user of the export, never on which of them a run archives.
public enum BundleName {
  /// The most characters of the username part of a stem.
  public static let maximumLength = 64
  /// The most characters of the objectId part of a stem.
  public static let maximumIdentifierLength = 32
  /// The suffix of a bag's folder after the stem.
  public static let bagSuffix = "-wall"

  /// The stem of each user's files, by objectId.
  /// - Parameter users: Every user of the export (not only those archived in a run).
  public static func stems(for users: [User]) -> [String: String] {
    let sorted = users.sorted { $0.objectId < $1.objectId }
    var bases: [String: String] = [:]
    var counts: [String: Int] = [:]
    for user in sorted {
      let base = safe(user.username, lowercased: true, limit: maximumLength) ?? "user"
      bases[user.objectId] = base
      counts[base, default: 0] += 1
    }
    var stems: [String: String] = [:]
    var taken: Set<String> = []
    for user in sorted {
      let base = bases[user.objectId] ?? "user"
      var stem = base
      if counts[base, default: 0] > 1 {
        let id =
          safe(user.objectId, lowercased: false, limit: maximumIdentifierLength)
          ?? SiteLayout.hashedFolderName(user.objectId)
        stem = "\(base)-\(id)"
      }
      var candidate = stem
      var number = 2
      while taken.contains(candidate.lowercased()) {
        candidate = "\(stem)-\(number)"
        number += 1
      }
      taken.insert(candidate.lowercased())
      stems[user.objectId] = candidate
    }
    return stems
  }

  /// The folder of a bag (and, with `.zip`, its zip): `<stem>-wall`.
  /// - Parameter stem: A stem from `stems(for:)`.
  public static func folder(stem: String) -> String { stem + bagSuffix }

  /// `text` made safe by the rule above, or nil when no letter or digit is left.
  static func safe(_ text: String, lowercased: Bool, limit: Int) -> String? {
    var name = ""
    var replacing = false
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
      if scalar.properties.generalCategory == .nonspacingMark { continue }
      let kept =
        scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "."
          || scalar == "_" || scalar == "-")
      if kept {
        name.unicodeScalars.append(scalar)
        replacing = false
      } else if !replacing {
        name += "_"
        replacing = true
      }
    }
    if lowercased { name = name.lowercased() }
    if let first = name.first, first == "." || first == "-" { name = "_" + name.dropFirst() }
    name = String(name.prefix(limit))
    guard
      name.unicodeScalars.contains(where: { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
      )
    else { return nil }
    return name
  }
}
