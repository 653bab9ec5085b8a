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

extension AccessControl {
  /// The `ACL` value that grants read to whom both `first` and `second` grant it.
  ///
  /// `*` in one of them stands for everyone, so that neither widens the other. Nil when either is
  /// malformed (then the object's own `ACL` is kept, and reported as malformed: nobody reads).
  /// `agree` says whether the two grant read to the same readers.
  static func bothGrantingRead(_ first: JSONValue, _ second: JSONValue) -> (
    value: JSONValue, agree: Bool
  )? {
    guard case .success(let one) = decode(first), case .success(let other) = decode(second)
    else { return nil }
    func readers(_ acl: AccessControl) -> Set<String> {
      acl.users.union(acl.roles.map { "role:" + $0 })
    }
    let granted: Set<String> =
      one.isPublic && other.isPublic
      ? ["*"]
      : one.isPublic
        ? readers(other) : other.isPublic ? readers(one) : readers(one).intersection(readers(other))
    let value = JSONValue.object(
      Dictionary(uniqueKeysWithValues: granted.map { ($0, ["read": true]) }))
    return (value, one == other)
  }
}

/// A Parse ACL value that is not in the documented shape.
struct ACLFormatError: Error {
  let reason: String
}
