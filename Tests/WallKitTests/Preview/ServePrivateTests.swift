import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// `wallgen serve --private --secret-file F` (issue 45, item 2) previews a private build: it
/// prints each person's link, and no request for a folder of the site shows a wall's address.
@Suite(.fullTier) struct ServePrivateTests {
  typealias P = ParseFixtures

  static let canRun = BuiltProduct.wallgen != nil

  @Test(
    "serve --private prints every wall's link with its owner's name, serves those walls, and no folder of the site shows a wall's address",
    .enabled(if: canRun, "needs the built wallgen"))
  func privatePreview() throws {
    let folder = try TemporaryDirectory("serve-private")
    let export = try ExportWriter(root: folder.url("export"))
    try export.writeClass(
      "_User",
      [
        P.user("uA", username: "ann", fbId: "1", name: "Ann Preview"),
        P.user("uB", username: "bob", fbId: "2", name: "Bob Preview"),
        P.user("uC", username: "cat", fbId: "3", name: "Cat Preview"),
      ])
    try export.writeClass(
      "WallImage", [P.image("i0", uploaderFBId: "1", username: "ann", fileName: "p.jpg", at: 0)])
    try export.writeFile("files/p.jpg", try ImageFixtures.gradientJPEG(width: 16, height: 12))
    try FileSystem.writeAtomically(
      "a private preview's secret, long enough\n", to: folder.url("secret"))

    let server = try ServedWallgen([
      folder.url("export"), "-o", folder.url("site"), "--port", "0", "-q", "--private",
      "--secret-file", folder.url("secret"),
    ])
    defer { server.stop() }
    let lines = try #require(server.lines(4))
    let root = lines[0]
    let port = try #require(ServedWallgen.port(of: root))
    let links = lines.dropFirst().map { $0.split(separator: "\t").map(String.init) }
    #expect(links.map { $0.first ?? "" }.sorted() == ["Ann Preview", "Bob Preview", "Cat Preview"])
    var tokens: [String] = []
    for link in links {
      let url = try #require(link.last)
      #expect(url.hasPrefix(root + "walls/") && url.hasSuffix("/index.html"), "\(url)")
      let path = "/" + url.dropFirst(root.count)
      let page = try TestHTTPClient.get(port: port, path)
      #expect(page.status == 200 && page.text.contains(link[0]), "\(path)")
      tokens.append(String(path.split(separator: "/")[1]))
    }
    #expect(tokens.allSatisfy { $0.count == 64 })
    for path in ["/", "/walls/", "/media/", "/assets/", "/walls", "/index.html"] {
      let response = try TestHTTPClient.get(port: port, path)
      for token in tokens {
        #expect(!response.text.contains(token), "GET \(path) shows a wall's address")
      }
    }
  }

  @Test("serve refuses --private without --secret-file, and a secret file inside the served folder")
  func refusals() throws {
    let folder = try TemporaryDirectory("serve-private")
    let missing = CapturedConsole()
    let refused = WallCLI.run(
      ["serve", "--private", "-o", folder.url("site")], console: missing.console)
    #expect(refused == .usage)
    #expect(missing.err.contains { $0.contains("'--private' needs '--secret-file FILE'") })
    try FileSystem.createDirectory(folder.url("site"))
    try FileSystem.writeAtomically(
      "a private preview's secret, long enough\n", to: folder.url("site/secret"))
    let inside = CapturedConsole()
    let code = WallCLI.run(
      [
        "serve", "--private", "--secret-file", folder.url("site/secret"), "-o", folder.url("site"),
        "--port", "0",
      ], console: inside.console)
    #expect(code == .usage)
    #expect(inside.err.contains { $0.contains("is inside the output folder") }, "\(inside.err)")
  }
}
