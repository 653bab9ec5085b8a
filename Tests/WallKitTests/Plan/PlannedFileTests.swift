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

  @Test("a batch's photo outcomes worked out on two threads are each photo's own, corrected")
  func lookupOnTwoThreads() throws {
    let media = PlannedMedia(thumbnailer: Thumbnailer(), copyOriginals: false)
    var photos: [String: PlannedFile] = [:]
    for number in 0..<(PlannedMedia.photosAlone + 37) {
      let failed = number % 97 == 0
      let source = PlannedSource(
        path: "files/\(number).jpg", avatar: false, ownerClass: "WallImage",
        ownerId: "img\(number)",
        digest: failed
          ? nil : Hex.encode(SHA256.digest([UInt8(number & 255), UInt8(number >> 8)])),
        readError: failed ? "unreadable \(number)" : nil,
        info: ImageInfo(
          format: .jpeg, width: 100 + number % 900, height: 80, orientation: 1, hasAlpha: false),
        probeError: nil, hash: Int64(number))
      photos[source.path] = PlannedFile(source)
    }
    var corrections = MediaCorrections()
    corrections.photos["files/5.jpg"] = .failed(reason: "did not decode")
    let lookup = media.lookup(
      photos: photos, pictures: [:], users: { _ in nil }, corrections: corrections,
      avatars: AvatarCache(limit: 1), jobs: 2)
    var mismatches: [String] = []
    for (path, file) in photos {
      let expected = corrections.photos[path] ?? media.outcome(of: file)
      if lookup.photo(path) != expected { mismatches.append(path) }
    }
    #expect(mismatches == [])
    #expect(lookup.photo("files/5.jpg") == .failed(reason: "did not decode"))
    #expect(lookup.photo("files/none.jpg") == .failed(reason: "not planned"))
  }
}
