import WallJSON
import WallReport

extension ImportSession {
  /// Matches the takedown list `list` against the export, before any row is read for the walls,
  /// and keeps what every row is then checked against (`drops`).
  ///
  /// It reads every `_User` row (an entry names the person whose objectId or username it is,
  /// or, `id:<objectId>`, whose objectId it is), then every image row (an image is left out
  /// when listed, or when its uploader is a person left out), on a scratch session whose
  /// problems are dropped: the rows are read again, and reported, for the walls. `streamed`
  /// reads them as a plan's part does (`forEachStreamedRow`), else as the whole import does.
  ///
  /// An entry that names nobody (no user, or no image) is a warning naming it. An entry that
  /// names two people (one's objectId, another's username; or two people's username) leaves
  /// the export unusable (`ImportError.ambiguousExclusion`): nothing is built until it names
  /// one (`id:<objectId>`, or that person's objectId).
  mutating func resolveExclusion(_ list: ExportExclusion, streamed: Bool) {
    guard !list.isEmpty else { return }
    var scout = ImportSession(source: source, limits: limits)
    var keys = ExclusionKeys()
    // objectId -> (username, Facebook id) of every user row an entry may name.
    var found: [String: [(username: String, facebookID: String?)]] = [:]
    var byUsername: [String: Set<String>] = [:]
    let wanted = Set(list.users.map(Self.unprefixed))
    scout.forEachCandidate("_User", streamed: streamed) { session, object in
      let username = object.string("username") ?? object.objectId
      guard wanted.contains(object.objectId) || wanted.contains(username) else { return }
      let facebookID = object.identifier("fbId") ?? session.facebookIDFromAuthData(object)
      found[object.objectId, default: []].append((username, facebookID))
      byUsername[username, default: []].insert(object.objectId)
    }
    for entry in list.users {
      let named: Set<String>
      if entry.hasPrefix(ExportExclusion.objectIdPrefix) {
        let objectId = Self.unprefixed(entry)
        named = found[objectId] == nil ? [] : [objectId]
      } else {
        named = (byUsername[entry] ?? []).union(found[entry] == nil ? [] : [entry])
      }
      guard named.count <= 1 else {
        exclusionFailure =
          exclusionFailure
          ?? .ambiguousExclusion(
            file: list.file, entry: entry, byObjectId: found[entry] == nil ? nil : entry,
            byUsername: (byUsername[entry] ?? []).sorted())
        continue
      }
      guard let objectId = named.first else {
        report.warning(
          list.file, "_User", entry,
          "'exclude' names the user '\(entry)', and no user of the export has that objectId "
            + "or username; nobody is left out for it",
          kind: "excluded users who are no user of the export")
        continue
      }
      keys.users.insert(objectId)
      for row in found[objectId] ?? [] {
        keys.usernames.insert(row.username)
        if let facebookID = row.facebookID { keys.facebookIDs.insert(facebookID) }
      }
    }
    let listedImages = Set(list.images)
    var seenImages: Set<String> = []
    for className in ["WallImage", "WallImageObject"] {
      scout.forEachCandidate(className, streamed: streamed) { _, object in
        if listedImages.contains(object.objectId) {
          seenImages.insert(object.objectId)
          keys.images.insert(object.objectId)
        } else if keys.names(Self.author(of: object)) {
          keys.images.insert(object.objectId)
        }
      }
    }
    for image in list.images where !seenImages.contains(image) {
      report.warning(
        list.file, "WallImage", image,
        "'exclude' names the image '\(image)', and no WallImage or WallImageObject has that "
          + "objectId; nothing is left out for it",
        kind: "excluded images that are no image of the export")
    }
    exclusion = keys
    removal.users = keys.users.sorted()
  }

  /// Whether the takedown list drops `object`, a row of `className`, and if so notes it:
  /// a person left out (`_User`), an image left out (`WallImage`, `WallImageObject`), a
  /// comment by a person left out or on an image left out (`WallImageComment`).
  ///
  /// The one rule of both engines: the whole import (`forEachObject`) and a plan's parts
  /// (`stageObjects`) ask it of every object row before anything else.
  mutating func drops(_ object: ParseObject, of className: String) -> Bool {
    guard !exclusion.isEmpty else { return false }
    switch className {
    case "_User":
      return exclusion.users.contains(object.objectId)
    case "WallImage", "WallImageObject":
      guard exclusion.images.contains(object.objectId) else { return false }
      removedImages.insert(object.objectId)
      return true
    case "WallImageComment":
      let imageID = object.string("imageObjectId") ?? pointerID(object.fields["image"])
      guard
        imageID.map(exclusion.images.contains) == true || exclusion.names(Self.author(of: object))
      else { return false }
      removedComments.insert(object.objectId)
      return true
    default:
      return false
    }
  }

  /// Whether the takedown list drops a row of the join `className` between `owning` and
  /// `related`.
  ///
  /// It drops a friend row with a person left out on either side, and a role row giving one a
  /// role. Asked by the whole import (`readJoinRows`) and a plan's parts (`stageJoins`).
  mutating func drops(join className: String, owning: String, related: String) -> Bool {
    guard !exclusion.users.isEmpty else { return false }
    let dropped =
      switch className {
      case "_Join:friends:_User":
        exclusion.users.contains(owning) || exclusion.users.contains(related)
      case "_Join:users:_Role": exclusion.users.contains(related)
      default: false
      }
    if dropped { removal.joinRows += 1 }
    return dropped
  }

  /// Whether `facebookID` is a person's left out: their Graph file and picture are not read,
  /// and they are no one's Graph friend.
  func drops(facebookID: String) -> Bool {
    exclusion.facebookIDs.contains(facebookID)
  }

  /// What the takedown list took out, sorted.
  var exclusionRemoval: ExclusionRemoval {
    var result = removal
    result.images = removedImages.sorted()
    result.comments = removedComments.sorted()
    return result
  }

  /// Gives `body` every row of `<className>.json` that is an object with a string objectId,
  /// read whole or streamed, with no other check.
  private mutating func forEachCandidate(
    _ className: String, streamed: Bool, _ body: (inout ImportSession, ParseObject) -> Void
  ) {
    func each(_ session: inout ImportSession, _ row: JSONValue?) {
      guard let fields = row?.objectValue, let objectId = fields["objectId"]?.stringValue,
        !objectId.isEmpty
      else { return }
      body(&session, ParseObject(objectId: objectId, fields: fields))
    }
    if streamed {
      forEachStreamedRow(className, taking: { _ in true }) { session, row, _ in
        each(&session, row)
      }
    } else {
      forEachRow(className) { session, row, _ in each(&session, row) }
    }
  }

  /// An entry of the list without its `id:` prefix.
  private static func unprefixed(_ entry: String) -> String {
    entry.hasPrefix(ExportExclusion.objectIdPrefix)
      ? String(entry.dropFirst(ExportExclusion.objectIdPrefix.count)) : entry
  }
}
