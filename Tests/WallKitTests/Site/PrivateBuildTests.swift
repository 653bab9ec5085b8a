import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// `wallgen build --private`: walls at `walls/<HMAC token>/`, no index page, no link between
/// walls, and the URL list beside the site, never inside it.
@Suite(.fullTier) struct PrivateBuildTests {
  static let secret = Array("correct horse battery staple".utf8)
  static let users = ["uAnn", "uBob", "uEve"]

  func build(_ export: String, into output: String, secret: [UInt8]?) throws -> BuildResult {
    var settings = SiteBuilder.Settings(export: export, output: output)
    settings.pipeline.jobs = 2
    settings.pipeline.pageSize = 2
    settings.privateSecret = secret
    return try SiteBuilder(settings: settings).build()
  }

  func text(_ path: String) throws -> String {
    String(decoding: try FileSystem.readFile(path, limit: 1 << 24), as: UTF8.self)
  }

  @Test("a private build into a folder that held a public one leaves no walls/<objectId>/ folder")
  func publicThenPrivateFolders() throws {
    let folder = try TemporaryDirectory("private")
    let site = folder.url("site")
    let export = try ArchiveFixture.write(in: folder)
    _ = try build(export, into: site, secret: nil)
    #expect(Set(SiteTree.wallFolders(in: site)) == Set(Self.users))
    _ = try build(export, into: site, secret: Self.secret)
    let left = SiteTree.wallFolders(in: site)
    #expect(left.count == Self.users.count)
    #expect(Self.users.allSatisfy { !left.contains($0) }, "left: \(left)")
    let allPaths = SiteTree.files(in: site).joined(separator: "\n")
    for user in Self.users { #expect(!allPaths.contains(user)) }
  }

  @Test("pruning keeps a folder that still holds a file wallgen did not write")
  func keepsForeignFiles() throws {
    let folder = try TemporaryDirectory("private")
    let site = folder.url("site")
    let export = try ArchiveFixture.write(in: folder)
    _ = try build(export, into: site, secret: nil)
    try FileSystem.writeAtomically(Array("mine".utf8), to: "\(site)/walls/uAnn/notes.txt")
    _ = try build(export, into: site, secret: Self.secret)
    #expect(FileSystem.kind(of: "\(site)/walls/uAnn/notes.txt") == .regular)
    #expect(FileSystem.kind(of: "\(site)/walls/uBob") == .missing)
  }

  @Test("walls go to walls/<hex HMAC-SHA256(secret, objectId)>/, with no index page")
  func tokensAndNoIndex() throws {
    let folder = try TemporaryDirectory("private")
    let site = folder.url("site")
    let result = try build(try ArchiveFixture.write(in: folder), into: site, secret: Self.secret)
    // The root's index.html is the page that links nothing (privateRoot).
    #expect(!(try text("\(site)/index.html")).contains("walls/"))
    let tokens = Self.users.map {
      Hex.encode(HMAC.sha256(key: Self.secret, message: Array($0.utf8)))
    }
    #expect(Set(SiteTree.wallFolders(in: site)) == Set(tokens))
    #expect(tokens.allSatisfy { $0.count == 64 })
    for (user, token) in zip(Self.users, tokens) {
      #expect(SiteLayout.privateToken(secret: Self.secret, userID: user) == token)
      #expect(try result.walls.pages()[user] == "walls/\(token)/index.html")
      #expect(FileSystem.kind(of: "\(site)/walls/\(token)/index.html") == .regular)
    }
    // Besides the blank pages of its folders (`FolderIndexes`), which list nothing.
    #expect(
      SiteTree.files(in: site).filter {
        $0.hasSuffix(".html") && !$0.hasPrefix("walls/") && !SiteTree.isFolderIndex($0, in: site)
      } == ["index.html"])
  }

  @Test("no page links to another wall or to an index page")
  func noLinksBetweenWalls() throws {
    let folder = try TemporaryDirectory("private")
    let site = folder.url("site")
    _ = try build(try ArchiveFixture.write(in: folder), into: site, secret: Self.secret)
    let pages = SiteTree.files(in: site).filter {
      $0.hasSuffix(".html") && !SiteTree.isFolderIndex($0, in: site)
    }
    // Bob's wall has two pages, each of the three walls its photo grid, and the root its page.
    #expect(pages.count == 8)
    for page in pages {
      let html = try text("\(site)/\(page)")
      #expect(!html.contains("All walls"))
      let hrefs = html.components(separatedBy: "href=\"").dropFirst().map {
        String($0.prefix { $0 != "\"" })
      }
      for href in hrefs {
        let ownPage = !href.contains("/") && href.hasSuffix(".html") && page != "index.html"
        let shared =
          page == "index.html"
          ? href.hasPrefix("assets/")
          : href.hasPrefix("../../assets/") || href.hasPrefix("../../media/")
        #expect(ownPage || shared || href == "#main", "\(page): \(href)")
        #expect(!href.contains("walls/") && href != "../../index.html", "\(page): \(href)")
      }
    }
  }

  @Test("a private build over a public one removes the index and the guessable walls")
  func publicThenPrivate() throws {
    let folder = try TemporaryDirectory("private")
    let site = folder.url("site")
    let export = try ArchiveFixture.write(in: folder)
    _ = try build(export, into: site, secret: nil)
    #expect(FileSystem.kind(of: "\(site)/walls/uAnn/index.html") == .regular)
    _ = try build(export, into: site, secret: Self.secret)
    let root = try text("\(site)/index.html")
    #expect(!root.contains("walls/") && !root.contains("Ann Archivist"))
    #expect(!SiteTree.files(in: site).contains { $0.hasPrefix("walls/uAnn/") })
  }

  func run(_ arguments: [String]) -> (WallCLI.ExitCode, out: String, err: String) {
    ArchiveFixture.runCLI(arguments)
  }

  @Test("the CLI writes the user → URL list beside the site, readable by its owner only")
  func urlList() throws {
    let folder = try TemporaryDirectory("private")
    let export = try ArchiveFixture.write(in: folder)
    // A trailing newline, as `echo` writes, is not part of the secret.
    try FileSystem.writeAtomically(Self.secret + [0x0A], to: folder.url("secret"))
    let site = folder.url("site")
    let result = run([
      "build", export, "-o", site, "--private", "--secret-file", folder.url("secret"), "-q",
    ])
    #expect(result.0 == .success, "\(result.err)")
    let list = try text("\(site).urls.tsv")
    let expected = Self.users.map {
      "\($0)\twalls/\(Hex.encode(HMAC.sha256(key: Self.secret, message: Array($0.utf8))))/index.html\n"
    }
    #expect(list == expected.joined())
    let attributes = try FileManager.default.attributesOfItem(atPath: "\(site).urls.tsv")
    #expect((attributes[.posixPermissions] as? Int) == 0o600)

    let chosen = folder.url("elsewhere/urls.tsv")
    try FileSystem.createDirectory(folder.url("elsewhere"))
    let second = run([
      "build", export, "-o", site, "--private", "--secret-file", folder.url("secret"),
      "--urls-file", chosen, "-q",
    ])
    #expect(second.0 == .success)
    #expect(try text(chosen) == list)
  }

  @Test("a missing or empty secret file, or a URL list inside the site, is a clear error")
  func badFiles() throws {
    let folder = try TemporaryDirectory("private")
    let export = try ArchiveFixture.write(in: folder)
    let site = folder.url("site")
    let missing = run([
      "build", export, "-o", site, "--private", "--secret-file", folder.url("nope"),
    ])
    #expect(missing.0 == .failure)
    #expect(missing.err.contains("cannot read the secret file") && missing.err.contains("nope"))
    try FileSystem.writeAtomically("\n", to: folder.url("empty"))
    let empty = run([
      "build", export, "-o", site, "--private", "--secret-file", folder.url("empty"),
    ])
    #expect(empty.0 == .failure)
    #expect(empty.err.contains("the secret file '\(folder.url("empty"))' is empty"))
    try FileSystem.writeAtomically(Self.secret, to: folder.url("secret"))
    for inside in ["\(site)/urls.tsv", "\(site)/./deep/../urls.tsv", site] {
      let refused = run([
        "build", export, "-o", site, "--private", "--secret-file", folder.url("secret"),
        "--urls-file", inside,
      ])
      #expect(refused.0 == .usage, "\(inside)")
      #expect(refused.err.contains("is inside the output folder"), "\(refused.err)")
    }
    #expect(FileSystem.kind(of: site) == .missing)
  }

  @Test(
    "a secret shorter than 16 bytes is refused with exit 64, naming the file, its length and how to make one",
    arguments: ["a", "password", "password\n\n", "fifteen bytes!!"])
  func shortSecret(secret: String) throws {
    let folder = try TemporaryDirectory("private-short")
    let export = try ArchiveFixture.write(in: folder)
    let site = folder.url("site")
    try FileSystem.writeAtomically(secret, to: folder.url("secret"))
    let refused = run([
      "build", export, "-o", site, "--private", "--secret-file", folder.url("secret"),
    ])
    let length = secret.utf8.count { $0 != 0x0A }
    #expect(refused.0 == .usage)
    #expect(
      refused.err.contains(
        "the secret file '\(folder.url("secret"))' holds \(length) byte\(length == 1 ? "" : "s")"),
      "\(refused.err)")
    #expect(refused.err.contains("needs at least 16"))
    #expect(refused.err.contains("head -c 32 /dev/urandom | base64 > \(folder.url("secret"))"))
    #expect(FileSystem.kind(of: site) == .missing)
    #expect(FileSystem.kind(of: "\(site).urls.tsv") == .missing)
  }

  @Test("a secret of exactly 16 bytes (and a trailing newline) is accepted")
  func sixteenByteSecret() throws {
    let folder = try TemporaryDirectory("private-sixteen")
    let export = try ArchiveFixture.write(in: folder)
    try FileSystem.writeAtomically("sixteen bytes ok\n", to: folder.url("secret"))
    let built = run([
      "build", export, "-o", folder.url("site"), "--private", "--secret-file",
      folder.url("secret"), "-q",
    ])
    #expect(built.0 == .success, "\(built.err)")
  }
}
