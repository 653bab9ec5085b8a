/// What a takedown list (`ExportExclusion`) took out of an export, as the import found it:
/// what `wallgen check` lists.
public struct ExclusionRemoval: Sendable, Equatable {
  /// The people left out, by objectId, sorted.
  public var users: [String] = []
  /// The images left out (listed, or uploaded by a person left out), by objectId, sorted.
  public var images: [String] = []
  /// The comments left out (by a person left out, or on an image left out), by objectId,
  /// sorted.
  public var comments: [String] = []
  /// The friend and role rows left out (a side of them is a person left out).
  public var joinRows = 0

  /// Creates an empty record.
  public init() {}

  /// Whether the list took nothing out.
  public var isEmpty: Bool {
    users.isEmpty && images.isEmpty && comments.isEmpty && joinRows == 0
  }
}

/// The takedown list matched against the export's `_User` and image rows: the keys every row
/// is checked against where it is read (`ImportSession.drops`).
struct ExclusionKeys {
  /// The objectIds of the people left out.
  var users: Set<String> = []
  /// Their usernames: a row naming its author by one of them is theirs.
  var usernames: Set<String> = []
  /// Their Facebook ids: a row, a Graph file or a Graph friend naming one is theirs.
  var facebookIDs: Set<String> = []
  /// The images left out: those listed, and those whose uploader is a person left out.
  var images: Set<String> = []

  /// Whether nothing is left out.
  var isEmpty: Bool { users.isEmpty && images.isEmpty }

  /// Whether `author` names a person left out by any of its keys (`userFBId`, `user` as a
  /// username, `user` as a pointer).
  ///
  /// Any key is enough, even when `ImportSession.resolveAuthor` would take another one first:
  /// a row that names a person left out is never shown as someone else's.
  func names(_ author: StagedAuthor) -> Bool {
    if let id = author.facebookID, facebookIDs.contains(id) { return true }
    if let name = author.username, usernames.contains(name) { return true }
    if let pointer = author.pointer, users.contains(pointer) { return true }
    return false
  }
}
