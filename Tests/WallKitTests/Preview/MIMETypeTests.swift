import Testing
import WallKit

@Suite struct MIMETypeTests {
  @Test(
    "types come from the extension, case-insensitively",
    arguments: [
      ("walls/x/index.html", "text/html; charset=utf-8"), ("a/b.JPG", "image/jpeg"),
      ("m/ab/x-avatar.svg", "image/svg+xml"), ("lightbox.js", "text/javascript; charset=utf-8"),
      ("noext", "application/octet-stream"), (".hidden", "application/octet-stream"),
      ("x.unknown", "application/octet-stream"),
    ])
  func types(path: String, type: String) {
    #expect(MIMEType.forPath(path) == type)
  }
}
