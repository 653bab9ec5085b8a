import Testing

@testable import WallKit
@testable import WallPlan

/// A photo's plan record, kept lean for a batch, predicts what the whole record predicts.
@Suite struct PlannedFileTests {
  @Test("a digest held in place gives back its 32 bytes; any other count is refused")
  func digestRoundTrip() throws {
    let bytes = SHA256.digest(Array("wallgen".utf8))
    #expect(try #require(Digest256(bytes)).bytes == bytes)
    #expect(Digest256(Array(bytes.dropLast())) == nil)
    #expect(Digest256(bytes + [0]) == nil)
  }

  @Test("the lean record's key is the media stage's key of those bytes, by role")
  func leanRecordKeys() throws {
    let thumbnailer = Thumbnailer()
    let media = PlannedMedia(thumbnailer: thumbnailer, copyOriginals: true)
    var source = PlannedSource(
      path: "files/a.jpg", avatar: false, ownerClass: "WallImage", ownerId: "img1",
      digest: Hex.encode(SHA256.digest([1, 2, 3])), readError: nil,
      info: ImageInfo(format: .jpeg, width: 1600, height: 1200, orientation: 6, hasAlpha: false),
      probeError: nil, hash: 7)
    for avatar in [false, true] {
      source.avatar = avatar
      let recipe = MediaStage.recipe(
        avatar: avatar, jpegQuality: thumbnailer.jpegQuality, copyOriginals: true, webp: nil)
      #expect(
        media.key(of: PlannedFile(source)) == MediaStore.key(for: [1, 2, 3], recipe: recipe))
    }
    source.digest = nil
    source.info = nil
    source.readError = "no such file"
    #expect(media.key(of: PlannedFile(source)) == nil)
    #expect(media.outcome(of: PlannedFile(source)) == .failed(reason: "no such file"))
  }
}
