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
        report.error(
          file, "_User", object.objectId,
          "Facebook id \"\(facebookID)\" is also the id of user \(other); records by that id go to \(other)",
          kind: "users whose Facebook id another user has")
      } else {
        userByFacebookID[facebookID] = object.objectId
      }
    }
    if userByUsername[username] == nil { userByUsername[username] = object.objectId }
    dataset.users[object.objectId] = User(
      objectId: object.objectId, username: username, facebookID: facebookID, displayName: name,
      isPublic: readACL(of: object, file: file, className: "_User").grantsPublicRead)
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
      guard ExportPath.isSafeRelative(facebookID), !facebookID.contains("/") else {
        report.error(
          "_User.json", "_User", userID,
          "Facebook id \"\(facebookID)\" is not a safe file name; its graph data is not read",
          kind: "Facebook ids that are no safe file name")
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
        report.warning(
          "graph/\(name)", "", facebookID,
          "Graph data for Facebook id \"\(facebookID)\", which no _User has; not used")
      }
    }
  }

  private mutating func readGraphFile(facebookID: String, userID: String) {
    let file = "graph/\(facebookID).json"
    guard let graph = readGraph(file, facebookID: facebookID) else { return }
    if let name = graph.name { dataset.users[userID]?.displayName = name }
    for (position, friendFacebookID) in graph.friends.enumerated() {
      guard let friendFacebookID else {
        report.error(
          file, "", facebookID, "friend #\(position + 1) has no id", kind: "friends without an id")
        continue
      }
      if drops(facebookID: friendFacebookID) { continue }
      guard let friendID = userByFacebookID[friendFacebookID] else {
        report.error(
          file, "", facebookID, "friend id \"\(friendFacebookID)\" is no user of the export",
          kind: "friends who are no user of the export")
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
