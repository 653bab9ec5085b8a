import WallKit

/// A synthetic export written row by row, for exports too large to hold in memory (100,000 and
/// 1,000,000 users: `scale-bench generate --degree skewed`).
///
/// It writes the class files, Graph files and photos that `SyntheticExport` writes, with the
/// same field names, but never holds the export: every object is a function of the seed and its
/// number (`random(_:_:)`), so an image's date can be found again for its comments, and the
/// friend graph is drawn edge by edge from one seeded stream, once per slice of owners
/// (`StreamingExport+Friends.swift`). Memory is bounded by `entriesPerPass` friend entries.
///
/// Class files hold a JSON array with one object per line, so that tools can read them as
/// streams. The same seed gives byte-identical files.
public struct StreamingExport: Sendable {
  /// How friends are drawn.
  public enum Degree: String, Sendable, CaseIterable {
    /// Chung–Lu: each edge's two ends drawn with probability proportional to a weight that
    /// falls as the inverse square root of a user's rank, so a few hubs have thousands of
    /// friends and most users tens (a degree tail like preferential attachment's, exponent 3).
    case skewed
    /// Both ends drawn uniformly (an Erdős–Rényi-like graph, as `scale-bench generate` without
    /// `--degree` makes).
    case uniform
  }

  /// The number of users.
  public var users: Int
  /// How friends are drawn.
  public var degree: Degree
  /// The mean number of friends drawn per user (before duplicates and self-loops are dropped).
  public var meanDegree: Double = 20
  /// Images per user, on average (uploaders are drawn at random).
  public var imagesPerUser: Double = 2
  /// Comments per user, on average (on images drawn at random).
  public var commentsPerUser: Double = 3
  /// The pixel size of every image.
  public var width = 16
  /// The pixel size of every image.
  public var height = 12
  /// The seed of everything.
  public var seed: UInt64 = 1
  /// Whether about 1 row in 1,000 of each class file of users, images and comments is faulty,
  /// as real exports are (`faultPeriod`): a stray `_User` row and comments without an
  /// objectId, friendships listed by one side only, images whose file is missing or whose date
  /// is no date, comments on a missing image or with no date.
  public var faulty = false
  /// The most friend entries (one side of an edge) held at once: the friend graph is drawn
  /// again for each slice of owners that fits.
  public var entriesPerPass = 8_000_000

  /// Creates a description of an export.
  public init(users: Int, degree: Degree) {
    self.users = users
    self.degree = degree
  }

  /// What `write(to:progress:)` wrote.
  public struct Summary: Sendable {
    /// Users written to `_User.json`.
    public var users = 0
    /// Rows written to `_Join:friends:_User.json`.
    public var friendRows = 0
    /// Friends listed in `graph/<fbId>.json` files.
    public var graphFriends = 0
    /// The number of `graph/<fbId>.json` files.
    public var graphFiles = 0
    /// The largest friend list of one user.
    public var maximumDegree = 0
    /// Users with at least 1,000 friends.
    public var hubs = 0
    /// Roles written to `_Role.json`.
    public var roles = 0
    /// Rows of `_Join:users:_Role.json`.
    public var roleRows = 0
    /// Images written to `WallImage.json` (one photo file each).
    public var images = 0
    /// Comments written to `WallImageComment.json`.
    public var comments = 0
    /// Images with an ACL.
    public var imagesWithACL = 0
    /// Bytes of each class file, by file name.
    public var classFileBytes: [(String, Int)] = []
    /// Bytes of all Graph files.
    public var graphBytes = 0
    /// Bytes of all image files.
    public var imageBytes = 0
    /// How many passes drew the friend graph.
    public var friendPasses = 0

    /// Friend entries in all (each edge counts once from each side).
    public var friendEntries: Int { friendRows + graphFriends }
    /// Bytes of everything written.
    public var totalBytes: Int { classFileBytes.reduce(0) { $0 + $1.1 } + graphBytes + imageBytes }
  }

  /// The kinds of seeded streams, one per kind of object.
  enum Stream: UInt64 {
    case friends = 1, viaGraph, role, image, comment
  }

  /// The generator of object `index` of a kind: independent of every other object's, so any
  /// object can be made again on its own.
  func random(_ stream: Stream, _ index: Int) -> SeededRandom {
    var mixer = SeededRandom(
      seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ (stream.rawValue << 56) ^ UInt64(index))
    return SeededRandom(seed: mixer.next())
  }

  /// The number of images.
  var imageCount: Int { Int(Double(users) * imagesPerUser) }
  /// The number of comments.
  var commentCount: Int { imageCount > 0 ? Int(Double(users) * commentsPerUser) : 0 }
  /// The number of roles.
  var roleCount: Int { max(1, users / 200) }

  /// With `faulty`, the row numbers `n` of a class file with `n % faultPeriod` equal to
  /// `fault` hold that fault (its place among the kinds of faults of the file, from 1).
  static let faultPeriod = 1_000

  /// Whether row `index` of a class file holds the fault numbered `fault`.
  func isFaulty(_ index: Int, _ fault: Int) -> Bool {
    faulty && index % Self.faultPeriod == fault * Self.faultPeriod / 4
  }

  /// Writes the export into `root` (created if needed).
  /// - Parameter progress: Told what is being written, a line at a time.
  /// - Throws: `WriteError` naming the file that could not be written.
  public func write(to root: String, progress: (String) -> Void = { _ in }) throws(WriteError)
    -> Summary
  {
    try FileSystem.createDirectory(root)
    try FileSystem.createDirectory(root + "/graph")
    try FileSystem.createDirectory(root + "/files")
    var summary = Summary()
    progress("users and roles")
    try writeUsers(root, &summary)
    try writeRoles(root, &summary)
    progress("friends")
    try writeFriends(root, &summary, progress: progress)
    progress("images")
    try writeImages(root, &summary)
    progress("comments")
    try writeComments(root, &summary)
    progress("image files")
    try writeImageFiles(root, &summary)
    return summary
  }
}
