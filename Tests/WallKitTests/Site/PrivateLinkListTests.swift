import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// A private build's links for its owner to send: the CSV of names and links beside the site,
/// what the build says about it, and the root page that links nothing.
@Suite(.fullTier) struct PrivateLinkListTests {
  static let secret = Array("correct horse battery staple".utf8)

  static func token(_ user: String) -> String {
    Hex.encode(HMAC.sha256(key: secret, message: Array(user.utf8)))
  }

  func text(_ path: String) throws -> String {
    String(decoding: try FileSystem.readFile(path, limit: 1 << 24), as: UTF8.self)
  }

  /// Builds the archive fixture privately with `extra` arguments.
  func build(_ folder: TemporaryDirectory, _ extra: [String] = []) throws -> (
    site: String, result: (WallCLI.ExitCode, out: String, err: String)
  ) {
    let export = try ArchiveFixture.write(in: folder)
    try FileSystem.writeAtomically(Self.secret, to: folder.url("secret"))
    let site = folder.url("site")
    let result = ArchiveFixture.runCLI(
      ["build", export, "-o", site, "--private", "--secret-file", folder.url("secret")] + extra)
    return (site, result)
  }

  @Test("the CSV holds each wall's objectId, username, display name and full link")
  func csvWithBaseURL() throws {
    let folder = try TemporaryDirectory("links")
    let (site, result) = try build(folder, ["--base-url", "https://Photos.Example.org/walls-site"])
    #expect(result.0 == .success, "\(result.err)")
    let csv = try text("\(site).urls.csv")
    let base = "https://photos.example.org/walls-site/walls/"
    #expect(
      csv == """
        "objectId","username","display name","link"\r
        "uAnn","ann","Ann Archivist","\(base)\(Self.token("uAnn"))/index.html"\r
        "uBob","bob","Bob Builder","\(base)\(Self.token("uBob"))/index.html"\r
        "uEve","eve","Eve Outsider","\(base)\(Self.token("uEve"))/index.html"\r

        """)
    let attributes = try FileManager.default.attributesOfItem(atPath: "\(site).urls.csv")
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    // The TSV scripts read is still written, unchanged.
    #expect(
      try text("\(site).urls.tsv").hasPrefix("uAnn\twalls/\(Self.token("uAnn"))/index.html\n"))
    #expect(result.err.contains("links: \(site).urls.csv lists each person's name and link"))
    #expect(!result.err.contains("pass --base-url"))
    // A build with nothing to do writes the same list (the names come from its record).
    let again = ArchiveFixture.runCLI([
      "build", folder.url("export"), "-o", site, "--private", "--secret-file",
      folder.url("secret"), "--base-url", "https://photos.example.org/walls-site/", "-q",
    ])
    #expect(again.0 == .success, "\(again.err)")
    #expect(try text("\(site).urls.csv") == csv)
  }

  @Test("without --base-url the links are site-relative and the build says to pass it")
  func csvWithoutBaseURL() throws {
    let folder = try TemporaryDirectory("links")
    let (site, result) = try build(folder)
    #expect(result.0 == .success, "\(result.err)")
    let csv = try text("\(site).urls.csv")
    #expect(
      csv.contains(
        "\"uAnn\",\"ann\",\"Ann Archivist\",\"walls/\(Self.token("uAnn"))/index.html\"\r\n"))
    #expect(
      result.err.contains(
        "links: they are relative to the site; pass --base-url URL (where the site is published) "
          + "for full links"), "\(result.err)")
  }

  @Test("--urls-file FILE.tsv puts the CSV at FILE.csv, and another name gets .csv added")
  func csvBesideChosenList() throws {
    let folder = try TemporaryDirectory("links")
    let (_, first) = try build(folder, ["--urls-file", folder.url("list.tsv"), "-q"])
    #expect(first.0 == .success, "\(first.err)")
    #expect(FileSystem.kind(of: folder.url("list.csv")) == .regular)
    let second = try build(folder, ["--urls-file", folder.url("links.txt"), "-q"])
    #expect(second.result.0 == .success, "\(second.result.err)")
    #expect(FileSystem.kind(of: folder.url("links.txt.csv")) == .regular)
  }

  @Test("the private site's root index.html asks for one's link and links no wall")
  func privateRoot() throws {
    let folder = try TemporaryDirectory("links")
    let (site, result) = try build(folder, ["-q"])
    #expect(result.0 == .success, "\(result.err)")
    let html = try text("\(site)/index.html")
    #expect(html.contains("ask the site’s owner for your link"))
    #expect(html.contains("<meta name=\"robots\" content=\"noindex\">"))
    let hrefs = html.components(separatedBy: "href=\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    #expect(hrefs == ["assets/favicon.svg", "assets/wall.css", "#main"], "\(hrefs)")
    for user in ["uAnn", "uBob", "uEve"] {
      #expect(!html.contains(Self.token(user)))
      #expect(!html.contains(String(Self.token(user).prefix(16))))
    }
    for word in ["walls/", "Ann", "Bob", "Eve", "uAnn"] { #expect(!html.contains(word), "\(word)") }
  }

  @Test(
    "a cell starting with = + - @ tab or CR gets a leading apostrophe, and quotes are doubled",
    arguments: [
      ("=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\""),
      ("+33 1 23", "\"'+33 1 23\""), ("-2+3", "\"'-2+3\""), ("@SUM(A1)", "\"'@SUM(A1)\""),
      ("\tTab", "\"'\tTab\""), ("\r\nCR", "\"'\r\nCR\""),
      ("Ann \"the\" Archivist", "\"Ann \"\"the\"\" Archivist\""), ("Zoë, Ünal", "\"Zoë, Ünal\""),
      ("a=b", "\"a=b\""), ("", "\"\""),
    ])
  func formulaInjection(value: String, cell: String) {
    #expect(PrivateLinkList.cell(value) == cell)
  }

  @Test("the CSV guards every cell, names included")
  func csvGuardsNames() {
    let csv = PrivateLinkList.csv(
      pages: ["u1": "walls/t/index.html"],
      owners: ["u1": OwnerNames(username: "@evil", displayName: "=cmd|' /C calc'!A0")],
      baseURL: nil)
    #expect(
      csv == "\"objectId\",\"username\",\"display name\",\"link\"\r\n"
        + "\"u1\",\"'@evil\",\"'=cmd|' /C calc'!A0\",\"walls/t/index.html\"\r\n")
  }
}
