/// Who may see what, in the merge's SQL: the rule of `AccessControl.grantsRead` and
/// `WallIndex` (a wall shows its owner's and friends' images the owner may read), and the
/// statements built on it (each wall's size, the images on some wall, what no one may see).
///
/// An ACL is stored as `{"p":…,"r":[…],"u":[…]}` (`PlanSchema.encode`); NULL is no ACL.
extension PlanMergeSQL {
  /// Whether anyone may read an object with the ACL `acl` (NULL: no ACL, public).
  static func isPublic(_ acl: String) -> String {
    "(\(acl) IS NULL OR json_extract(\(acl), '$.p'))"
  }

  /// The users the ACL `acl` names, as a table of one column, `value`.
  static func grantedUsers(_ acl: String) -> String {
    "json_each(\(acl), '$.u')"
  }

  /// Whether the ACL `acl` grants one of the roles of `user` (roles inherited included).
  static func grantsRole(_ acl: String, to user: String) -> String {
    """
    EXISTS (SELECT 1 FROM json_each(\(acl), '$.r') r JOIN main.roles x
      ON x.role = r.value WHERE x.user = \(user))
    """
  }

  /// Each wall's size: its owner's and friends' images the owner may read.
  ///
  /// The public images are counted once per uploader (`publicUploads`). The restricted ones
  /// are counted from `restrictedSeen`: each pair of a restricted image and a user whose wall
  /// shows it (its uploader, or a user who lists the uploader as a friend) whom its ACL
  /// grants. Those the ACL names are found from the ACL's side, a look at each name; only the
  /// ACLs that grant roles (`roleUploads`) are looked at from each wall.
  static let wallImages = """
    CREATE TABLE s.publicUploads(uploader TEXT PRIMARY KEY, count INTEGER NOT NULL)
      WITHOUT ROWID;
    INSERT INTO s.publicUploads SELECT uploader, count(*) FROM main.images
      WHERE \(isPublic("acl")) GROUP BY uploader;
    CREATE TABLE s.restrictedSeen(
      user TEXT NOT NULL, objectId TEXT NOT NULL, PRIMARY KEY(user, objectId)) WITHOUT ROWID;
    INSERT OR IGNORE INTO s.restrictedSeen
      SELECT g.value, i.objectId FROM main.images i, \(grantedUsers("i.acl")) g
      WHERE NOT \(isPublic("i.acl")) AND (g.value = i.uploader
        OR EXISTS (SELECT 1 FROM main.friends f WHERE f.owner = g.value AND f.friend = i.uploader));
    CREATE TABLE s.roleUploads(
      uploader TEXT NOT NULL, objectId TEXT NOT NULL, acl TEXT NOT NULL,
      PRIMARY KEY(uploader, objectId)) WITHOUT ROWID;
    INSERT INTO s.roleUploads SELECT uploader, objectId, acl FROM main.images
      WHERE NOT \(isPublic("acl")) AND json_array_length(acl, '$.r') > 0;
    INSERT OR IGNORE INTO s.restrictedSeen
      SELECT w.owner, r.objectId FROM (SELECT objectId AS owner, objectId AS uploader
        FROM main.users UNION ALL SELECT owner, friend FROM main.friends) w
      JOIN s.roleUploads r ON r.uploader = w.uploader
      WHERE \(grantsRole("r.acl", to: "w.owner"));
    CREATE INDEX s.restrictedSeen_image ON restrictedSeen(objectId);
    UPDATE main.users SET wallImages =
      COALESCE((SELECT count FROM s.publicUploads WHERE uploader = users.objectId), 0)
      + (SELECT COALESCE(sum(p.count), 0) FROM main.friends f
        JOIN s.publicUploads p ON p.uploader = f.friend WHERE f.owner = users.objectId)
      + (SELECT count(*) FROM s.restrictedSeen WHERE user = users.objectId);
    """

  /// The images on at least one wall (`WallIndex.shownImages`): public, or readable by their
  /// uploader or by someone who lists the uploader as a friend (`restrictedSeen`, made by
  /// `wallImages`).
  static let shown = """
    CREATE TABLE s.shown(
      objectId TEXT PRIMARY KEY, className TEXT NOT NULL, path TEXT, public INTEGER NOT NULL);
    INSERT INTO s.shown SELECT i.objectId, i.className, i.path, \(isPublic("i.acl"))
      FROM main.images i
      WHERE \(isPublic("i.acl"))
        OR EXISTS (SELECT 1 FROM s.restrictedSeen r WHERE r.objectId = i.objectId);
    CREATE INDEX s.shown_path ON shown(path, objectId, className, public);
    """

  /// Whether someone whose wall shows the image `i` (its uploader, or a user who lists the
  /// uploader as a friend) may read it and the restricted comment `c`.
  ///
  /// Looked for from the comment's side: among the users its ACL names, then, for each role
  /// it grants, among the image's viewers who have that role. Most restricted comments are
  /// seen by no one (`unseen`), and going through every viewer of each would cost their number
  /// each; the ACL's roles are read once per comment, not once per viewer.
  static let commentSeen = """
    (EXISTS (SELECT 1 FROM \(grantedUsers("c.acl")) g
        WHERE (g.value = i.uploader OR EXISTS (SELECT 1 FROM main.friends f
          WHERE f.owner = g.value AND f.friend = i.uploader))
        AND \(wallShows("i", to: "g.value")))
      OR EXISTS (SELECT 1 FROM json_each(c.acl, '$.r') granted
        WHERE (EXISTS (SELECT 1 FROM main.roles x
            WHERE x.user = i.uploader AND x.role = granted.value)
          AND \(wallShows("i", to: "i.uploader")))
        OR EXISTS (SELECT 1 FROM main.friends f JOIN main.roles x
            ON x.user = f.owner AND x.role = granted.value
          WHERE f.friend = i.uploader AND \(wallShows("i", to: "f.owner")))))
    """

  /// Whether the wall of `user`, one whose wall holds the uploads of the image `image` (their
  /// uploader, or a user who lists the uploader as a friend), shows it: public, or granted
  /// to `user` (`restrictedSeen`, made by `wallImages`).
  static func wallShows(_ image: String, to user: String) -> String {
    """
    (\(isPublic("\(image).acl")) OR EXISTS (SELECT 1 FROM s.restrictedSeen r
      WHERE r.user = \(user) AND r.objectId = \(image).objectId))
    """
  }

  /// What no user may see (`WallIndex.reportUnseen`), in its order.
  ///
  /// Each image no wall shows, and each restricted comment on a shown image that no owner of a
  /// wall showing it may read (`commentSeen`); by image (newest first), then comment (oldest
  /// first). Columns: 0 for an image, 1 for a comment, its class and objectId.
  static let unseen = """
    SELECT kind, className, objectId FROM (
      SELECT 0 AS kind, i.className, i.objectId, i.createdAt AS imageTime,
        i.objectId AS imageID, 0 AS time
      FROM main.images i WHERE NOT EXISTS (SELECT 1 FROM s.shown h WHERE h.objectId = i.objectId)
      UNION ALL
      SELECT 1, c.className, c.objectId, i.createdAt, i.objectId, c.createdAt
      FROM main.comments c JOIN s.shown h ON h.objectId = c.imageID
        JOIN main.images i ON i.objectId = c.imageID
      WHERE NOT \(isPublic("c.acl")) AND NOT \(commentSeen))
    ORDER BY imageTime DESC, imageID, kind, time, objectId
    """
}
