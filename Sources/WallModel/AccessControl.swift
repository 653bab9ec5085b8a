/// The read grants of a Parse ACL.
///
/// Write grants do not matter to a wall and are not kept.
public struct AccessControl: Sendable, Hashable {
  /// True when `"*"` may read.
  public var isPublic: Bool
  /// User objectIds granted read.
  public var users: Set<String>
  /// Role names (without the `role:` prefix) granted read.
  public var roles: Set<String>

  /// Creates an ACL from its read grants.
  public init(isPublic: Bool = false, users: Set<String> = [], roles: Set<String> = []) {
    self.isPublic = isPublic
    self.users = users
    self.roles = roles
  }

  /// Whether a user with the given objectId and role names may read.
  public func grantsRead(to userID: String, roles userRoles: Set<String>) -> Bool {
    isPublic || users.contains(userID) || !roles.isDisjoint(with: userRoles)
  }
}

extension Optional where Wrapped == AccessControl {
  /// Parse's default: an object without an ACL is public.
  public func grantsRead(to userID: String, roles: Set<String>) -> Bool {
    self?.grantsRead(to: userID, roles: roles) ?? true
  }

  /// Whether everyone may read: no ACL, or one with `"*"` read.
  public var grantsPublicRead: Bool {
    self?.isPublic ?? true
  }
}
