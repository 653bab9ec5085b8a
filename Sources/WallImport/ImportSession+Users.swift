import WallJSON
import WallModel
import WallReport

extension ImportSession {
  /// Reads `_User.json`: objectId, username, Facebook id and name.
  ///
  /// Secret fields are not read.
  mutating func readUsers() {
    let found = forEachObject("_User") { session, object in session.readUser(object) }
    dataset.markIDsSharedIgnoringCase()
    if !found {
      report.error(
        "_User.json", "_User", "", "the export has no _User.json, so no wall can be built")
    }
  }

  private mutating func readUser(_ object: ParseObject) {
    let file = "_User.json"
    let username = object.string("username") ?? object.objectId
    let facebookID = object.identifier("fbId") ?? facebookIDFromAuthData(object)
    let name = object.string("name").flatMap { $0.isEmpty ? nil : $0 } ?? username
    if let facebookID {
      if let other = userByFacebookID[facebookID] {
        Self.reportSharedFacebookID(facebookID, of: object.objectId, first: other, into: &report)
      } else {
        userByFacebookID[facebookID] = object.objectId
      }
    }
    if userByUsername[username] == nil { userByUsername[username] = object.objectId }
    dataset.users[object.objectId] = User(
      objectId: object.objectId, username: username, facebookID: facebookID, displayName: name,
      isPublic: readACL(of: object, file: file, className: "_User").grantsPublicRead)
  }

  /// Reports a user whose Facebook id an earlier user (`first`) has.
  ///
  /// Records by that id go to the first. The one wording, for the whole import and the merge
  /// of a plan's parts.
  package static func reportSharedFacebookID(
    _ facebookID: String, of objectId: String, first: String, into report: inout ProblemReport
  ) {
    report.error(
      "_User.json", "_User", objectId,
      "Facebook id \"\(facebookID)\" is also the id of user \(first); records by that id go to \(first)",
      kind: "users whose Facebook id another user has")
  }

  /// Whether a Facebook id can name files of `graph/` (`<id>.json`, `<id>.jpg`, …).
  package static func isSafeFileName(_ facebookID: String) -> Bool {
    ExportPath.isSafeRelative(facebookID) && !facebookID.contains("/")
  }

  /// Reports a user whose Facebook id is no safe file name: its Graph data is not read.
  package static func reportUnsafeFacebookID(
    _ facebookID: String, of userID: String, into report: inout ProblemReport
  ) {
    report.error(
      "_User.json", "_User", userID,
      "Facebook id \"\(facebookID)\" is not a safe file name; its graph data is not read",
      kind: "Facebook ids that are no safe file name")
  }

  /// Reports friend `position` (from 0) of the Graph file of `facebookID`: one without an id
  /// (`friend` nil), or one whose id is no user's.
  package static func reportGraphFriend(
    _ friend: String?, at position: Int, of facebookID: String, into report: inout ProblemReport
  ) {
    let file = "graph/\(facebookID).json"
    guard let friend else {
      report.error(
        file, "", facebookID, "friend #\(position + 1) has no id", kind: "friends without an id")
      return
    }
    report.error(
      file, "", facebookID, "friend id \"\(friend)\" is no user of the export",
      kind: "friends who are no user of the export")
  }

  /// Warns of a Graph file whose Facebook id no user has: it is not used.
  package static func reportUnusedGraphFile(_ facebookID: String, into report: inout ProblemReport)
  {
    report.warning(
      "graph/\(facebookID).json", "", facebookID,
      "Graph data for Facebook id \"\(facebookID)\", which no _User has; not used",
      kind: "Graph files no user has")
  }

  func facebookIDFromAuthData(_ object: ParseObject) -> String? {
    guard case .object(let facebook)? = object.fields["authData"]?["facebook"] else { return nil }
    return ParseObject(objectId: object.objectId, fields: facebook).identifier("id")
  }

  /// Reads `graph/<fbId>.json` (name and friends) and `graph/<fbId>.jpg|png` (picture).
  mutating func readGraph() {
    let names = Set(source.fileNames(in: "graph"))
    for userID in dataset.users.keys.sorted() {
      guard let facebookID = dataset.users[userID]?.facebookID else { continue }
      guard Self.isSafeFileName(facebookID) else {
        Self.reportUnsafeFacebookID(facebookID, of: userID, into: &report)
        continue
      }
      for ext in ["jpg", "jpeg", "png"] where names.contains("\(facebookID).\(ext)") {
        let path = "graph/\(facebookID).\(ext)"
        dataset.users[userID]?.picture = FileReference(
          path: path, originalName: "\(facebookID).\(ext)")
        break
      }
      if names.contains("\(facebookID).json") {
        readGraphFile(facebookID: facebookID, userID: userID)
      }
    }
    for name in names.sorted() where name.hasSuffix(".json") {
      let facebookID = String(name.dropLast(5))
      if drops(facebookID: facebookID) { continue }
      if userByFacebookID[facebookID] == nil, let users = unreadableUsers {
        countFollowOn("", file: "graph", "Graph file", "Graph files", refersTo: users)
      } else if userByFacebookID[facebookID] == nil {
        Self.reportUnusedGraphFile(facebookID, into: &report)
      }
    }
  }

  private mutating func readGraphFile(facebookID: String, userID: String) {
    let file = "graph/\(facebookID).json"
    guard let graph = readGraph(file, facebookID: facebookID) else { return }
    if let name = graph.name { dataset.users[userID]?.displayName = name }
    for (position, friendFacebookID) in graph.friends.enumerated() {
      guard let friendFacebookID else {
        Self.reportGraphFriend(nil, at: position, of: facebookID, into: &report)
        continue
      }
      if drops(facebookID: friendFacebookID) { continue }
      guard let friendID = userByFacebookID[friendFacebookID] else {
        Self.reportGraphFriend(friendFacebookID, at: position, of: facebookID, into: &report)
        continue
      }
      if friendID != userID { dataset.friends[userID, default: []].insert(friendID) }
    }
  }

  /// What a Graph file (`graph/<fbId>.json`) says: the user's name and their friends.
  struct GraphFile {
    /// The name, nil when there is none or it is empty.
    var name: String?
    /// Each friend's Facebook id in the file's order; nil for an entry without one.
    var friends: [String?]
  }

  /// The Graph file `file` of `facebookID`, read through the report (bounded by
  /// `limits.graphFileBytes`); nil, reported, when it cannot be read.
  mutating func readGraph(_ file: String, facebookID: String) -> GraphFile? {
    guard
      let document = report.readJSON(
        file, from: source, limit: limits.graphFileBytes, maximumDepth: limits.maximumDepth,
        objectId: facebookID)
    else { return nil }
    let name = document["name"]?.stringValue
    let friends = (document["friends"]?["data"]?.arrayValue ?? []).map { entry in
      ParseObject(objectId: "", fields: entry.objectValue ?? [:]).identifier("id")
    }
    return GraphFile(name: name?.isEmpty == false ? name : nil, friends: friends)
  }
}
