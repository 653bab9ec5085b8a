import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// A private site does not list itself (issue 45, item 2): on a server with directory listing
/// on, no request for a folder of the site answers with another wall's secret address.
@Suite(
  .fullTier, .enabled(if: LocalNginx.isAvailable, "needs nginx (Debian package nginx)"))
struct PrivateListingTests {
  typealias P = ParseFixtures

  private func build(private secret: [UInt8]?, in folder: TemporaryDirectory) throws -> String {
    let root = folder.url("export")
    if FileSystem.kind(of: root) == .missing {
      let export = try ExportWriter(root: root)
      let users = ["uAnn", "uBob", "uCid"]
      try export.writeClass(
        "_User",
        users.enumerated().map { P.user($1, username: "u\($0)", fbId: "\($0 + 1)") })
      try export.writeClass(
        "_Join:friends:_User", [P.friendRow("uAnn", "uBob"), P.friendRow("uBob", "uAnn")])
      try export.writeClass(
        "WallImage",
        (0..<3).map {
          P.image(
            "i\($0)", uploaderFBId: "\($0 + 1)", username: "u\($0)", fileName: "\($0).jpg",
            at: $0)
        })
      for index in 0..<3 {
        try export.writeFile(
          "files/\(index).jpg", try ImageFixtures.gradientJPEG(width: 16 + index, height: 12))
      }
    }
    let site = folder.url(secret == nil ? "public" : "private")
    var settings = SiteBuilder.Settings(export: root, output: site)
    settings.pipeline.jobs = 1
    settings.privateSecret = secret
    _ = try SiteBuilder(settings: settings).build()
    return site
  }

  /// Every folder of the site, as a request target (`/`, `/walls/`, …).
  private func folders(of site: String) -> [String] {
    var found: Set<String> = ["/"]
    for file in SiteTree.files(in: site) {
      var parts = file.split(separator: "/").dropLast()
      while !parts.isEmpty {
        found.insert("/" + parts.joined(separator: "/") + "/")
        parts = parts.dropLast()
      }
    }
    return found.sorted()
  }

  /// The whole response to an HTTP/1.0 GET of `target`, head and body, read to the end (no
  /// chunks: nginx answers an HTTP/1.0 request as it is and closes).
  static func get(port: Int, _ target: String) throws -> String {
    let client = try TestHTTPClient(port: port)
    defer { client.close() }
    client.send("GET \(target) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
    return String(decoding: client.readAll(), as: UTF8.self)
  }

  @Test("with nginx autoindex on, no folder of a private site answers with a wall's address")
  func noFolderListsAWall() throws {
    let folder = try TemporaryDirectory("private-listing")
    let site = try build(private: Array("a secret of thirty-two bytes....".utf8), in: folder)
    let tokens = SiteTree.wallFolders(in: site)
    #expect(tokens.count == 3)
    let nginx = try LocalNginx(root: site, autoindex: true)
    let targets = folders(of: site)
    #expect(targets.contains("/walls/") && targets.contains("/media/"))
    for target in targets {
      let response = try Self.get(port: nginx.port, target)
      #expect(response.hasPrefix("HTTP/1.1 200 "), "\(target): \(response.prefix(40))")
      #expect(!response.contains("Index of"), "\(target) is listed")
      for token in tokens where !target.hasPrefix("/walls/\(token)/") {
        #expect(!response.contains(token), "\(target) names the wall \(token)")
      }
    }
    // Every folder has its blank page, used or not: media/00/ to media/ff/.
    #expect(FileSystem.kind(of: "\(site)/media/00/index.html") == .regular)
    #expect(FileSystem.kind(of: "\(site)/media/ff/index.html") == .regular)
  }

  @Test("a public site gets no blank folder pages: its index lists every wall already")
  func publicSiteUnchanged() throws {
    let folder = try TemporaryDirectory("public-listing")
    let site = try build(private: nil, in: folder)
    #expect(FileSystem.kind(of: "\(site)/walls/index.html") == .missing)
    #expect(FileSystem.kind(of: "\(site)/media/index.html") == .missing)
  }
}
