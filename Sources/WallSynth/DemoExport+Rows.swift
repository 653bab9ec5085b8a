import WallKit

extension DemoExport {
  /// The rows of `_User.json`, with the secrets the app kept (all fake, all `demo-secret-…`).
  static func userRows() -> [JSONValue] {
    DemoCast.users.map { user in
      let joined = user.joined.timestamp
      let expiry = DemoDate.after(joined, minutes: 60 * 24 * 60, key: user.key)
      var fields: [String: JSONValue] = [
        "objectId": .string(user.objectId), "username": .string(user.username),
        "name": .string(user.name), "createdAt": date(joined), "updatedAt": date(joined),
        "email": .string(DemoIdentifier.secret("email", user.key) + "@example.invalid"),
        "emailVerified": false,
        "sessionToken": .string(DemoIdentifier.secret("session", user.key)),
        "bcryptPassword": .string(DemoIdentifier.secret("bcrypt", user.key)),
        "authData": [
          "facebook": [
            "id": .string(user.facebookID),
            "access_token": .string(DemoIdentifier.secret("facebook-token", user.key)),
            "expiration_date": ["__type": "Date", "iso": date(expiry)],
          ]
        ],
        "ACL": acl(owner: user.objectId, readers: ["*"]),
      ]
      if user.hasFbIdField { fields["fbId"] = .string(user.facebookID) }
      return .object(fields)
    }
  }

  /// The rows of `WallImage.json` (legacy `false`) or `WallImageObject.json` (legacy `true`).
  static func imageRows(_ photos: [DemoPhoto], legacy: Bool) -> [JSONValue] {
    photos.compactMap { photo in
      guard let uploader = DemoCast.byKey[photo.uploader] else { return nil }
      let posted = photo.date.timestamp
      var fields: [String: JSONValue] = [
        "objectId": .string(photo.objectId), "user": .string(uploader.username),
        "createdAt": date(posted), "updatedAt": date(posted),
        "image": [
          "__type": "File", "name": .string(photo.fileName),
          "url": .string("http://files.parsetfss.com/\(applicationID)/\(photo.fileName)"),
        ],
      ]
      if legacy {
        if let caption = photo.caption { fields["comment"] = .string(caption) }
      } else {
        fields["userFBId"] = .string(uploader.facebookID)
      }
      switch photo.access {
      case .noACL: break
      case .everyone: fields["ACL"] = acl(owner: uploader.objectId, readers: ["*"])
      case .uploaderOnly: fields["ACL"] = acl(owner: uploader.objectId, readers: [])
      case .role(let name): fields["ACL"] = acl(owner: uploader.objectId, readers: ["role:\(name)"])
      }
      return .object(fields)
    }
  }

  /// The rows of `WallImageComment.json`.
  static func commentRows() -> [JSONValue] {
    let photos = Dictionary(
      DemoAlbum.allPhotos.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    return DemoConversation.comments.compactMap { comment in
      guard let photo = photos[comment.photo], let author = DemoCast.byKey[comment.author] else {
        return nil
      }
      let written = DemoDate.after(
        photo.date.timestamp, minutes: comment.minutesAfter, key: comment.key)
      var fields: [String: JSONValue] = [
        "objectId": .string(comment.objectId), "comment": .string(comment.text),
        "imageObjectId": .string(photo.objectId), "userFBId": .string(author.facebookID),
        "user": .string(author.username), "createdAt": date(written), "updatedAt": date(written),
      ]
      if comment.isPrivate { fields["ACL"] = acl(owner: author.objectId, readers: []) }
      return .object(fields)
    }
  }

  /// An ACL granting the owner read and write, and `readers` (`"*"`, `"role:x"`) read.
  static func acl(owner: String, readers: [String]) -> JSONValue {
    var members: [String: JSONValue] = [owner: ["read": true, "write": true]]
    for reader in readers { members[reader] = ["read": true] }
    return .object(members)
  }

  /// A `createdAt`/`updatedAt` string.
  static func date(_ time: Timestamp) -> JSONValue {
    .string(ISOFormat.string(time))
  }
}
