import Foundation
import Testing
import WallKitTestSupport
import WallSynth

@testable import WallKit
@testable import WallPlan

/// A shard cuts its walls into batches by the users whose images they load, so that a batch's
/// memory has a bound whatever the export's size.
@Suite(.fullTier) struct ShardBatchTests {
  /// A plan of a random 60-user graph, and the renderer of its one shard.
  func renderer(uploaderLimit: Int) throws -> (TemporaryDirectory, WallBatchRenderer, [String]) {
    let folder = try TemporaryDirectory("shard-batches")
    let root = folder.url("export")
    try ShardFixture.writePredictable(ShardCardReuseTests.export(), to: root)
    let plan = folder.url("plan.sqlite")
    _ = try PlanWriter(settings: PlanWriter.Settings(export: root, plan: plan)).write()
    var renderer = try WallBatchRenderer.testing(plan: plan, output: folder.url("site"))
    renderer.uploaderLimit = uploaderLimit
    let owners = try renderer.plan.owners(in: try #require(ShardSpec(index: 0, count: 1)))
    return (folder, renderer, owners)
  }

  @Test("each batch loads the images of at most the limit's users; every wall is in one batch")
  func batchesHoldTheUploaderLimit() throws {
    let limit = 12
    let (_, renderer, owners) = try renderer(uploaderLimit: limit)
    let batches = try renderer.batches(of: owners)
    #expect(batches.count > 3, "a small limit cuts the shard into several batches")
    #expect(batches.flatMap { $0 } == owners)
    let friends = try renderer.plan.friends(of: owners)
    for batch in batches {
      let uploaders = Set(batch + batch.flatMap { friends[$0] ?? [] })
      #expect(uploaders.count <= limit || batch.count == 1, "batch \(batch)")
      // What the batch loads comes from those users only.
      let neighborhood = try renderer.neighborhood(of: batch)
      #expect(neighborhood.images.allSatisfy { uploaders.contains($0.uploaderID) })
    }
  }

  @Test("a batch that reuses what the batch before kept holds what it would load alone")
  func keptRowsMakeTheSameNeighborhood() throws {
    let (_, renderer, owners) = try renderer(uploaderLimit: 24)
    let batches = try renderer.batches(of: try renderer.ordered(owners))
    #expect(batches.count > 2)
    var kept = Neighborhood()
    var (keptUploaders, loadedImages, allImages) = (0, 0, 0)
    for (number, batch) in batches.enumerated() {
      let fresh = try renderer.neighborhood(of: batch)
      let keptImages = kept.images.count
      keptUploaders += kept.uploaders.count
      let reused = try renderer.neighborhood(of: batch, reusing: kept)
      #expect(Self.contents(of: reused) == Self.contents(of: fresh), "batch \(number)")
      loadedImages += reused.images.count - keptImages
      allImages += fresh.images.count
      kept = Neighborhood()
      if number + 1 < batches.count {
        let next = Neighborhood.uploaders(
          of: batches[number + 1], friends: try renderer.plan.friends(of: batches[number + 1]))
        kept = reused.kept(for: next)
        #expect(kept.uploaders.isSubset(of: next))
        #expect(kept.images.allSatisfy { next.contains($0.uploaderID) })
      }
    }
    #expect(keptUploaders > 0, "consecutive batches share users")
    #expect(loadedImages < allImages, "what was kept is not loaded again")
  }

  @Test(
    "a neighbourhood holds each photo's outcome as the walls show it: corrected, else predicted")
  func photosHoldTheirOutcomes() throws {
    let (_, renderer, owners) = try renderer(uploaderLimit: 1_000)
    let predicted = try renderer.neighborhood(of: owners).photos
    let path = try #require(predicted.keys.sorted().first)
    var corrections = MediaCorrections()
    corrections.photos[path] = .failed(reason: "did not decode")
    let corrected = WallBatchRenderer(
      plan: renderer.plan, media: renderer.media, settings: renderer.settings,
      writer: renderer.writer, corrections: corrections)
    let shown = try corrected.neighborhood(of: owners).photos
    #expect(shown[path] == .failed(reason: "did not decode"))
    #expect(predicted[path] != shown[path])
    #expect(shown.filter { $0.key != path }.count == predicted.count - 1)
    #expect(predicted.keys.filter { $0 != path && shown[$0] != predicted[$0] } == [])
  }

  /// What a neighbourhood holds, by objectId and path, in order.
  static func contents(of neighborhood: Neighborhood) -> [String] {
    let comments = neighborhood.commentsByImage.values.flatMap { $0 }
    return [
      "uploaders " + neighborhood.uploaders.sorted().joined(separator: ","),
      "users " + neighborhood.users.map(\.objectId).sorted().joined(separator: ","),
      "images " + neighborhood.images.map(\.objectId).sorted().joined(separator: ","),
      "numbers "
        + neighborhood.imageNumbers.map { "\($0.key)=\($0.value)" }.sorted()
        .joined(separator: ","),
      "comments "
        + comments.map { "\($0.imageID)/\($0.objectId)" }.sorted()
        .joined(separator: ","),
      "photos " + neighborhood.photos.keys.sorted().joined(separator: ","),
      "pictures " + neighborhood.pictures.keys.sorted().joined(separator: ","),
      "friends "
        + neighborhood.friends.map { "\($0.key):\($0.value.sorted())" }.sorted()
        .joined(separator: ","),
      "roles "
        + neighborhood.roles.map { "\($0.key):\($0.value.sorted())" }.sorted()
        .joined(separator: ","),
    ]
  }

  @Test("a limit past the shard's users makes one batch")
  func largeLimitMakesOneBatch() throws {
    let (_, renderer, owners) = try renderer(uploaderLimit: 1_000)
    #expect(try renderer.batches(of: owners) == [owners])
  }

  @Test("a wall whose sources alone pass the limit is a batch of its own")
  func wallOverTheLimitStandsAlone() throws {
    let (_, renderer, owners) = try renderer(uploaderLimit: 1)
    let batches = try renderer.batches(of: owners)
    #expect(batches == owners.map { [$0] })
  }
}

extension WallBatchRenderer {
  /// A renderer of the walls of the plan at `plan` into `output`, with `ShardFixture`'s
  /// settings and no corrections.
  static func testing(plan: String, output: String) throws -> WallBatchRenderer {
    let settings = ShardFixture.settings(output)
    return WallBatchRenderer(
      plan: try PlanReader(path: plan),
      media: PlannedMedia(
        thumbnailer: settings.pipeline.thumbnailer, copyOriginals: settings.copyOriginals),
      settings: settings,
      writer: PageWriter(
        siteRoot: output, staging: nil, templates: try ThemeTemplates(settings.pipeline.theme)),
      corrections: MediaCorrections())
  }
}
