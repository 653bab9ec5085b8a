import WallImport

private typealias Step = StagedProblem.Step
private typealias Fault = ImportSession.JoinFault

/// The merge's report of the rows' problems (`PlanWriter.reportRowProblems`): what each row of
/// `rowProblems` reports, the query, and the problems the parts only counted.
extension PlanMergeSQL {
  /// What a row of `rowProblems` reports (its fourth column), and what its two values (the
  /// eleventh and twelfth columns) hold.
  enum RowProblem: Int64 {
    /// A problem a part handed on, whose row passed the checks that come before it (or, for a
    /// Graph file's, once for each user who has the file); the severity, file, kind and reason
    /// columns hold it.
    case stored = 0
    /// An image whose uploader is no user: the author's Facebook id and username.
    case unknownUploader = 1
    /// A comment on an image that is not kept: the image's objectId.
    case missingImage = 2
    /// A comment whose author is no user: the author's Facebook id and username.
    case unknownAuthor = 3
    /// A user whose Facebook id an earlier user has: the id and the earlier user.
    case sharedFacebookID = 4
    /// A user whose Facebook id is no safe file name: the id.
    case unsafeFacebookID = 5
    /// A friend of a user's Graph file without an id or who is no user: the friend's id or
    /// null, and the friend's place in the file.
    case graphFriend = 6
    /// A Graph file no user has (the objectId column is its id).
    case unusedGraphFile = 7
    /// A row whose objectId an earlier row of its file has: the file's name for the objectId.
    case duplicate = 8
    /// A `WallImageObject` whose objectId a kept `WallImage` has (`shadowed`).
    case alsoWallImage = 9
    /// A join row a side of which is not there: this plus its `JoinFault`'s raw value; the
    /// objectId column is the row's own objectId or null, the values owningId and relatedId.
    case joinFault = 100
  }

  /// The problems the parts counted and did not list, by kind: how many, and the objectId they
  /// are all about ("" when they differ).
  static let unlisted = """
    SELECT severity, file, className, kind, sum(count),
      CASE WHEN count(DISTINCT objectId) = 1 THEN max(objectId) ELSE '' END
    FROM s.problemCounts GROUP BY severity, file, className, kind
    """

  /// The problems of the rows, in the order the whole import reports them.
  ///
  /// By class file, row and place in the row, of the class files numbered from the first
  /// parameter to the second (`StagedProblem.Step`). Columns: class file, row, place, then
  /// what to report (a `RowProblem`), severity, file, class, objectId, kind, reason, two values
  /// (`RowProblem` says which), and a text that orders the Graph data as the import reads it:
  /// by user, then by file name.
  static let rowProblems = """
    SELECT * FROM (
    SELECT step, position, rank, \(RowProblem.stored.rawValue), severity, file, className, objectId, kind, reason, NULL,
      NULL, ''
    FROM s.problems p
    WHERE (rank < \(StagedProblem.order(.duplicate))
      OR NOT EXISTS (SELECT 1 FROM s.duplicates d
        WHERE d.className = p.className AND d.position = p.position))
    AND (NOT conditional
      OR (step IN (\(Step.images.rawValue), \(Step.imageObjects.rawValue))
        AND (SELECT uploader IS NOT NULL AND NOT shadowed FROM s.resolvedImages i
          WHERE i.objectId = p.objectId AND i.className = p.className))
      OR (step = \(Step.comments.rawValue)
        AND (SELECT imageKept AND author IS NOT NULL FROM s.resolvedComments c
          WHERE c.objectId = p.objectId)))
    UNION ALL
    SELECT CASE x.className WHEN 'WallImageObject' THEN \(Step.imageObjects.rawValue)
      ELSE \(Step.images.rawValue) END, x.position, \(StagedProblem.order(.merge)),
      \(RowProblem.unknownUploader.rawValue), NULL, NULL,
      x.className, x.objectId, NULL, NULL, x.authorFacebookID, x.authorUsername, ''
    FROM s.images x JOIN s.resolvedImages r ON r.objectId = x.objectId
      AND r.className = x.className
    WHERE r.uploader IS NULL AND NOT r.shadowed
    UNION ALL
    SELECT \(Step.imageObjects.rawValue), position, \(StagedProblem.order(.rowCheck)),
      \(RowProblem.alsoWallImage.rawValue), NULL, NULL, className, objectId, NULL, NULL, NULL,
      NULL, ''
    FROM s.resolvedImages WHERE shadowed
    UNION ALL
    SELECT \(Step.comments.rawValue), c.position, \(StagedProblem.order(.merge)),
      CASE WHEN r.imageKept THEN \(RowProblem.unknownAuthor.rawValue)
      ELSE \(RowProblem.missingImage.rawValue) END,
      NULL, NULL, 'WallImageComment', c.objectId, NULL, NULL,
      CASE WHEN r.imageKept THEN c.authorFacebookID ELSE c.imageID END, c.authorUsername, ''
    FROM s.comments c JOIN s.resolvedComments r ON r.objectId = c.objectId
    WHERE NOT r.imageKept OR r.author IS NULL
    UNION ALL
    SELECT CASE j.className WHEN '_Join:friends:_User' THEN \(Step.friends.rawValue + 1)
      WHEN '_Join:users:_Role' THEN \(Step.roleUsers.rawValue + 1)
      ELSE \(Step.roleRoles.rawValue + 1) END, j.position, \(StagedProblem.order(.merge)),
      \(RowProblem.joinFault.rawValue) + CASE j.className
        WHEN '_Join:friends:_User' THEN
          CASE WHEN EXISTS (SELECT 1 FROM s.users u WHERE u.objectId = j.owning)
          THEN \(Fault.relatedNoUser.rawValue) ELSE \(Fault.owningNoUser.rawValue) END
        WHEN '_Join:users:_Role' THEN
          CASE WHEN EXISTS (SELECT 1 FROM s.roles r WHERE r.objectId = j.owning)
          THEN \(Fault.relatedNoUser.rawValue) ELSE \(Fault.owningNoRole.rawValue) END
        ELSE \(Fault.sideNoRole.rawValue) END,
      NULL, NULL, j.className, j.objectId, NULL, NULL, j.owning, j.related, ''
    FROM s.joins j WHERE NOT \(joinKept)
    UNION ALL
    SELECT \(Step.users.rawValue), u.position, \(StagedProblem.order(.merge)),
      \(RowProblem.sharedFacebookID.rawValue), NULL, NULL, '_User', u.objectId, NULL, NULL, u.facebookID,
      f.objectId, ''
    FROM s.users u JOIN s.facebookIDs f ON f.facebookID = u.facebookID
    WHERE f.objectId <> u.objectId
    UNION ALL
    SELECT \(Step.graph.rawValue), 0, 0, \(RowProblem.unsafeFacebookID.rawValue), NULL, NULL, '_User',
      u.objectId, NULL, NULL, u.facebookID, NULL, u.objectId
    FROM s.users u WHERE u.facebookID IS NOT NULL AND NOT u.facebookSafe
    UNION ALL
    SELECT \(Step.graph.rawValue), 0, \(StagedProblem.order(.merge)) + g.position,
      \(RowProblem.graphFriend.rawValue), NULL, NULL, '', g.facebookID, NULL, NULL, g.friend,
      g.position, u.objectId
    FROM s.users u JOIN s.graphFriends g ON g.facebookID = u.facebookID
    WHERE u.facebookSafe AND (g.friend IS NULL
      OR NOT EXISTS (SELECT 1 FROM s.facebookIDs f WHERE f.facebookID = g.friend))
    UNION ALL
    SELECT p.step, 0, p.rank, \(RowProblem.stored.rawValue), p.severity, p.file, p.className,
      p.objectId, p.kind, p.reason, NULL, NULL, u.objectId
    FROM s.problems p JOIN s.users u ON u.facebookID = p.objectId AND u.facebookSafe
    WHERE p.step = \(Step.graph.rawValue) AND p.conditional
    UNION ALL
    SELECT \(Step.graph.rawValue + 1), 0, 0, \(RowProblem.unusedGraphFile.rawValue), NULL, NULL, '',
      g.facebookID, NULL, NULL, NULL, NULL, g.facebookID || '.json'
    FROM s.graph g
    WHERE NOT EXISTS (SELECT 1 FROM s.facebookIDs f WHERE f.facebookID = g.facebookID)
    UNION ALL
    SELECT CASE d.className WHEN '_User' THEN \(Step.users.rawValue)
      WHEN '_Role' THEN \(Step.roles.rawValue) WHEN 'WallImage' THEN \(Step.images.rawValue)
      WHEN 'WallImageObject' THEN \(Step.imageObjects.rawValue)
      ELSE \(Step.comments.rawValue) END, d.position, \(StagedProblem.order(.duplicate)),
      \(RowProblem.duplicate.rawValue), NULL, NULL, d.className, d.objectId, NULL, NULL, d.idKey, NULL, ''
    FROM s.duplicates d)
    WHERE step BETWEEN ? AND ?
    ORDER BY 1, 2, 13, 3
    """
}
