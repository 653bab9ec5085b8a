import WallKit

/// Builders for Parse objects in the shapes of docs/input-format.md, for tests and generators.
public enum ParseFixtures {
  /// An ISO-8601 UTC string for a number of seconds after 2014-01-01T00:00:00Z.
  public static func iso(_ seconds: Int) -> String {
    let base = Timestamp(iso8601: "2014-01-01T00:00:00.000Z")?.millisecondsSince1970 ?? 0
    return ISOFormat.string(Timestamp(millisecondsSince1970: base + Int64(seconds) * 1000))
  }

  /// A `_User` row.
  ///
  /// `extra` adds fields (for example secrets a test checks never leak).
  public static func user(
    _ objectId: String, username: String, fbId: String? = nil, name: String? = nil,
    extra: [String: JSONValue] = [:]
  ) -> JSONValue {
    var fields: [String: JSONValue] = [
      "objectId": .string(objectId), "username": .string(username),
      "createdAt": .string(iso(0)), "updatedAt": .string(iso(0)),
    ]
    if let fbId { fields["fbId"] = .string(fbId) }
    if let name { fields["name"] = .string(name) }
    fields.merge(extra) { _, new in new }
    return .object(fields)
  }

  /// A Parse File value whose bytes live at `files/<name>`.
  public static func file(_ name: String) -> JSONValue {
    [
      "__type": "File", "name": .string(name),
      "url": .string("http://files.parsetfss.com/app/\(name)"),
    ]
  }

  /// An ACL granting read to the given keys (`"*"`, user objectIds, `"role:<name>"`).
  public static func acl(_ readers: [String]) -> JSONValue {
    .object(Dictionary(uniqueKeysWithValues: readers.map { ($0, ["read": true] as JSONValue) }))
  }

  /// A `WallImage` row.
  public static func image(
    _ objectId: String, uploaderFBId: String, username: String, fileName: String, at seconds: Int,
    acl readers: [String]? = nil
  ) -> JSONValue {
    var fields: [String: JSONValue] = [
      "objectId": .string(objectId), "image": file(fileName), "userFBId": .string(uploaderFBId),
      "user": .string(username), "createdAt": .string(iso(seconds)),
      "updatedAt": .string(iso(seconds)),
    ]
    if let readers { fields["ACL"] = acl(readers) }
    return .object(fields)
  }

  /// A `WallImageComment` row.
  public static func comment(
    _ objectId: String, on imageID: String, byFBId: String, username: String, text: String,
    at seconds: Int, acl readers: [String]? = nil
  ) -> JSONValue {
    var fields: [String: JSONValue] = [
      "objectId": .string(objectId), "imageObjectId": .string(imageID), "comment": .string(text),
      "userFBId": .string(byFBId), "user": .string(username),
      "createdAt": .string(iso(seconds)), "updatedAt": .string(iso(seconds)),
    ]
    if let readers { fields["ACL"] = acl(readers) }
    return .object(fields)
  }

  /// A `_Join:friends:_User` row.
  public static func friendRow(_ owner: String, _ related: String) -> JSONValue {
    ["owningId": .string(owner), "relatedId": .string(related)]
  }

  /// The `_Join:friends:_User` rows that make everyone of `ids` a friend of everyone else: for
  /// each pair, in order, its row both ways.
  public static func friendRows(among ids: [String]) -> [JSONValue] {
    ids.indices.flatMap { first in
      ids.indices.dropFirst(first + 1).flatMap { second in
        [friendRow(ids[first], ids[second]), friendRow(ids[second], ids[first])]
      }
    }
  }

  /// The contents of `graph/<fbId>.json`.
  public static func graph(fbId: String, name: String, friends: [(id: String, name: String)])
    -> JSONValue
  {
    [
      "id": .string(fbId), "name": .string(name),
      "friends": [
        "data": .array(friends.map { ["id": .string($0.id), "name": .string($0.name)] })
      ],
    ]
  }
}
