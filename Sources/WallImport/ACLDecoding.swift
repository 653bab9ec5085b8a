import WallJSON
import WallModel

extension AccessControl {
  /// Reads the read grants of a Parse `ACL` value.
  ///
  /// Returns nil with a reason when the value is malformed; the caller then treats the object as
  /// readable by nobody.
  static func decode(_ value: JSONValue) -> Result<AccessControl, ACLFormatError> {
    guard let entries = value.objectValue else {
      return .failure(ACLFormatError(reason: "ACL is \(value.kindDescription), not an object"))
    }
    var acl = AccessControl()
    for (key, grant) in entries {
      guard let permissions = grant.objectValue else {
        return .failure(
          ACLFormatError(reason: "ACL entry \"\(key)\" is \(grant.kindDescription), not an object"))
      }
      guard permissions["read"]?.boolValue == true else { continue }
      if key == "*" {
        acl.isPublic = true
      } else if key.hasPrefix("role:") {
        acl.roles.insert(String(key.dropFirst(5)))
      } else {
        acl.users.insert(key)
      }
    }
    return .success(acl)
  }
}

/// A Parse ACL value that is not in the documented shape.
struct ACLFormatError: Error {
  let reason: String
}
