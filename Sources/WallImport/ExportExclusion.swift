import WallSupport

/// A takedown list: the people and images a site leaves out, as the configuration file's
/// `"exclude"` key gives them (docs/themes.md, "Takedown list").
///
/// Each entry of `users` is a `_User` objectId or a username, or `id:<objectId>` for an
/// objectId only; each entry of `images` is the objectId of a `WallImage` or
/// `WallImageObject`. The import drops what they name where rows are read
/// (`ImportSession.drops`), for the one-process build and for a plan's parts alike.
public struct ExportExclusion: Sendable, Equatable {
  /// The people left out: objectIds, usernames, or `id:<objectId>`.
  public var users: [String]
  /// The images left out, by objectId.
  public var images: [String]
  /// The file the list comes from, for messages (not part of its identity).
  public var file: String

  /// The prefix that makes an entry of `users` an objectId only.
  public static let objectIdPrefix = "id:"

  /// Creates a list.
  /// - Parameters:
  ///   - users: The people left out.
  ///   - images: The images left out.
  ///   - file: The file the list comes from.
  public init(users: [String] = [], images: [String] = [], file: String = "wallgen.json") {
    self.users = users
    self.images = images
    self.file = file
  }

  /// Whether the list leaves nothing out.
  public var isEmpty: Bool { users.isEmpty && images.isEmpty }

  /// The list as it enters a build's fingerprint and a plan's identity: "none", or a digest of
  /// its sorted entries (so that no name of it is written in a record in clear).
  package var digest: String {
    guard !isEmpty else { return "none" }
    var text = "wallgen exclusion\n"
    for user in Set(users).sorted() { text += "user \(user.utf8.count) \(user)\n" }
    for image in Set(images).sorted() { text += "image \(image.utf8.count) \(image)\n" }
    return Hex.encode(SHA256.digest(Array(text.utf8)))
  }

  /// Two lists are the same when they leave out the same entries, whatever their order or file.
  public static func == (lhs: ExportExclusion, rhs: ExportExclusion) -> Bool {
    Set(lhs.users) == Set(rhs.users) && Set(lhs.images) == Set(rhs.images)
  }
}
