/// The SQL of a plan's merge (`PlanWriter.merge`): the scratch tables the parts are gathered
/// in, the checks that send an export to the whole import, and the plan's tables made from them.
enum PlanMergeSQL {

  /// SQLite's page cache, in KiB, of the plan being written and of the scratch database, each.
  ///
  /// With a part's cache (`partCacheKiB`) and the sorts, they are what the merge holds, whatever
  /// the export: two caches of 32 MiB, one part's of 2 MiB, and a sort (`ORDER BY`, `GROUP BY`,
  /// `CREATE INDEX`) keeps at most the main database's cache size in memory before it spills
  /// to temporary files (`temp_store = FILE`).
  static let cacheKiB = 32 * 1024

  /// SQLite's page cache of the part attached while its rows are copied, in KiB.
  static let partCacheKiB = 2 * 1024

  /// The settings of the plan being written, besides its tables (`PlanSchema.create`).
  static let settings = """
    PRAGMA cache_size = -\(cacheKiB);
    PRAGMA temp_store = FILE;
    """

  /// The scratch database's tables (attached as `s`), keyed so that a row given by two parts
  /// is kept once: objectIds (the first row of an objectId given twice: `gatherFirst`),
  /// joins (a repeated one is kept at its first place, as the import keeps it: `gatherJoins`)
  /// and Graph friends (repeated ones are dropped silently, as the import drops them).
  static let scratch = """
    PRAGMA s.journal_mode = OFF;
    PRAGMA s.synchronous = OFF;
    PRAGMA s.cache_size = -\(cacheKiB);
    CREATE TABLE s.users(
      objectId TEXT PRIMARY KEY, position INTEGER NOT NULL, username TEXT NOT NULL,
      facebookID TEXT, name TEXT, isPublic INTEGER NOT NULL, facebookSafe INTEGER NOT NULL);
    CREATE TABLE s.images(
      objectId TEXT NOT NULL, className TEXT NOT NULL, position INTEGER NOT NULL,
      authorFacebookID TEXT, authorUsername TEXT, authorPointer TEXT, createdAt INTEGER,
      acl TEXT, path TEXT, originalName TEXT, caption TEXT, awaitsFile INTEGER NOT NULL,
      namesFile INTEGER NOT NULL, PRIMARY KEY(className, objectId));
    CREATE TABLE s.comments(
      objectId TEXT PRIMARY KEY, position INTEGER NOT NULL, imageID TEXT NOT NULL,
      authorFacebookID TEXT, authorUsername TEXT, authorPointer TEXT,
      createdAt INTEGER, text TEXT NOT NULL, acl TEXT);
    CREATE TABLE s.problems(
      step INTEGER NOT NULL, position INTEGER NOT NULL, rank INTEGER NOT NULL,
      conditional INTEGER NOT NULL, severity TEXT NOT NULL, file TEXT NOT NULL,
      className TEXT NOT NULL, objectId TEXT NOT NULL, kind TEXT NOT NULL, reason TEXT NOT NULL);
    CREATE TABLE s.problemCounts(
      severity TEXT NOT NULL, file TEXT NOT NULL, className TEXT NOT NULL, kind TEXT NOT NULL,
      count INTEGER NOT NULL, objectId TEXT NOT NULL);
    CREATE TABLE s.joins(
      className TEXT NOT NULL, owning TEXT NOT NULL, related TEXT NOT NULL,
      position INTEGER NOT NULL, objectId TEXT,
      PRIMARY KEY(className, owning, related)) WITHOUT ROWID;
    CREATE TABLE s.roles(objectId TEXT PRIMARY KEY, name TEXT NOT NULL, position INTEGER NOT NULL);
    CREATE TABLE s.objects(
      className TEXT NOT NULL, objectId TEXT NOT NULL, position INTEGER NOT NULL,
      idKey TEXT NOT NULL);
    CREATE TABLE s.graph(facebookID TEXT PRIMARY KEY, name TEXT);
    CREATE TABLE s.graphFriends(
      facebookID TEXT NOT NULL, friend TEXT, position INTEGER NOT NULL,
      PRIMARY KEY(facebookID, position)) WITHOUT ROWID;
    CREATE TABLE s.pictures(
      facebookID TEXT NOT NULL, priority INTEGER NOT NULL, path TEXT NOT NULL,
      originalName TEXT NOT NULL, PRIMARY KEY(facebookID, priority));
    CREATE TABLE s.sources(
      path TEXT NOT NULL, avatar INTEGER NOT NULL, digest TEXT, readError TEXT, format TEXT,
      width INTEGER, height INTEGER, orientation INTEGER, hasAlpha INTEGER, probeError TEXT,
      hash INTEGER NOT NULL, PRIMARY KEY(path, avatar));
    """

  /// How a row names a user resolves as `ImportSession.resolveAuthor` does: its Facebook id
  /// (the first user who has it), else its username (the first user who has it), else a
  /// pointer to an existing user.
  static func author(_ alias: String) -> String {
    """
    COALESCE(
      (SELECT objectId FROM s.facebookIDs WHERE facebookID = \(alias).authorFacebookID),
      (SELECT objectId FROM s.usernames WHERE username = \(alias).authorUsername),
      (SELECT objectId FROM s.users WHERE objectId = \(alias).authorPointer))
    """
  }

  /// Who a user is known by, the first user (in file order) winning, and each row's author;
  /// which images and comments are kept (`kept`): an image whose uploader is a user and whose
  /// date was read, a comment on such an image whose author is a user and whose date was read.
  ///
  /// A `WallImageObject` whose objectId a kept `WallImage` has is `shadowed`: the import keeps
  /// the `WallImage`, reports the other, and reads it no further.
  static let resolve = """
    CREATE INDEX s.users_folded ON users(lower(objectId));
    CREATE INDEX s.users_facebook ON users(facebookID);
    CREATE TABLE s.usernames(username TEXT PRIMARY KEY, objectId TEXT NOT NULL);
    INSERT OR IGNORE INTO s.usernames SELECT username, objectId FROM s.users ORDER BY position;
    CREATE TABLE s.facebookIDs(facebookID TEXT PRIMARY KEY, objectId TEXT NOT NULL);
    INSERT OR IGNORE INTO s.facebookIDs SELECT facebookID, objectId FROM s.users
      WHERE facebookID IS NOT NULL ORDER BY position;
    CREATE TABLE s.resolvedImages(
      objectId TEXT NOT NULL, className TEXT NOT NULL, uploader TEXT, path TEXT,
      originalName TEXT, createdAt INTEGER, acl TEXT, caption TEXT, position INTEGER NOT NULL,
      shadowed INTEGER NOT NULL, kept INTEGER NOT NULL);
    INSERT INTO s.resolvedImages SELECT *, 0, uploader IS NOT NULL AND createdAt IS NOT NULL FROM (
      SELECT objectId, className, \(author("x")) AS uploader, path, originalName, createdAt, acl,
        caption, position FROM s.images x);
    CREATE UNIQUE INDEX s.resolvedImages_id ON resolvedImages(objectId, className);
    UPDATE s.resolvedImages SET shadowed = 1, kept = 0 WHERE className = 'WallImageObject'
      AND EXISTS (SELECT 1 FROM s.resolvedImages w
        WHERE w.objectId = resolvedImages.objectId AND w.className = 'WallImage' AND w.kept);
    CREATE INDEX s.resolvedImages_kept ON resolvedImages(objectId, kept);
    CREATE TABLE s.resolvedComments(
      objectId TEXT NOT NULL, position INTEGER NOT NULL, imageID TEXT NOT NULL, author TEXT,
      createdAt INTEGER, text TEXT NOT NULL, acl TEXT, imageKept INTEGER NOT NULL,
      kept INTEGER NOT NULL);
    INSERT INTO s.resolvedComments SELECT *,
      imageKept AND author IS NOT NULL AND createdAt IS NOT NULL FROM (
      SELECT objectId, position, imageID, \(author("x")) AS author, createdAt, text, acl,
        EXISTS (SELECT 1 FROM s.resolvedImages i WHERE i.objectId = x.imageID AND i.kept)
          AS imageKept
      FROM s.comments x);
    CREATE UNIQUE INDEX s.resolvedComments_id ON resolvedComments(objectId);
    """

  /// Each check: what it finds (a problem of the export, which the whole import reports in
  /// its words), and a query that is 1 when it finds it.
  static let checks: [(String, String)] = [
    ("no user", "SELECT NOT EXISTS (SELECT 1 FROM s.users)")
  ]

  /// Each user as the plan lists it, by objectId: the Graph name over `name` over the
  /// username, and the first picture found (jpg, jpeg, png).
  static let users = """
    SELECT u.objectId, u.username, u.facebookID, COALESCE(g.name, u.name, u.username),
      p.path, p.originalName, u.isPublic,
      EXISTS (SELECT 1 FROM s.users t
        WHERE lower(t.objectId) = lower(u.objectId) AND t.objectId <> u.objectId)
    FROM s.users u
    LEFT JOIN s.graph g ON g.facebookID = u.facebookID AND u.facebookSafe
    LEFT JOIN (SELECT facebookID, path, originalName, min(priority) FROM s.pictures
      GROUP BY facebookID) p ON p.facebookID = u.facebookID AND u.facebookSafe
    ORDER BY u.objectId
    """

  /// The friends (both sources), roles (inherited ones included), images (newest first, as
  /// a one-process plan numbers them) and comments (captions included) of the plan.
  ///
  /// A kept comment whose objectId is a caption's (`<image>:caption`) stands in its place, as
  /// the import, which reads comments after captions, keeps it.
  static let rows = """
    INSERT OR IGNORE INTO main.friends SELECT owning, related FROM s.joins j
      WHERE className = '_Join:friends:_User' AND owning <> related AND \(joinKept);
    INSERT OR IGNORE INTO main.friends SELECT a.objectId, b.objectId FROM s.graphFriends g
      JOIN s.users a ON a.facebookID = g.facebookID AND a.facebookSafe
      JOIN s.facebookIDs b ON b.facebookID = g.friend WHERE a.objectId <> b.objectId;
    WITH RECURSIVE reach(root, current) AS (
      SELECT objectId, objectId FROM s.roles
      UNION SELECT reach.root, j.related FROM reach JOIN s.joins j
        ON j.className = '_Join:roles:_Role' AND j.owning = reach.current WHERE \(joinKept))
    INSERT OR IGNORE INTO main.roles SELECT m.related, r.name FROM reach
      JOIN s.joins m ON m.className = '_Join:users:_Role' AND m.owning = reach.current
      JOIN s.roles r ON r.objectId = reach.root
      WHERE EXISTS (SELECT 1 FROM s.users u WHERE u.objectId = m.related);
    INSERT INTO main.images SELECT objectId, className, uploader, path, originalName, createdAt,
      acl FROM s.resolvedImages WHERE kept ORDER BY createdAt DESC, objectId;
    INSERT INTO main.comments SELECT objectId, 'WallImageComment', imageID, author, text,
      createdAt, acl FROM s.resolvedComments WHERE kept;
    INSERT OR IGNORE INTO main.comments SELECT objectId || ':caption', className, objectId,
      uploader, caption, createdAt, acl FROM s.resolvedImages WHERE kept AND caption IS NOT NULL;
    """

  /// Whether the join row `j` is used: both its sides are there (users for a friend row, a role
  /// and a user for a role's user, roles for a role's role), as the import uses it.
  static let joinKept = """
    (CASE j.className
      WHEN '_Join:friends:_User' THEN
        EXISTS (SELECT 1 FROM s.users u WHERE u.objectId = j.owning)
        AND EXISTS (SELECT 1 FROM s.users u WHERE u.objectId = j.related)
      WHEN '_Join:users:_Role' THEN
        EXISTS (SELECT 1 FROM s.roles r WHERE r.objectId = j.owning)
        AND EXISTS (SELECT 1 FROM s.users u WHERE u.objectId = j.related)
      ELSE EXISTS (SELECT 1 FROM s.roles r WHERE r.objectId = j.owning)
        AND EXISTS (SELECT 1 FROM s.roles r WHERE r.objectId = j.related) END)
    """

  /// The image files of the plan (`MediaPlan`): the photos of shown images by path, each
  /// under the first image (by objectId) that shows it, then the users' pictures by user.
  static let sources = """
    INSERT INTO main.sources
      SELECT o.path, 0,
        (SELECT className FROM s.shown WHERE path = o.path ORDER BY objectId LIMIT 1),
        o.objectId, x.digest, x.readError, x.format, x.width, x.height, x.orientation,
        x.hasAlpha, x.probeError, x.hash, o.public
      FROM (SELECT path, min(objectId) AS objectId, max(public) AS public FROM s.shown
        GROUP BY path) o
      JOIN s.sources x ON x.path = o.path AND x.avatar = 0
      ORDER BY o.path;
    INSERT OR IGNORE INTO main.sources
      SELECT u.picturePath, 1, '_User', u.objectId, x.digest, x.readError, x.format, x.width,
        x.height, x.orientation, x.hasAlpha, x.probeError, x.hash, u.isPublic
      FROM main.users u JOIN s.sources x ON x.path = u.picturePath AND x.avatar = 1
      ORDER BY u.objectId;
    """

  /// The files a part should have read and did not (none, unless a part was made by another
  /// wallgen): 1 when there is one.
  static let unprobed = """
    SELECT EXISTS (SELECT 1 FROM s.shown h WHERE h.path IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM s.sources x WHERE x.path = h.path AND x.avatar = 0))
    OR EXISTS (SELECT 1 FROM main.users u WHERE u.picturePath IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM s.sources x WHERE x.path = u.picturePath AND x.avatar = 1))
    """

  /// The photos whose file is missing because `files/` holds none, by class file
  /// ("WallImage.json"): those of images whose uploader is a user, as the import reads an
  /// image's file only once it found its uploader.
  static let awaitingFiles = """
    SELECT x.className || '.json', count(*) FROM s.images x
    JOIN s.resolvedImages i ON i.objectId = x.objectId AND i.className = x.className
    WHERE x.awaitsFile AND i.uploader IS NOT NULL AND NOT i.shadowed GROUP BY x.className
    """

  /// How many photos name a file, and how many of them were found (`PhotoFileCount`): those
  /// of images whose uploader is a user, as the import reads an image's file only then.
  static let photoFiles = """
    SELECT total(x.namesFile), total(x.path IS NOT NULL) FROM s.images x
    JOIN s.resolvedImages i ON i.objectId = x.objectId AND i.className = x.className
    WHERE i.uploader IS NOT NULL AND NOT i.shadowed
    """

  /// The friendships listed by one side only, by user then friend (the import's warnings).
  static let oneSided = """
    SELECT f.owner, f.friend FROM main.friends f
    WHERE NOT EXISTS (SELECT 1 FROM main.friends r INDEXED BY friends_friend
      WHERE r.friend = f.owner AND r.owner = f.friend)
    ORDER BY f.owner, f.friend
    """

  /// What a public site leaves out: images, then comments, that anyone may not read, then
  /// users whose row anyone may not read (`User.isPublic`, read from it by the parts).
  static let leftOut = """
    SELECT (SELECT count(*) FROM main.images WHERE NOT \(isPublic("acl"))),
      (SELECT count(*) FROM main.comments WHERE NOT \(isPublic("acl"))),
      (SELECT count(*) FROM main.users WHERE isPublic = 0)
    """
}
