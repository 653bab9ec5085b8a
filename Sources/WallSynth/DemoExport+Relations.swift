import WallKit

extension DemoExport {
  /// The rows of `_Join:friends:_User.json`: each friendship from the side of every user whose
  /// friends are kept in Parse.
  static func friendRows() -> [JSONValue] {
    DemoCast.users.filter { $0.friendSource == .join }.flatMap { user in
      DemoCast.friends(of: user.key).compactMap { friendKey -> JSONValue? in
        guard let friend = DemoCast.byKey[friendKey] else { return nil }
        return ["owningId": .string(user.objectId), "relatedId": .string(friend.objectId)]
      }
    }
  }

  /// `graph/<fbId>.json` for every user whose friends were cached from Graph: path and document.
  static func graphDocuments() -> [(path: String, document: JSONValue)] {
    DemoCast.users.filter { $0.friendSource == .graph }.map { user in
      let friends = DemoCast.friends(of: user.key).compactMap { DemoCast.byKey[$0] }
      let data: [JSONValue] = friends.map {
        ["id": .string($0.facebookID), "name": .string($0.name)]
      }
      // Graph lists only friends who use the app, but counts them all.
      let total = friends.count + Int(DemoIdentifier.seed("friends:\(user.key)") % 300)
      let document: JSONValue = [
        "id": .string(user.facebookID), "name": .string(user.name),
        "friends": ["data": .array(data), "summary": ["total_count": .number(Double(total))]],
      ]
      return ("graph/\(user.facebookID).json", document)
    }
  }

  /// The objectId of the one `_Role`.
  static var roleID: String { DemoIdentifier.objectId("role:\(DemoCast.climbingClub.name)") }

  /// The row of `_Role.json`.
  static func roleRows() -> [JSONValue] {
    let created = date(DemoDate(3, 20, 18, 0).timestamp)
    return [
      [
        "objectId": .string(roleID), "name": .string(DemoCast.climbingClub.name),
        "createdAt": created, "updatedAt": created, "ACL": ["*": ["read": true]],
        "users": ["__type": "Relation", "className": "_User"],
        "roles": ["__type": "Relation", "className": "_Role"],
      ]
    ]
  }

  /// The rows of `_Join:users:_Role.json`: the role's members.
  static func roleMemberRows() -> [JSONValue] {
    DemoCast.climbingClub.members.compactMap { DemoCast.byKey[$0] }.map {
      ["owningId": .string(roleID), "relatedId": .string($0.objectId)]
    }
  }
}
