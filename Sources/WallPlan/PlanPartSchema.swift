/// The tables of one part of a plan made in parts (`PLAN.parts/K-of-N.sqlite`,
/// docs/sharding.md, "The plan in parts"): the rows of the part's share of the class files as
/// they read on their own, and its image files' digests and headers.
enum PlanPartSchema {
  /// Bumped whenever a table changes; a part of another format is refused by the merge.
  static let format = "wallgen-plan-part-9"

  /// The statements that create an empty part.
  static let create = """
    PRAGMA journal_mode = OFF;
    PRAGMA synchronous = OFF;
    CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
    CREATE TABLE users(
      objectId TEXT NOT NULL, position INTEGER NOT NULL, username TEXT NOT NULL,
      facebookID TEXT, name TEXT, isPublic INTEGER NOT NULL, facebookSafe INTEGER NOT NULL);
    CREATE TABLE images(
      objectId TEXT NOT NULL, className TEXT NOT NULL, position INTEGER NOT NULL,
      authorFacebookID TEXT, authorUsername TEXT, authorPointer TEXT, createdAt INTEGER,
      acl TEXT, path TEXT, originalName TEXT, caption TEXT, awaitsFile INTEGER NOT NULL,
      namesFile INTEGER NOT NULL);
    CREATE TABLE comments(
      objectId TEXT NOT NULL, position INTEGER NOT NULL, imageID TEXT NOT NULL,
      authorFacebookID TEXT, authorUsername TEXT, authorPointer TEXT,
      createdAt INTEGER, text TEXT NOT NULL, acl TEXT);
    CREATE TABLE problems(
      step INTEGER NOT NULL, position INTEGER NOT NULL, rank INTEGER NOT NULL,
      conditional INTEGER NOT NULL, severity TEXT NOT NULL, file TEXT NOT NULL,
      className TEXT NOT NULL, objectId TEXT NOT NULL, kind TEXT NOT NULL, reason TEXT NOT NULL);
    CREATE TABLE problemCounts(
      severity TEXT NOT NULL, file TEXT NOT NULL, className TEXT NOT NULL, kind TEXT NOT NULL,
      count INTEGER NOT NULL, objectId TEXT NOT NULL);
    CREATE TABLE joins(
      className TEXT NOT NULL, owning TEXT NOT NULL, related TEXT NOT NULL,
      position INTEGER NOT NULL, objectId TEXT);
    CREATE TABLE roles(objectId TEXT NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL);
    CREATE TABLE objects(
      className TEXT NOT NULL, objectId TEXT NOT NULL, position INTEGER NOT NULL,
      idKey TEXT NOT NULL);
    CREATE TABLE graph(facebookID TEXT NOT NULL, name TEXT);
    CREATE TABLE graphFriends(facebookID TEXT NOT NULL, friend TEXT, position INTEGER NOT NULL);
    CREATE TABLE pictures(
      facebookID TEXT NOT NULL, priority INTEGER NOT NULL, path TEXT NOT NULL,
      originalName TEXT NOT NULL);
    CREATE TABLE sources(
      path TEXT NOT NULL, avatar INTEGER NOT NULL, digest TEXT, readError TEXT, format TEXT,
      width INTEGER, height INTEGER, orientation INTEGER, hasAlpha INTEGER, probeError TEXT,
      hash INTEGER NOT NULL);
    """

  /// The tables a merge copies from every part, in this order.
  static let tables = [
    "users", "images", "comments", "joins", "roles", "graph", "graphFriends", "pictures",
    "sources", "problems", "problemCounts", "objects",
  ]

  /// The file of part `part` of the plan `plan`: `PLAN.parts/K-of-N.sqlite`.
  static func path(of part: ShardSpec, plan: String) -> String {
    "\(folder(plan: plan))/\(part.index)-of-\(part.count).sqlite"
  }

  /// The folder of the parts of the plan `plan`.
  static func folder(plan: String) -> String { "\(plan).parts" }
}
