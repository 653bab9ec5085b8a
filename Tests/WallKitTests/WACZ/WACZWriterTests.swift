import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The parts of a WACZ that need no tool to check: base URLs, SURT keys, dates, the zip's
/// layout, and the CLI's refusals.
@Suite("WACZ writer and options", .fullTier)
struct WACZWriterTests {
  @Test("a base URL is normalised, and a bad one refused with the reason")
  func baseURLs() throws {
    #expect(try WACZBase("https://Example.org").text == "https://example.org/")
    #expect(try WACZBase("http://example.org:80/a/b").text == "http://example.org/a/b/")
    #expect(try WACZBase("http://127.0.0.1:8080/").authority == "127.0.0.1:8080")
    #expect(WACZBase.standard.text == WACZBase.placeholder)
    for bad in [
      "ftp://example.org/", "example.org", "https://user@example.org/", "https://example.org/?q",
      "https://exa mple.org/", "https://example.org:99999/", "https://example.org/a b/",
      "https:///x", "https://example.org//",
    ] {
      #expect(throws: WACZBaseError.self, "\(bad)") { try WACZBase(bad) }
    }
  }

  @Test("SURT keys are the surt package's: host reversed without www, port, lower-cased path")
  func surtKeys() throws {
    // The expected keys are what `surt.surt(url)` (PyPI's surt, used by pywb) returns.
    #expect(
      try WACZBase("https://wallgen.invalid/").surt(for: "walls/UA/index.html")
        == "invalid,wallgen)/walls/ua/index.html")
    #expect(
      try WACZBase("http://127.0.0.1:8080/").surt(for: "a/B.html") == "1,0,0,127:8080)/a/b.html")
    #expect(try WACZBase("https://www.Example.com/").surt(for: "x") == "com,example)/x")
    #expect(try WACZBase("https://www1.example.com:443/").surt(for: "x") == "com,example)/x")
    #expect(try WACZBase("https://ex.com/p/").url(for: "a b/é") == "https://ex.com/p/a%20b/%C3%A9")
  }

  @Test("dates: WARC-Date and the 14-digit timestamp")
  func dates() {
    #expect(WARCTime(unixSeconds: 0).iso == "1970-01-01T00:00:00Z")
    #expect(WARCTime(unixSeconds: 1_700_000_000).iso == "2023-11-14T22:13:20Z")
    #expect(WARCTime(unixSeconds: 1_700_000_000).digits == "20231114221320")
  }

  @Test("a WACZ's entries are stored, in the spec's order, and its pages have titles")
  func layout() throws {
    let folder = try TemporaryDirectory("wacz-layout")
    let page = Array("<html><head><title>Ann &amp; Bob&#39;s   wall</title></head></html>".utf8)
    let file = folder.url("photo.jpg")
    try FileSystem.writeAtomically([0xFF, 0xD8, 0xFF, 0xD9], to: file)
    let path = folder.url("out.wacz")
    let summary = try WACZWriter.write(
      WACZWriter.Contents(
        resources: [
          WACZResource(path: "media/photo.jpg", source: .file(file)),
          WACZResource(path: "index.html", source: .bytes(page)),
        ],
        pages: ["index.html"], title: nil),
      to: path, base: WACZBase.standard, time: WARCTime(unixSeconds: 1_700_000_000))
    #expect(summary.resources == 2 && summary.pages == 1)
    let archive = try ZipArchive(path: path)
    #expect(
      archive.entries.map(\.name) == [
        "archive/data.warc.gz", "indexes/index.cdx", "pages/pages.jsonl", "datapackage.json",
        "datapackage-digest.json",
      ])
    #expect(archive.entries.allSatisfy { $0.method == 0 })
    let pages = try #require(archive.entry(named: "pages/pages.jsonl"))
    let lines = String(decoding: try archive.contents(of: pages, limit: 1 << 20), as: UTF8.self)
    let second = try #require(lines.split(separator: "\n").dropFirst().first)
    #expect(try JSONReader.parse(Array(second.utf8))["title"]?.stringValue == "Ann & Bob's wall")
    #expect(lines.contains(#""url":"https://wallgen.invalid/index.html""#))
    let package = try #require(archive.entry(named: "datapackage.json"))
    let json = try JSONReader.parse(try archive.contents(of: package, limit: 1 << 20))
    #expect(json["wacz_version"]?.stringValue == "1.1.1")
    #expect(json["created"]?.stringValue == "2023-11-14T22:13:20Z")
    #expect(json["resources"]?.arrayValue?.count == 3)
    // No temporary WARC is left beside it.
    #expect(FileSystem.contents(of: folder.path).sorted() == ["out.wacz", "photo.jpg"])
  }

  @Test(
    "build refuses --wacz inside the output folder, with --private, and with a base URL a WACZ cannot hold (64)",
    .enabled(if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle"))
  func refusals() throws {
    let folder = try TemporaryDirectory("wacz-refused")
    let export = try ArchiveFixture.write(in: folder)
    try FileSystem.createDirectory(folder.url("site"))
    let secret = folder.url("secret")
    try FileSystem.writeAtomically("0123456789abcdef0123456789", to: secret)
    let cases: [([String], String)] = [
      (["--wacz", "site/x.wacz"], "the web archive 'site/x.wacz' is inside the output folder"),
      (["--wacz", "./site//"], "the web archive './site//' is inside the output folder"),
      (
        ["--wacz", "x.wacz", "--private", "--secret-file", secret],
        "cannot be combined with '--private'"
      ),
      (["--wacz", "x.wacz", "--base-url", "ftp://x/"], "its scheme is 'ftp', not http or https"),
      (
        ["--wacz", "x.wacz", "--base-url", "https://[::1]/"],
        "the host must be a name such as example.org"
      ),
    ]
    for (arguments, message) in cases {
      let (status, err) = try WallgenProcess.run(
        ["build", export, "-o", "site", "-q"] + arguments, in: folder.path)
      #expect(status == 64, "\(arguments): \(err)")
      #expect(err.contains(message), "\(arguments): \(err)")
    }
    #expect(SiteTree.files(in: folder.url("site")).isEmpty)
    #expect(FileSystem.kind(of: folder.url("x.wacz")) == .missing)
  }

  @Test("archive --wacz writes one WACZ beside each bag, named as the bag, and prints its path")
  func archiveBesideBags() throws {
    let folder = try TemporaryDirectory("wacz-archive")
    let export = try ArchiveFixture.write(in: folder)
    let out = folder.url("out")
    let result = ArchiveFixture.runCLI(["archive", export, "--all", "--wacz", "-o", out])
    #expect(result.0 == .success, "\(result.err)")
    #expect(
      result.out
        == ["ann-wall", "bob-wall", "eve-wall"].map { "\(out)/\($0)\n\(out)/\($0).wacz\n" }
        .joined())
    // A file of the WACZ's name that wallgen did not write is refused, and left alone.
    try FileSystem.removeFile("\(out)/ann-wall.wacz")
    try FileSystem.writeAtomically("mine", to: "\(out)/ann-wall.wacz")
    BagWriterRemoval.remove("\(out)/ann-wall")
    let refused = ArchiveFixture.runCLI(["archive", export, "--all", "--wacz", "-o", out, "-q"])
    #expect(refused.0 == .usage, "\(refused.err)")
    #expect(refused.err.contains("\(out)/ann-wall.wacz"))
    #expect(try FileSystem.readFile("\(out)/ann-wall.wacz", limit: 100) == Array("mine".utf8))
  }
}

/// Deletes a bag folder for a test.
enum BagWriterRemoval {
  static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }
}
