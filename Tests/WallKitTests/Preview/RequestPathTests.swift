import Testing
import WallKit

@Suite struct RequestPathTests {
  @Test("segments are percent-decoded; empty ones and the query are dropped")
  func decodes() throws {
    let path = try RequestPath(target: "/walls//a%20b/%C3%A9t%C3%A9.html?q=%2e%2e")
    #expect(path.segments == ["walls", "a b", "été.html"])
    #expect(!path.hasTrailingSlash)
    #expect(path.encoded == "/walls/a%20b/%C3%A9t%C3%A9.html")
    #expect(try RequestPath(target: "/").segments.isEmpty)
    #expect(try RequestPath(target: "/walls/").hasTrailingSlash)
  }

  @Test(
    "unsafe paths are typed errors",
    arguments: [
      ("/..", RequestPathError.dotSegment("..")), ("/%2E%2e", .dotSegment("..")),
      ("/a/./b", .dotSegment(".")), ("/a%2fb", .encodedSlash("a%2fb")),
      ("/a\\b", .backslash("a\\b")), ("/a%5Cb", .backslash("a%5Cb")),
      ("/a%00", .controlCharacter("a%00")), ("/%g1", .badEscape("%g1")), ("/%4", .badEscape("%4")),
      ("/%ff", .notUTF8("%ff")), ("x", .notOriginForm("x")),
    ])
  func rejects(target: String, expected: RequestPathError) {
    let error = #expect(throws: RequestPathError.self) { try RequestPath(target: target) }
    #expect(error == expected)
  }
}
