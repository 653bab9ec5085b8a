import Testing
import WallKit
import WallKitTestSupport
import WallSynth

@testable import WallPlan

/// The merge's SQL applies the visibility rule as the naive `VisibilityOracle` does: each
/// wall's size (`PlanMergeSQL.wallImages`) and what no user may see (`PlanMergeSQL.unseen`),
/// on generated exports whose ACLs grant by name, by role, both, or neither.
@Suite(.serialized) struct PlanVisibilityTests {
  /// A random 60-user export whose ACLs are redrawn to mix every kind of grant: the
  /// generator's own always name the author, so a comment read through a role only, or by
  /// someone who does not see its image, would not occur.
  static func export(seed: UInt64) -> SyntheticExport {
    var export = ShardFixture.randomGraph(
      edges: 90, edgeSeed: seed, imagesPerUser: 1.5, commentsPerImage: 2, seed: seed)
    var random = SeededRandom(seed: seed &+ 1)
    func user() -> String { "u\(Int.random(in: 0..<export.users.count, using: &random))" }
    func role() -> String {
      "role:\(export.roles[Int.random(in: 0..<export.roles.count, using: &random)].name)"
    }
    func readers(owner: Int) -> [String]? {
      switch Int.random(in: 0..<8, using: &random) {
      case 0: return [role()]
      case 1: return [user()]
      case 2: return [user(), role()]
      case 3: return [user(), user()]
      case 4: return ["u\(owner)", role()]
      case 5: return []
      case 6: return ["*"]
      default: return nil
      }
    }
    for index in export.images.indices {
      export.images[index].readers = readers(owner: export.images[index].uploader)
    }
    for index in export.comments.indices {
      export.comments[index].readers = readers(owner: export.comments[index].author)
    }
    return export
  }

  /// What the oracle says: each user's wall size, the images on no wall, and the restricted
  /// comments on a shown image that no one whose wall shows it may read.
  static func expected(_ export: SyntheticExport) -> (
    sizes: [String: Int], unseenImages: Set<String>, unseenComments: Set<String>
  ) {
    let oracle = VisibilityOracle(export)
    var sizes: [String: Int] = [:]
    var shown: [String: Set<Int>] = [:]
    for (user, record) in export.users.enumerated() {
      let wall = oracle.wall(user)
      sizes[record.objectId] = wall.count
      for image in wall { shown[image, default: []].insert(user) }
    }
    let unseenImages = Set(export.images.map(\.objectId).filter { shown[$0] == nil })
    var unseenComments: Set<String> = []
    for comment in export.comments where comment.readers?.contains("*") == false {
      guard let viewers = shown[export.images[comment.image].objectId] else { continue }
      if !viewers.contains(where: { oracle.canRead(comment.readers, user: $0) }) {
        unseenComments.insert(comment.objectId)
      }
    }
    return (sizes, unseenImages, unseenComments)
  }

  @Test(
    "each wall's size and what no user may see are the oracle's, whatever the ACLs grant",
    arguments: [1, 2, 3, 4] as [UInt64])
  func mergeAppliesTheRule(seed: UInt64) throws {
    let folder = try TemporaryDirectory("plan-visibility")
    let export = Self.export(seed: seed)
    try ShardFixture.writePredictable(export, to: folder.url("export"))
    let plan = folder.url("plan.sqlite")
    let result = try PlanPartsTests.planInParts(folder.url("export"), plan: plan, count: 2)
    #expect(result.wholeImport == nil)
    let expected = Self.expected(export)
    // The cases the rule's SQL tells apart all occur.
    #expect(!expected.unseenComments.isEmpty && !expected.unseenImages.isEmpty)
    #expect(Set(expected.sizes.values).count > 3, "walls of several sizes")

    var sizes: [String: Int] = [:]
    try SQLiteDatabase(path: plan, create: false).prepare(
      "SELECT objectId, wallImages FROM users"
    ).forEach([]) { sizes[$0.text(0)] = Int($0.integer(1)) }
    #expect(sizes == expected.sizes)
    let problems = result.report.problems
    #expect(problems.allSatisfy { $0.omitted == 0 }, "every unseen object is listed")
    let unseen = { (reason: String) in
      Set(problems.filter { $0.reason.hasPrefix(reason) }.map(\.objectId))
    }
    #expect(unseen("no user may see this image") == expected.unseenImages)
    #expect(unseen("no user who sees its image may read this comment") == expected.unseenComments)
  }
}
