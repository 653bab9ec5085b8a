import Testing
import WallKit
import WallKitTestSupport

/// The pictures of the committed demo export decode, except the one broken on purpose.
@Suite(.fullTier) struct DemoPictureTests {
  /// Every photo and profile picture of the demo, relative to its root.
  static let pictures = DemoFiles.list(DemoExportTests.committed).filter {
    $0.hasPrefix("files/") || ($0.hasPrefix("graph/") && !$0.hasSuffix(".json"))
  }

  @Test("every picture decodes to a small thumbnail, except the broken one, which throws")
  func decoding() throws {
    #expect(Self.pictures.count == 53)
    let thumbnailer = Thumbnailer()
    var transparent: [String] = []
    for path in Self.pictures {
      let bytes = try FileSystem.readFile("\(DemoExportTests.committed)/\(path)", limit: 1 << 24)
      if path == DemoExportTests.brokenFile {
        #expect(throws: ImagingError.self) { try thumbnailer.variants(of: bytes, widths: [32]) }
        continue
      }
      let set = try thumbnailer.variants(of: bytes, widths: [32])
      #expect(set.warnings.isEmpty, "\(path): \(set.warnings)")
      #expect(max(set.sourceWidth, set.sourceHeight) >= (path.hasPrefix("graph/") ? 256 : 800))
      if set.variants.first?.format == .png { transparent.append(path) }
    }
    #expect(transparent.count == 1, "exactly one picture has real transparency: \(transparent)")
  }
}
