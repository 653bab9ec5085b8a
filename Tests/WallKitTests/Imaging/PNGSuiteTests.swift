import Testing
import WallKit
import WallKitTestSupport

/// One row of `pngsuite/expected.tsv`.
struct PNGSuiteRow: Sendable, CustomTestStringConvertible {
  var file: String
  var expectsError: Bool
  var width: Int
  var height: Int
  var rgba8SHA256: String

  var testDescription: String { file }

  static let all: [PNGSuiteRow] = SharedTestData.tsvRows("pngsuite/expected.tsv").compactMap {
    row in
    guard let file = row["file"], !file.isEmpty else { return nil }
    return PNGSuiteRow(
      file: file, expectsError: row["expected"] == "error", width: Int(row["width"] ?? "") ?? 0,
      height: Int(row["height"] ?? "") ?? 0, rgba8SHA256: row["rgba8_sha256"] ?? "")
  }
}

extension ImagingTests {
  @Suite("PngSuite conformance")
  struct PNGSuiteTests {
    @Test(
      "the corpus lists 175 files",
      .enabled(if: SharedTestData.has("pngsuite"), "needs ../shared/testdata/pngsuite"))
    func corpusIsComplete() {
      #expect(PNGSuiteRow.all.count == 175)
    }

    @Test(
      "each file decodes to libpng's simplified-API RGBA8 or fails clearly",
      .enabled(if: SharedTestData.has("pngsuite"), "needs ../shared/testdata/pngsuite"),
      arguments: PNGSuiteRow.all)
    func conformance(row: PNGSuiteRow) throws {
      let bytes = try #require(SharedTestData.bytes("pngsuite/" + row.file))
      if row.expectsError {
        let error = #expect(throws: ImagingError.self) { try PNGCodec.decode(bytes) }
        guard case .decodeFailed(.png, let message) = error else {
          Issue.record("expected decodeFailed(.png, …), got \(String(describing: error))")
          return
        }
        #expect(!message.isEmpty)
        return
      }
      let decoded = try PNGCodec.decode(bytes)
      #expect(decoded.bitmap.width == row.width)
      #expect(decoded.bitmap.height == row.height)
      #expect(decoded.bitmap.channels == 4)
      #expect(Hex.encode(SHA256.digest(decoded.bitmap.pixels)) == row.rgba8SHA256)
    }
  }
}
