import Foundation
import Testing
import WallKitTestSupport
import WallSynth

// `@testable` only to name avatar media the way the media stage does (`MediaStage.avatarSizes`).
@testable import WallKit

/// Archives a seeded sample of the users of a generated export over the SNAP ego-Facebook
/// graph and checks, with the brute-force `VisibilityOracle` (not `WallIndex`),
/// that each bundle holds exactly the photos its owner may see and the pictures of the people
/// on their wall: no more, no fewer.
@Suite(.fullTier) struct ArchiveOracleTests {
  /// Users archived: enough to cover small and large walls, affordable in a debug build.
  static let sampleSize = 200

  /// `<key>` of a media file named `<key>-<variant>.<ext>`.
  static func key(of file: String) -> String {
    String((file.split(separator: "/").last ?? "").prefix { $0 != "-" })
  }

  @Test(
    "every sampled bundle of the SNAP export holds exactly the media the oracle lets its owner see",
    .enabled(
      if: SNAPGraph.isAvailable,
      "needs the SNAP graph, ../shared/testdata/graphs/facebook_combined.txt"))
  func snapBundlesMatchOracle() throws {
    let export = try #require(try SNAPGraph.syntheticExport.get())
    let folder = try TemporaryDirectory("snap-archive")
    let root = folder.url("export")
    var photos: [String: [UInt8]] = [:]
    for (position, image) in export.images.enumerated() {
      photos[image.objectId] = try ImageFixtures.codedJPEG(position + 1)
    }
    try export.write(to: root) { photos[$0.objectId] }
    // Every other user has a picture; the rest get generated avatars.
    let writer = try ExportWriter(root: root)
    var pictures: [Int: [UInt8]] = [:]
    for (position, user) in export.users.enumerated() where position % 2 == 0 {
      pictures[position] = try ImageFixtures.codedJPEG(1 << 32 + position)
      try writer.writeFile("graph/\(user.facebookID).jpg", pictures[position] ?? [])
    }

    var random = SeededRandom(seed: 7)
    let sample = Array(export.users.indices.shuffled(using: &random).prefix(Self.sampleSize))
    let out = folder.url("archive")
    var settings = Archiver.Settings(export: root, output: out)
    settings.userIDs = sample.map { export.users[$0].objectId }
    settings.pipeline.jobs = 2
    let result = try Archiver(settings: settings).run()
    #expect(result.report.errorCount == 0)
    #expect(result.bundles.count == Self.sampleSize)

    let folders = Dictionary(
      result.bundles.map { ($0.userID, $0.folder) }, uniquingKeysWith: { a, _ in a })
    let oracle = VisibilityOracle(export)
    let imageBySHA = Dictionary(
      photos.map { (Hex.encode(SHA256.digest($0.value)), $0.key) }, uniquingKeysWith: { a, _ in a })
    let avatarRecipe = "avatar \(MediaStage.avatarSizes)"
    let imagePosition = Dictionary(
      export.images.enumerated().map { ($0.element.objectId, $0.offset) },
      uniquingKeysWith: { a, _ in a })
    var mismatches: [String] = []
    var photosSeen = 0
    for user in sample {
      let owner = export.users[user]
      let media = "\(try #require(folders[owner.objectId]))/data/media"
      let files = SiteTree.files(in: media)
      // Photos: originals are bit-for-bit, so their bytes name the image.
      let wall = oracle.wall(user)
      var shownIDs: Set<String> = []
      var photoKeys: Set<String> = []
      for file in files where file.contains("-original.") {
        let bytes = try FileSystem.readFile("\(media)/\(file)", limit: 1 << 20)
        shownIDs.insert(imageBySHA[Hex.encode(SHA256.digest(bytes))] ?? "unknown \(file)")
        photoKeys.insert(Self.key(of: file))
      }
      photosSeen += shownIDs.count
      if shownIDs != Set(wall) { mismatches.append("\(owner.objectId): photos") }
      // People: the owner, the uploaders, and the authors of the comments the owner may read.
      var people: Set<Int> = [user]
      for imageID in wall {
        guard let position = imagePosition[imageID] else { continue }
        people.insert(export.images[position].uploader)
        let readable = Set(oracle.comments(on: position, user: user))
        for comment in oracle.commentsByImage[position] ?? []
        where readable.contains(comment.objectId) {
          people.insert(comment.author)
        }
      }
      let expectedPictureKeys = Set(
        people.compactMap { pictures[$0] }.map { MediaStore.key(for: $0, recipe: avatarRecipe) })
      let expectedSVGs = Set(
        people.filter { pictures[$0] == nil }.map { person in
          let record = export.users[person]
          let name = export.graphFriends[person] != nil ? record.name : "user-\(record.objectId)"
          return GeneratedAvatar.svg(userID: record.objectId, name: name)
        })
      var pictureKeys: Set<String> = []
      var svgs: Set<String> = []
      for file in files where !photoKeys.contains(Self.key(of: file)) {
        if file.hasSuffix(".svg") {
          svgs.insert(
            String(
              decoding: try FileSystem.readFile("\(media)/\(file)", limit: 1 << 20), as: UTF8.self))
        } else {
          pictureKeys.insert(Self.key(of: file))
        }
      }
      if pictureKeys != expectedPictureKeys { mismatches.append("\(owner.objectId): pictures") }
      if svgs != expectedSVGs { mismatches.append("\(owner.objectId): generated avatars") }
    }
    #expect(mismatches.isEmpty, "bundles that differ from the oracle: \(mismatches.prefix(10))")
    #expect(photosSeen > 1000, "the sampled walls should not be trivially empty (\(photosSeen))")
  }
}
