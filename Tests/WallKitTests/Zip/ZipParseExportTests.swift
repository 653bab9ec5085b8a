import Foundation
import Testing
import WallKit
import WallKitTestSupport

@Suite("ZipArchive on the real parse.com export")
struct ZipParseExportTests {
  /// The export zip under `shared/testdata/parse/parsecom-2014`, or nil when the folder is absent.
  static func exportZip() -> String? {
    guard let folder = SharedTestData.path("parse/parsecom-2014") else { return nil }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".zip") }.sorted().first.map { folder + "/" + $0 }
  }

  @Test(
    "the 2014 export holds ResearchStudy.json with 17 results",
    .enabled(
      if: exportZip() != nil, "no shared/testdata/parse/parsecom-2014/*.zip beside the package"))
  func researchStudy() throws {
    let path = try #require(Self.exportZip())
    let archive = try ZipArchive(path: path)
    #expect(archive.rejected.isEmpty)
    #expect(archive.entries.map(\.name) == ["ResearchStudy.json"])
    let entry = try #require(archive.entry(named: "ResearchStudy.json"))
    #expect(entry.method == 8)
    #expect(entry.uncompressedSize == 11987)
    #expect(entry.crc32 == 0xF669_0116)

    let bytes = try archive.contents(of: entry, limit: 1 << 20)
    #expect(bytes.count == 11987)
    let json = try JSONSerialization.jsonObject(with: Data(bytes))
    let results = (json as? [String: Any])?["results"] as? [Any]
    #expect(results?.count == 17)
  }
}
