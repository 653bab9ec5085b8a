import Testing
import WallKit
import WallKitTestSupport

/// Real Parse exports nobody here wrote (`../shared/testdata/parse/`).
@Suite(.enabled(if: SharedTestData.has("parse"), "needs ../shared/testdata/parse"))
struct RealExportTests {
  @Test("the back4app dashboard export loads with its one user and no problem")
  func back4app() throws {
    let path = try #require(SharedTestData.path("parse/back4app-mobile"))
    let result = try ExportImporter.load(path)
    #expect(result.report.problems.isEmpty, "\(result.report.problems)")
    #expect(result.dataset.users.values.map(\.username) == ["editor"])
  }

  @Test("the invalid ParseZero files are reported with file and position")
  func parseZero() throws {
    let path = try #require(SharedTestData.path("parse/parsezero-fixtures"))
    let result = try ExportImporter.load(path)
    let lines = result.report.sorted.map(\.description)
    #expect(
      lines.contains(
        "AllObjects.json: AllObjects: warning: invalid JSON at line 17, column 15: trailing comma in object; the class is not used by walls"
      ))
    #expect(
      lines.contains(
        "_Join:bs:ClassA:ClassB.json: _Join:bs:ClassA:ClassB: warning: invalid JSON at line 19, column 3: trailing comma in array; the class is not used by walls"
      ))
  }
}

@Suite(
  .enabled(
    if: SharedTestData.has("parse/parsecom-2014"), "needs ../shared/testdata/parse/parsecom-2014"))
struct RealZipExportTests {
  @Test("the 2014 parse.com export zip opens as an export and its class parses")
  func parseCom2014() throws {
    let folder = try #require(SharedTestData.path("parse/parsecom-2014"))
    let zip = try #require(FileSystem.contents(of: folder).first { $0.hasSuffix(".zip") })
    let source = try ExportOpener.open("\(folder)/\(zip)")
    #expect(source.fileNames(in: "") == ["ResearchStudy.json"])
    let document = try JSONReader.parse(source.read("ResearchStudy.json", limit: 1 << 20))
    #expect(document["results"]?.arrayValue?.count == 17)
    let result = ExportImporter.load(from: source)
    // It holds no wall classes: the only problem is the missing _User.json.
    #expect(result.report.problems.map(\.file) == ["_User.json"])
  }
}
