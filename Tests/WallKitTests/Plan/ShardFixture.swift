import Foundation
import WallKit
import WallKitTestSupport
import WallSynth

/// Exports and helpers the sharded-build tests share.
enum ShardFixture {
  /// 60 users with `edges` friendships drawn at random (seeded by `edgeSeed`, self-loops
  /// dropped), and the images and comments `SyntheticExport.generate` makes with `seed`.
  static func randomGraph(
    edges: Int, edgeSeed: UInt64, imagesPerUser: Double, commentsPerImage: Double, seed: UInt64
  ) -> SyntheticExport {
    var random = SeededRandom(seed: edgeSeed)
    let pairs = (0..<edges).map { _ in
      (Int.random(in: 0..<60, using: &random), Int.random(in: 0..<60, using: &random))
    }.filter { $0.0 != $0.1 }
    return SyntheticExport.generate(
      userCount: 60, edges: pairs, imagesPerUser: imagesPerUser,
      commentsPerImage: commentsPerImage, seed: seed)
  }

  /// A PNG whose header reads but whose pixel data is corrupt: the header probe passes, the
  /// decode fails, so no plan can predict it.
  static func corruptPNG() throws -> [UInt8] {
    var png = try ImageFixtures.checkerPNG(width: 24, height: 16, alpha: false)
    let idat = Array("IDAT".utf8)
    guard let start = (0..<(png.count - 4)).first(where: { Array(png[$0..<$0 + 4]) == idat })
    else { return png }
    for offset in (start + 6)..<min(png.count - 12, start + 30) { png[offset] ^= 0x5A }
    return png
  }

  /// An RGBA PNG whose every pixel is opaque: its header says alpha (predicted a PNG
  /// variant), its pixels make JPEG variants.
  static func opaqueRGBAPNG() throws -> [UInt8] {
    var pixels: [UInt8] = []
    for y in 0..<20 {
      for x in 0..<30 { pixels += [UInt8(x * 8), UInt8(y * 12), 90, 255] }
    }
    return try PNGCodec.encode(Bitmap(width: 30, height: 20, channels: 4, pixels: pixels))
  }

  /// Writes `export` with few distinct image files (so the media step is quick), one
  /// corrupt PNG and one opaque RGBA PNG among the photos and the pictures.
  static func write(_ export: SyntheticExport, to root: String) throws {
    var coded: [Int: [UInt8]] = [:]
    for code in 0..<48 { coded[code] = try ImageFixtures.codedJPEG(code + 1) }
    let (corrupt, opaque) = (try corruptPNG(), try opaqueRGBAPNG())
    var photos: [String: [UInt8]] = [:]
    for (position, image) in export.images.enumerated() {
      photos[image.objectId] =
        position == 11 ? corrupt : position == 17 ? opaque : coded[position % 40]
    }
    try export.write(to: root) { photos[$0.objectId] }
    let writer = try ExportWriter(root: root)
    for (position, user) in export.users.enumerated() where position % 3 == 0 {
      let bytes = position == 3 ? corrupt : position == 6 ? opaque : coded[40 + position % 8]
      try writer.writeFile("graph/\(user.facebookID).jpg", bytes ?? [])
    }
  }

  /// Writes `export` with small distinct JPEGs only, photos and every third user's picture:
  /// nothing a plan cannot predict, so finalize has nothing to correct.
  static func writePredictable(_ export: SyntheticExport, to root: String) throws {
    var photos: [String: [UInt8]] = [:]
    for (position, image) in export.images.enumerated() {
      photos[image.objectId] = try ImageFixtures.codedJPEG(position % 40 + 1)
    }
    try export.write(to: root) { photos[$0.objectId] }
    let writer = try ExportWriter(root: root)
    for (position, user) in export.users.enumerated() where position % 3 == 0 {
      try writer.writeFile(
        "graph/\(user.facebookID).jpg", try ImageFixtures.codedJPEG(41 + position % 8))
    }
  }

  /// Every regular file under `root` with the SHA-256 of its bytes (cheaper to hold than
  /// the bytes of a whole site).
  static func digests(of root: String) throws -> [String: String] {
    var result: [String: String] = [:]
    for relative in SiteTree.files(in: root) {
      result[relative] = Hex.encode(
        SHA256.digest(try FileSystem.readFile("\(root)/\(relative)", limit: 1 << 28)))
    }
    return result
  }

  /// `ShardedBuildTests.smallExport()` written predictably to `folder/export` and planned into
  /// `folder/plan` in 3 parts, then merged.
  static func plannedSmallExport(in folder: TemporaryDirectory) throws -> (
    export: SyntheticExport, root: String, plan: String
  ) {
    let root = folder.url("export")
    let export = ShardedBuildTests.smallExport()
    try writePredictable(export, to: root)
    let plan = folder.url("plan")
    _ = try PlanPartsTests.planInParts(root, plan: plan, count: 3, order: [1, 2, 0])
    return (export, root, plan)
  }

  /// Settings of a quiet two-worker build of `output`, private with `secret` when given.
  static func settings(_ output: String, export: String = "", secret: [UInt8]? = nil)
    -> SiteBuilder.Settings
  {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.replacedOutputs = [ShardRecordOutputs()]
    settings.pipeline.jobs = 2
    settings.privateSecret = secret
    return settings
  }

  /// Runs every shard of `count` in `order` (a permutation of `0..<count`), then finalize;
  /// returns finalize's result and how many images the shards found otherwise than predicted.
  @discardableResult
  static func buildSharded(
    plan: String, output: String, count: Int, order: [Int], secret: [UInt8]? = nil
  ) throws -> (result: BuildResult, corrections: Int) {
    let corrections = try runShards(
      plan: plan, output: output, count: count, order: order, secret: secret)
    let options = Self.settings(output, secret: secret)
    return (try ShardFinalizer(plan: plan, settings: options).build(), corrections)
  }

  /// Runs every shard of `count` in `order`; returns how many images they found otherwise
  /// than predicted.
  @discardableResult
  static func runShards(
    plan: String, output: String, count: Int, order: [Int], secret: [UInt8]? = nil
  ) throws -> Int {
    var corrections = 0
    for index in order {
      guard let shard = ShardSpec(index: index, count: count) else { continue }
      let options = Self.settings(output, secret: secret)
      corrections +=
        try ShardBuilder(plan: plan, shard: shard, settings: options).build().corrections
    }
    return corrections
  }
}
