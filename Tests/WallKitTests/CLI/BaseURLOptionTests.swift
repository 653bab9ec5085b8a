import Testing
import WallKit

/// `--base-url URL`: an absolute http(s) URL, normalised with a trailing slash; anything else
/// is refused with exit 64.
@Suite struct BaseURLOptionTests {
  @Test(
    "a base URL is normalised: lower-case scheme and host, a trailing slash",
    arguments: [
      ("https://example.org", "https://example.org/"),
      ("https://example.org/", "https://example.org/"),
      ("HTTP://Example.ORG:8080/Walls", "http://example.org:8080/Walls/"),
      ("https://example.org/a/b/", "https://example.org/a/b/"),
      ("https://[::1]:8443/x", "https://[::1]:8443/x/"),
    ])
  func normalised(text: String, expected: String) throws {
    #expect(try BaseURL(text).string == expected)
    #expect(try BaseURL(text).resolving("walls/t/index.html") == expected + "walls/t/index.html")
  }

  @Test(
    "a base URL that is not an absolute http(s) URL is refused, saying why",
    arguments: [
      ("example.org", "it is not an absolute URL"),
      ("/walls/", "it is not an absolute URL"),
      ("ftp://example.org/", "its scheme is 'ftp', not http or https"),
      ("file:///srv/site", "its scheme is 'file', not http or https"),
      ("https:///path", "it names no host"),
      ("https://user:pw@example.org/", "it holds a user name or password"),
      ("https://example.org/?a=1", "it has a query or a fragment"),
      ("https://example.org/#top", "it has a query or a fragment"),
      ("https://exa mple.org/", "it holds a space or a control character"),
      ("", "it is not an absolute URL"),
    ])
  func refused(text: String, reason: String) {
    let error = #expect(throws: BaseURLError.self) { try BaseURL(text) }
    #expect(error?.reason.hasPrefix(reason) == true, "\(String(describing: error))")
  }

  @Test("build and archive take --base-url; a bad one exits 64 naming the value")
  func commandLine() throws {
    let build = try CommandParser.parse(["build", "--base-url", "https://Example.org/site"])
    var expected = BuildOptions()
    expected.baseURL = try BaseURL("https://example.org/site/")
    #expect(build == .build(expected))
    guard
      case .archive(let archive) = try CommandParser.parse([
        "archive", "--all", "--base-url=http://example.org",
      ])
    else {
      Issue.record("not an archive command")
      return
    }
    #expect(archive.baseURL?.string == "http://example.org/")

    let error = #expect(throws: UsageError.self) {
      try CommandParser.parse(["build", "--base-url", "example.org/walls"])
    }
    #expect(
      error
        == UsageError(
          "option '--base-url': the base URL 'example.org/walls' is refused: it is not an "
            + "absolute URL; write it as https://example.org/; it must be an absolute http:// or "
            + "https:// URL such as https://example.org/walls/", command: "build"))
    let run = ArchiveFixture.runCLI(["archive", "--all", "--base-url", "ftp://x/"])
    #expect(run.0 == .usage)
    #expect(run.err.contains("the base URL 'ftp://x/' is refused: its scheme is 'ftp'"))
  }
}
