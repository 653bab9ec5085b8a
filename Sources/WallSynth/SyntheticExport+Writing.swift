import WallKit

extension SyntheticExport {
  /// Writes the records as an export folder.
  ///
  /// Image files are written by `imageBytes` when given (so a caller chooses real pictures or
  /// none).
  public func write(
    to root: String, imageBytes: ((Image) -> [UInt8]?)? = nil
  ) throws(WriteError) {
    let export = try ExportWriter(root: root)
    try export.writeClass(
      "_User",
      users.map {
        [
          "objectId": .string($0.objectId), "username": .string("user-\($0.objectId)"),
          "fbId": .string($0.facebookID), "createdAt": .string(Self.epoch),
          "updatedAt": .string(Self.epoch),
        ]
      })
    try export.writeClass(
      "_Join:friends:_User",
      joinFriends.map {
        ["owningId": .string(users[$0.0].objectId), "relatedId": .string(users[$0.1].objectId)]
      })
    for (owner, friends) in graphFriends.sorted(by: { $0.key < $1.key }) {
      let user = users[owner]
      let document: JSONValue = [
        "id": .string(user.facebookID), "name": .string(user.name),
        "friends": [
          "data": .array(
            friends.map { ["id": .string(users[$0].facebookID), "name": .string(users[$0].name)] })
        ],
      ]
      try export.writeFile("graph/\(user.facebookID).json", Array(document.serialized.utf8))
    }
    try export.writeClass(
      "_Role",
      roles.enumerated().map {
        ["objectId": .string("role\($0.offset)"), "name": .string($0.element.name)]
      })
    try export.writeClass(
      "_Join:users:_Role",
      roles.enumerated().flatMap { position, role in
        role.members.map {
          ["owningId": .string("role\(position)"), "relatedId": .string(users[$0].objectId)]
        }
      })
    let base = Timestamp(iso8601: Self.epoch)?.millisecondsSince1970 ?? 0
    func date(_ seconds: Int) -> JSONValue {
      .string(ISOFormat.string(Timestamp(millisecondsSince1970: base + Int64(seconds) * 1000)))
    }
    try export.writeClass(
      "WallImage",
      images.map { image in
        var fields: [String: JSONValue] = [
          "objectId": .string(image.objectId),
          "image": [
            "__type": "File", "name": .string(image.fileName),
            "url": .string("http://files.parsetfss.com/synth/\(image.fileName)"),
          ],
          "userFBId": .string(users[image.uploader].facebookID),
          "user": .string("user-\(users[image.uploader].objectId)"),
          "createdAt": date(image.secondsAfterEpoch), "updatedAt": date(image.secondsAfterEpoch),
        ]
        if let readers = image.readers { fields["ACL"] = Self.acl(readers) }
        return .object(fields)
      })
    try export.writeClass(
      "WallImageComment",
      comments.map { comment in
        var fields: [String: JSONValue] = [
          "objectId": .string(comment.objectId),
          "imageObjectId": .string(images[comment.image].objectId),
          "comment": .string(comment.text), "userFBId": .string(users[comment.author].facebookID),
          "user": .string("user-\(users[comment.author].objectId)"),
          "createdAt": date(comment.secondsAfterEpoch),
          "updatedAt": date(comment.secondsAfterEpoch),
        ]
        if let readers = comment.readers { fields["ACL"] = Self.acl(readers) }
        return .object(fields)
      })
    if let imageBytes {
      for image in images {
        if let bytes = imageBytes(image) { try export.writeFile("files/\(image.fileName)", bytes) }
      }
    }
  }

  static func acl(_ readers: [String]) -> JSONValue {
    .object(
      Dictionary(
        readers.map { ($0, ["read": true, "write": true] as JSONValue) },
        uniquingKeysWith: { a, _ in a }))
  }
}
