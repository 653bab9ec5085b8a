import WallJSON
import WallModel
import WallReport

extension ImportSession {
  /// Reads the `friends` relation on `_User` (`_Join:friends:_User.json`).
  mutating func readFriends() {
    let className = "_Join:friends:_User"
    let file = className + ".json"
    for row in readJoinRows(className) {
      let (owner, related) = (row.owningId, row.relatedId)
      if dataset.users[owner] == nil || dataset.users[related] == nil, let users = unreadableUsers {
        countFollowOn(className, "friend row", "friend rows", refersTo: users)
        continue
      }
      guard dataset.users[owner] != nil else {
        report.error(
          file, className, row.label, "owningId \"\(owner)\" is no user of the export",
          kind: "rows whose owningId is no user")
        continue
      }
      guard dataset.users[related] != nil else {
        report.error(
          file, className, row.label, "relatedId \"\(related)\" is no user of the export",
          kind: "rows whose relatedId is no user")
        continue
      }
      if owner != related { dataset.friends[owner, default: []].insert(related) }
    }
  }

  /// Reads `_Role.json`, `_Join:users:_Role.json` and `_Join:roles:_Role.json`, and gives each
  /// user every role it holds directly or through a role that a role includes.
  mutating func readRoles() {
    var roleName: [String: String] = [:]
    let found = forEachObject("_Role") { session, object in
      guard let name = object.string("name"), !name.isEmpty else {
        session.report.error(
          "_Role.json", "_Role", object.objectId, "role has no name",
          kind: "roles without a name")
        return
      }
      roleName[object.objectId] = name
    }
    guard found else { return }
    var members: [String: Set<String>] = [:]
    for row in readJoinRows("_Join:users:_Role") {
      if roleName[row.owningId] == nil, let roles = unreadableRoles {
        countFollowOn("_Join:users:_Role", "role row", "role rows", refersTo: roles)
        continue
      }
      if dataset.users[row.relatedId] == nil, let users = unreadableUsers {
        countFollowOn("_Join:users:_Role", "role row", "role rows", refersTo: users)
        continue
      }
      guard roleName[row.owningId] != nil else {
        report.error(
          "_Join:users:_Role.json", "_Join:users:_Role", row.label,
          "owningId \"\(row.owningId)\" is no role", kind: "rows whose owningId is no role")
        continue
      }
      guard dataset.users[row.relatedId] != nil else {
        report.error(
          "_Join:users:_Role.json", "_Join:users:_Role", row.label,
          "relatedId \"\(row.relatedId)\" is no user of the export",
          kind: "rows whose relatedId is no user")
        continue
      }
      members[row.owningId, default: []].insert(row.relatedId)
    }
    // In Parse, the users of a role listed in role R's `roles` relation inherit R.
    var includedRoles: [String: Set<String>] = [:]
    for row in readJoinRows("_Join:roles:_Role") {
      if roleName[row.owningId] == nil || roleName[row.relatedId] == nil,
        let roles = unreadableRoles
      {
        countFollowOn("_Join:roles:_Role", "role row", "role rows", refersTo: roles)
        continue
      }
      guard roleName[row.owningId] != nil, roleName[row.relatedId] != nil else {
        report.error(
          "_Join:roles:_Role.json", "_Join:roles:_Role", row.label, "a side of the row is no role",
          kind: "rows with a side that is no role")
        continue
      }
      includedRoles[row.owningId, default: []].insert(row.relatedId)
    }
    for (roleID, name) in roleName {
      var seen: Set<String> = [roleID]
      var pending = [roleID]
      while let current = pending.popLast() {
        for userID in members[current] ?? [] { dataset.roles[userID, default: []].insert(name) }
        for child in includedRoles[current] ?? [] where seen.insert(child).inserted {
          pending.append(child)
        }
      }
    }
  }

  /// A row of a Parse join table.
  struct JoinRow {
    let owningId: String
    let relatedId: String
    /// The row's own objectId when it has one, else "owningId->relatedId", for reports.
    let label: String
  }

  /// Reads the rows of a `_Join:…` file, but those the takedown list drops (`drops(join:)`).
  ///
  /// Join rows need not carry an objectId.
  mutating func readJoinRows(_ className: String) -> [JoinRow] {
    let file = className + ".json"
    var result: [JoinRow] = []
    var seen = Set<[String]>()
    forEachRow(className) { session, row, place in
      guard let owner = row["owningId"]?.stringValue, let related = row["relatedId"]?.stringValue
      else {
        session.report.error(
          file, className, "", "\(place.label("row")) lacks a string owningId or relatedId",
          kind: "rows without a string owningId and relatedId")
        return
      }
      if session.drops(join: className, owning: owner, related: related) { return }
      if seen.insert([owner, related]).inserted {
        let label = row["objectId"]?.stringValue ?? "\(owner)->\(related)"
        result.append(JoinRow(owningId: owner, relatedId: related, label: label))
      }
    }
    return result
  }

  /// Reports every friendship listed by one side only; it is still taken as written.
  mutating func reportAsymmetricFriends() {
    for userID in dataset.friends.keys.sorted() {
      for friendID in (dataset.friends[userID] ?? []).sorted()
      where !(dataset.friends[friendID]?.contains(userID) ?? false) {
        report.warning(
          "_Join:friends:_User.json", "_User", userID,
          "lists \(friendID) as a friend, but \(friendID) does not list \(userID); taken as written",
          kind: "friendships listed by one side only")
      }
    }
  }
}
