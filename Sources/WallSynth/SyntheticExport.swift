import WallKit

/// A generated wall dataset as plain records: the ground truth that tests compare walls
/// against, and the source of `wallgen synth` exports.
public struct SyntheticExport: Sendable {
  /// A generated user.
  public struct User: Sendable {
    public var objectId: String
    public var facebookID: String
    public var name: String
  }
  /// A generated image; `readers` nil means no ACL.
  public struct Image: Sendable {
    public var objectId: String
    public var uploader: Int
    public var secondsAfterEpoch: Int
    public var readers: [String]?
    public var fileName: String
  }
  /// A generated comment; `readers` nil means no ACL.
  public struct Comment: Sendable {
    public var objectId: String
    public var image: Int
    public var author: Int
    public var secondsAfterEpoch: Int
    public var readers: [String]?
    public var text: String
  }

  public var users: [User] = []
  /// Friend rows written to `_Join:friends:_User.json` (owner, related), as user positions.
  public var joinFriends: [(Int, Int)] = []
  /// Friend lists written to `graph/<fbId>.json`, by user position.
  public var graphFriends: [Int: [Int]] = [:]
  /// Role name → member positions.
  public var roles: [(name: String, members: [Int])] = []
  public var images: [Image] = []
  public var comments: [Comment] = []

  /// The seconds of `secondsAfterEpoch` count from this date.
  public static let epoch = "2014-01-01T00:00:00.000Z"

  /// Generates a dataset over an undirected friendship graph of `userCount` users.
  ///
  /// Each edge is written once from each side, through `_Join` or a Graph file (chosen at random),
  /// so both friend sources are exercised. About 1 in 5 images and comments carry an ACL: private
  /// to the uploader, to a user, to a role, or public.
  public static func generate(
    userCount: Int, edges: [(Int, Int)], imagesPerUser: Double, commentsPerImage: Double,
    seed: UInt64
  ) -> SyntheticExport {
    var random = SeededRandom(seed: seed)
    var export = SyntheticExport()
    export.users = (0..<userCount).map {
      User(objectId: "u\($0)", facebookID: String(100_000 + $0), name: SyntheticNames.name(for: $0))
    }
    let viaGraph = (0..<userCount).map { _ in
      Bool.random(using: &random) && Bool.random(using: &random)
    }
    for (a, b) in edges {
      for (owner, related) in [(a, b), (b, a)] {
        if viaGraph[owner] {
          export.graphFriends[owner, default: []].append(related)
        } else {
          export.joinFriends.append((owner, related))
        }
      }
    }
    let roleCount = max(1, userCount / 200)
    export.roles = (0..<roleCount).map { index in
      let members = (0..<max(1, userCount / 50)).map { _ in
        Int.random(in: 0..<userCount, using: &random)
      }
      return ("group\(index)", Array(Set(members)).sorted())
    }
    let imageCount = Int(Double(userCount) * imagesPerUser)
    let timeSpan = max(1, imageCount / 2)  // coarse times, so that ties happen
    for index in 0..<imageCount {
      let uploader = Int.random(in: 0..<userCount, using: &random)
      export.images.append(
        Image(
          objectId: "img\(index)", uploader: uploader,
          secondsAfterEpoch: Int.random(in: 0..<timeSpan, using: &random) * 60,
          readers: randomACL(owner: uploader, export: export, using: &random),
          fileName: "tfss-\(index)-img"))
    }
    let commentCount = Int(Double(imageCount) * commentsPerImage)
    for index in 0..<commentCount where imageCount > 0 {
      let image = Int.random(in: 0..<imageCount, using: &random)
      let author = Int.random(in: 0..<userCount, using: &random)
      export.comments.append(
        Comment(
          objectId: "cmt\(index)", image: image, author: author,
          secondsAfterEpoch: export.images[image].secondsAfterEpoch + Int.random(
            in: 0..<600, using: &random) * 60,
          readers: randomACL(owner: author, export: export, using: &random),
          text: SyntheticNames.sentence(index)))
    }
    return export
  }

  private static func randomACL(
    owner: Int, export: SyntheticExport, using random: inout SeededRandom
  ) -> [String]? {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: return [export.users[owner].objectId]
    case 1:
      return [
        export.users[owner].objectId, "u\(Int.random(in: 0..<export.users.count, using: &random))",
      ]
    case 2:
      let role = export.roles[Int.random(in: 0..<export.roles.count, using: &random)].name
      return [export.users[owner].objectId, "role:\(role)"]
    case 3: return ["*"]
    default: return nil
    }
  }
}
