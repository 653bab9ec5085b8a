import Testing
import WallKit
import WallKitTestSupport

/// One row of `jpeg/expected.tsv`.
struct JPEGCorpusRow: Sendable, CustomTestStringConvertible {
  var file: String
  var expected: String
  var width: Int
  var height: Int
  var message: String
  var decodedSHA256: String

  var testDescription: String { file }

  static let all: [JPEGCorpusRow] = SharedTestData.tsvRows("jpeg/expected.tsv").compactMap {
    row in
    guard let file = row["file"], !file.isEmpty else { return nil }
    return JPEGCorpusRow(
      file: file, expected: row["expected"] ?? "", width: Int(row["width"] ?? "") ?? 0,
      height: Int(row["height"] ?? "") ?? 0, message: row["libjpeg_message"] ?? "",
      decodedSHA256: row["decoded_sha256"] ?? "")
  }

}

extension ImagingTests {
  @Suite("JPEG corpus against libjpeg-turbo 2.1.5")
  struct JPEGCorpusTests {
    @Test(
      "the corpus lists 170 files",
      .enabled(if: SharedTestData.has("jpeg"), "needs ../shared/testdata/jpeg"))
    func corpusIsComplete() {
      #expect(JPEGCorpusRow.all.count == 170)
    }

    @Test(
      "each file gives libjpeg's outcome, message and pixels",
      .enabled(if: SharedTestData.has("jpeg"), "needs ../shared/testdata/jpeg"),
      arguments: JPEGCorpusRow.all)
    func outcome(row: JPEGCorpusRow) throws {
      let bytes = try #require(SharedTestData.bytes("jpeg/" + row.file))
      if row.expected == "error" {
        let error = #expect(throws: ImagingError.self) { try JPEGCodec.decode(bytes) }
        switch error {
        case .empty?: #expect(bytes.isEmpty && row.message == "Empty input file")
        // One fuzzed header claims 49157x27397; our pixel limit refuses it before libjpeg
        // reaches the bad Huffman table it would report.
        case .tooManyPixels(let width, let height, _)?: #expect(width * height > 100_000_000)
        default: #expect(error == .decodeFailed(.jpeg, message: row.message))
        }
        return
      }
      let decoded = try JPEGCodec.decode(bytes)
      #expect(decoded.bitmap.width == row.width)
      #expect(decoded.bitmap.height == row.height)
      #expect(decoded.warnings == (row.expected == "warning" ? [row.message] : []))
      let header = try JPEGCodec.header(bytes)
      if header.colorModel == .cmyk || header.colorModel == .ycck {
        // The oracle hashes libjpeg's CMYK samples; we output RGB (R = C·K/255, Adobe
        // inverted), so compare with the ImageMagick reference .png where there is one and
        // skip the hash otherwise (two corrupt YCCK files).
        let referenceFile = "jpeg/" + row.file.dropLast(4) + ".png"
        if let referenceBytes = SharedTestData.bytes(referenceFile) {
          let reference = try PNGCodec.decode(referenceBytes).bitmap.droppingAlpha()
          #expect(
            reference.width == decoded.bitmap.width && reference.height == decoded.bitmap.height)
          #expect(ImageComparison.maxDifference(reference, decoded.bitmap) == 0)
        } else {
          #expect(row.file.hasPrefix("corrupt/"), "only corrupt files lack a reference .png")
        }
      } else {
        #expect(Hex.encode(SHA256.digest(decoded.bitmap.pixels)) == row.decodedSHA256)
      }
    }
  }
}
