import WallImaging
import WallMedia
import WallModel
import WallReport
import WallSupport

extension PlanReader {
  /// Everything the walls of `owners`, whose friend lists are `friends` (`friends(of:)`), show
  /// and name: `kept` (what an earlier batch loaded, `Neighborhood.kept(for:)`), and from the
  /// plan the images of the users it does not hold, the comments on them and everyone named
  /// who is not in it; each photo as `photoOutcome` says it comes out, from its path and the
  /// plan's record.
  func neighborhood(
    of owners: [String], friends: [String: [String]], reusing kept: consuming Neighborhood,
    photoOutcome: (String, PlannedFile) -> MediaOutcome
  ) throws(PlanError) -> Neighborhood {
    var result = kept
    let held = result.uploaders
    let ownerList = PlanSchema.list(owners)
    result.uploaders.formUnion(Neighborhood.uploaders(of: owners, friends: friends))
    for (owner, list) in friends { result.friends[owner, default: []].formUnion(list) }
    try database.prepare(
      """
      SELECT \(RoleColumn.selected(from: "r")) FROM roles r
      WHERE r.user IN (SELECT value FROM json_each(?))
      """
    ).forEach([ownerList]) { row in
      let columns = PlanRow<RoleColumn>(row: row)
      result.roles[columns.text(.user), default: []].insert(columns.text(.role))
    }
    let sourceList = PlanSchema.list(result.uploaders.subtracting(held))
    // Class names are a few, and many rows share an ACL: one copy of each.
    var names = TextValueCache<String>()
    var acls = TextValueCache<AccessControl?>()
    func acl(_ text: String?) -> AccessControl? {
      text.flatMap { acls.value(for: $0) { PlanSchema.decodeACL($0) } }
    }
    try database.prepare(
      """
      SELECT \(ImageColumn.selected(from: "i")) FROM images i
      WHERE i.uploader IN (SELECT value FROM json_each(?))
      """
    ).forEach([sourceList]) { row in
      let image = PlanRow<ImageColumn>(row: row)
      result.imageNumbers[image.text(.objectId)] = Int(image.integer(.rowid))
      let file = image.optionalText(.path).map {
        FileReference(path: $0, originalName: image.text(.originalName))
      }
      result.images.append(
        WallImage(
          objectId: image.text(.objectId),
          className: names.value(for: image.text(.className)) { $0 },
          uploaderID: image.text(.uploader), file: file,
          createdAt: Timestamp(millisecondsSince1970: image.integer(.createdAt)),
          acl: acl(image.optionalText(.acl))))
    }
    var named = result.uploaders
    try database.prepare(
      """
      SELECT \(CommentColumn.selected(from: "c"))
      FROM images i JOIN comments c ON c.imageID = i.objectId
      WHERE i.uploader IN (SELECT value FROM json_each(?))
      """
    ).forEach([sourceList]) { row in
      let columns = PlanRow<CommentColumn>(row: row)
      named.insert(columns.text(.author))
      let comment = Comment(
        objectId: columns.text(.objectId),
        className: names.value(for: columns.text(.className)) { $0 },
        imageID: columns.text(.imageID), authorID: columns.text(.author),
        text: columns.text(.text),
        createdAt: Timestamp(millisecondsSince1970: columns.integer(.createdAt)),
        acl: acl(columns.optionalText(.acl)))
      result.commentsByImage[comment.imageID, default: []].append(comment)
    }
    for user in result.users { named.remove(user.objectId) }
    try database.prepare(
      """
      SELECT \(Self.userAndPictureColumns) FROM users u
      LEFT JOIN sources s ON s.path = u.picturePath AND s.avatar = 1
      WHERE u.objectId IN (SELECT value FROM json_each(?))
      """
    ).forEach([PlanSchema.list(named)]) { row in
      let (user, picture) = userAndPicture(row)
      result.users.append(user)
      if let picture { result.pictures[picture.path] = picture }
    }
    try database.prepare(
      """
      SELECT \(Self.sourceColumns) FROM images i JOIN sources s ON s.path = i.path AND s.avatar = 0
      WHERE i.uploader IN (SELECT value FROM json_each(?))
      """
    ).forEach([sourceList]) { row in
      if let source = Self.source(row), result.photos[source.path] == nil {
        result.photos[source.path] = photoOutcome(source.path, PlannedFile(source))
      }
    }
    return result
  }
}

/// One value for each text that many rows repeat (a class name, an ACL), made from the first
/// row that has it and shared by the others.
struct TextValueCache<Value> {
  private var values: [String: Value] = [:]

  /// The value kept for `text`, `made` from it and kept now if it is new.
  mutating func value(for text: String, made: (String) -> Value) -> Value {
    if let value = values[text] { return value }
    let value = made(text)
    values[text] = value
    return value
  }
}
