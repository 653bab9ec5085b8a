import WallJSON
import WallModel
import WallReport

extension ImportSession {
  /// Reads the `friends` relation on `_User` (`_Join:friends:_User.json`).
  mutating func readFriends() {
    let className = "_Join:friends:_User"
    for row in readJoinRows(className) {
      let (owner, related) = (row.owningId, row.relatedId)
      if dataset.users[owner] == nil || dataset.users[related] == nil, let users = unreadableUsers {
        countFollowOn(className, "friend row", "friend rows", refersTo: users)
        continue
      }
      guard dataset.users[owner] != nil else {
        Self.report(.owningNoUser, row, className: className, into: &report)
        continue
      }
      guard dataset.users[related] != nil else {
        Self.report(.relatedNoUser, row, className: className, into: &report)
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
      if let name = session.roleName(of: object) { roleName[object.objectId] = name }
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
        Self.report(.owningNoRole, row, className: "_Join:users:_Role", into: &report)
        continue
      }
      guard dataset.users[row.relatedId] != nil else {
        Self.report(.relatedNoUser, row, className: "_Join:users:_Role", into: &report)
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
        Self.report(.sideNoRole, row, className: "_Join:roles:_Role", into: &report)
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
  package struct JoinRow {
    let owningId: String
    let relatedId: String
    /// The row's own objectId when it has one, else "owningId->relatedId", for reports.
    let label: String

    /// A row joining `owningId` to `relatedId`, labelled by its own objectId when it has one.
    package init(owningId: String, relatedId: String, objectId: String?) {
      self.owningId = owningId
      self.relatedId = relatedId
      label = objectId ?? "\(owningId)->\(relatedId)"
    }
  }

  /// What is wrong with a join row whose sides were read: a side that is not there.
  package enum JoinFault: Int, Sendable {
    /// A friend row's owningId is no user.
    case owningNoUser = 1
    /// A friend or role row's relatedId is no user.
    case relatedNoUser
    /// A role row's owningId is no role.
    case owningNoRole
    /// A side of a row of roles in roles is no role.
    case sideNoRole
  }

  /// Reports `fault` of `row` of `className`: the row is not used.
  ///
  /// The one wording of these problems, for the whole import and the merge of a plan's parts.
  package static func report(
    _ fault: JoinFault, _ row: JoinRow, className: String, into report: inout ProblemReport
  ) {
    let file = className + ".json"
    switch fault {
    case .owningNoUser:
      report.error(
        file, className, row.label, "owningId \"\(row.owningId)\" is no user of the export",
        kind: "rows whose owningId is no user")
    case .relatedNoUser:
      report.error(
        file, className, row.label, "relatedId \"\(row.relatedId)\" is no user of the export",
        kind: "rows whose relatedId is no user")
    case .owningNoRole:
      report.error(
        file, className, row.label, "owningId \"\(row.owningId)\" is no role",
        kind: "rows whose owningId is no role")
    case .sideNoRole:
      report.error(
        file, className, row.label, "a side of the row is no role",
        kind: "rows with a side that is no role")
    }
  }

  /// A role's name; nil, reported, when it has none.
  mutating func roleName(of object: ParseObject) -> String? {
    guard let name = object.string("name"), !name.isEmpty else {
      report.error(
        "_Role.json", "_Role", object.objectId, "role has no name", kind: "roles without a name")
      return nil
    }
    return name
  }

  /// The two sides of a row of the join `className`; nil, reported, when it lacks a string
  /// owningId or relatedId.
  mutating func joinSides(of row: JSONValue, at place: RowPlace, className: String)
    -> (owning: String, related: String)?
  {
    guard let owner = row["owningId"]?.stringValue, let related = row["relatedId"]?.stringValue
    else {
      report.error(
        className + ".json", className, "",
        "\(place.label("row")) lacks a string owningId or relatedId",
        kind: "rows without a string owningId and relatedId")
      return nil
    }
    return (owner, related)
  }

  /// Reads the rows of a `_Join:…` file, but those the takedown list drops (`drops(join:)`).
  ///
  /// Join rows need not carry an objectId.
  mutating func readJoinRows(_ className: String) -> [JoinRow] {
    var result: [JoinRow] = []
    var seen = Set<[String]>()
    forEachRow(className) { session, row, place in
      guard let (owner, related) = session.joinSides(of: row, at: place, className: className)
      else { return }
      if session.drops(join: className, owning: owner, related: related) { return }
      if seen.insert([owner, related]).inserted {
        result.append(
          JoinRow(owningId: owner, relatedId: related, objectId: row["objectId"]?.stringValue))
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
