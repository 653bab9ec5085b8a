import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The demo's WACZ files, read by the tools of the field (issue 25, item 3).
///
/// `wacz validate`, warcio and pywb; each test skips, saying so, when its tool is not installed.
@Suite("WACZ output, checked by wacz, warcio and pywb", .fullTier, .serialized)
struct WACZToolTests {
  func demo() throws -> DemoWACZ { try DemoWACZ.shared.get() }

  @Test(
    "wacz validate accepts the site's WACZ and every demo user's",
    .enabled(if: WACZTools.hasWacz, "needs wacz from PyPI (pip install wacz)"))
  func waczValidates() throws {
    let demo = try demo()
    let users = demo.userWACZs(1)
    // One WACZ beside each bag, named as the bag is.
    let bags = FileSystem.contents(of: demo.archives).filter {
      FileSystem.kind(of: "\(demo.archives)/\($0)/data") == .directory
    }
    #expect(Set(users.keys) == Set(bags), "\(users.keys.sorted()) \(bags)")
    for file in [demo.siteWACZ(1)] + users.values.sorted() {
      let wacz = try #require(ExternalTool.path("wacz"))
      let result = try ExternalTool.run(wacz, ["validate", "-f", file])
      #expect(result.status == 0, "\(file): \(result.output)")
      #expect(result.output.contains("Validation succeeded"), "\(file): \(result.output)")
    }
  }

  /// What `read_warc.py` printed for `file`.
  func read(_ file: String) throws -> (
    counts: [String: Int], payloads: [String: String], lines: Int
  ) {
    let (status, output) = try WACZTools.script("read_warc.py", [file])
    #expect(status == 0, "\(output)")
    let line = try #require(output.split(separator: "\n").last { $0.hasPrefix("{") })
    let json = try JSONReader.parse(Array(line.utf8))
    let problems = json["problems"]?.arrayValue?.compactMap(\.stringValue) ?? ["unreadable"]
    #expect(problems.isEmpty, "\(file): \(problems)")
    var counts: [String: Int] = [:]
    for (kind, value) in json["counts"]?.objectValue ?? [:] {
      counts[kind] = value.integerValue.map { Int($0) }
    }
    var payloads: [String: String] = [:]
    for (url, value) in json["payloads"]?.objectValue ?? [:] { payloads[url] = value.stringValue }
    return (counts, payloads, Int(json["indexLines"]?.integerValue ?? -1))
  }

  /// The SHA-256 of every regular file under `folder`, by URL under `prefix`.
  func digests(of folder: String, prefix: String) throws -> [String: String] {
    var found: [String: String] = [:]
    for resource in WACZResource.files(under: folder) {
      let bytes = try FileSystem.readFile("\(folder)/\(resource.path)", limit: 1 << 30)
      found[prefix + resource.path] = Hex.encode(SHA256.digest(bytes))
    }
    return found
  }

  @Test(
    "warcio reads every record; each user's WARC holds exactly the files of their bag",
    .enabled(if: WACZTools.hasWarcio, "needs warcio and surt from PyPI (pip install warcio pywb)"))
  func warcioReadsEveryRecord() throws {
    let demo = try demo()
    let users = demo.userWACZs(1)
    #expect(!users.isEmpty)
    for (name, file) in users {
      let read = try read(file)
      let bag = try digests(
        of: "\(demo.archives)/\(name)/data", prefix: "\(DemoWACZ.base)\(name)/")
      #expect(read.payloads == bag, "\(name): the WARC's files are not the bag's")
      #expect(
        read.counts == ["warcinfo": 1, "request": bag.count, "response": bag.count], "\(name)")
      #expect(read.lines == bag.count, "\(name)")
    }
    let site = try read(demo.siteWACZ(1))
    let files = try digests(of: demo.site, prefix: DemoWACZ.base)
    #expect(site.payloads == files, "the site's WARC does not hold the site's files")
    #expect(site.counts == ["warcinfo": 1, "request": files.count, "response": files.count])
    #expect(site.lines == files.count)
  }

  @Test(
    "pywb replays a wall page and a photo of the site, and a user's wall, byte for byte",
    .enabled(if: WACZTools.hasPywb, "needs pywb from PyPI (pip install pywb)"))
  func pywbReplays() throws {
    let demo = try demo()
    let pages = try #require(
      FileSystem.contents(of: "\(demo.site)/walls").sorted().first.map { "walls/\($0)/index.html" })
    let photo = try #require(
      WACZResource.files(under: demo.site).first { $0.path.hasSuffix("-w320.jpg") }?.path)
    let work = try TemporaryDirectory("pywb")
    try FileSystem.createDirectory(work.url("bodies"))
    try FileSystem.createDirectory(work.url("pywb"))
    let stamp = try #require(try Self.stamp(of: demo.siteWACZ(1)))
    let (status, output) = try WACZTools.script(
      "replay.py",
      [
        work.url("pywb"), work.url("bodies"), demo.siteWACZ(1), stamp,
        DemoWACZ.base + pages, DemoWACZ.base + photo,
      ])
    #expect(status == 0, "\(output)")
    #expect(output.split(separator: "\n").suffix(2) == ["200", "200"], "\(output)")
    for (number, path) in [pages, photo].enumerated() {
      let replayed = try FileSystem.readFile(work.url("bodies/\(number)"), limit: 1 << 30)
      let original = try FileSystem.readFile("\(demo.site)/\(path)", limit: 1 << 30)
      #expect(replayed == original, "\(path) replayed differs from the site's file")
    }
  }

  @Test("two runs give byte-identical WACZ files, for the site and every user")
  func deterministic() throws {
    let demo = try demo()
    let first = demo.userWACZs(1)
    let second = demo.userWACZs(2)
    #expect(Set(first.keys) == Set(second.keys))
    #expect(!first.isEmpty)
    let pairs =
      [(demo.siteWACZ(1), demo.siteWACZ(2))]
      + first.keys.sorted().compactMap { key in second[key].map { (first[key] ?? "", $0) } }
    for (one, two) in pairs {
      let a = try FileSystem.readFile(one, limit: 1 << 30)
      let b = try FileSystem.readFile(two, limit: 1 << 30)
      #expect(a == b, "\(one) and \(two) differ")
    }
  }

  /// The 14-digit timestamp of the first line of a WACZ's index.
  static func stamp(of file: String) throws -> String? {
    let archive = try ZipArchive(path: file)
    guard let entry = archive.entry(named: "indexes/index.cdx") else { return nil }
    let text = String(decoding: try archive.contents(of: entry, limit: 1 << 26), as: UTF8.self)
    return text.split(separator: "\n").first?.split(separator: " ").dropFirst().first.map(
      String.init)
  }
}
