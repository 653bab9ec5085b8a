import Testing
import WallKit

@Suite struct PreviewResponderTests {
  let site: SiteFixture
  let responder: PreviewResponder

  init() throws {
    site = try SiteFixture()
    responder = try PreviewResponder(root: site.root)
  }

  func get(_ target: String, _ headers: [(String, String)] = [], method: String = "GET")
    -> HTTPResponse
  {
    responder.respond(
      to: HTTPRequest(method: method, target: target, headers: headers), generation: "abc-1")
  }

  @Test("a folder serves its index.html, with the live-reload script before </body>")
  func folderIndex() {
    let response = get("/walls/u1/")
    #expect(response.status == .ok)
    #expect(response.header("Content-Type") == "text/html; charset=utf-8")
    #expect(response.header("Cache-Control") == "no-cache")
    let text = String(decoding: response.body, as: UTF8.self)
    #expect(text.hasPrefix("<html><BODY><p>Wall of u1</p><script data-wallgen-live-reload>"))
    #expect(text.hasSuffix("</script>\n</BODY></html>\n"))
    #expect(text.contains("var g=\"abc-1\""))
  }

  @Test("the root serves index.html; a page without </body> gets the script appended")
  func rootAndAppend() {
    #expect(String(decoding: get("/").body, as: UTF8.self).contains("<h1>Walls</h1>"))
    let page = String(decoding: get("/walls/u1/page-2.html").body, as: UTF8.self)
    #expect(page.hasPrefix("<p>no body tag</p><script data-wallgen-live-reload>"))
  }

  @Test("a folder without its slash redirects to it, so relative links work")
  func redirect() {
    let response = get("/walls/u1?x=1")
    #expect(response.status == .movedPermanently)
    #expect(response.header("Location") == "/walls/u1/")
    #expect(get("/walls/a%20b").header("Location") == "/walls/a%20b/")
  }

  @Test("files get their type from the MIME table, bytes untouched, and an ETag")
  func files() {
    let image = get("/media/ab/abcd-thumb.png")
    #expect(image.status == .ok)
    #expect(image.header("Content-Type") == "image/png")
    #expect(image.allBytes == SiteFixture.png)
    #expect(image.header("ETag")?.hasPrefix("\"") == true)
    #expect(get("/assets/wall.css").header("Content-Type") == "text/css; charset=utf-8")
    #expect(get("/walls/a%20b/").status == .ok)
  }

  @Test("If-None-Match with the current tag gives 304 with no body")
  func notModified() throws {
    let first = get("/media/ab/abcd-thumb.png")
    let tag = try #require(first.header("ETag"))
    let again = get("/media/ab/abcd-thumb.png", [("If-None-Match", "\"other\", \(tag)")])
    #expect(again.status == .notModified)
    #expect(again.body.isEmpty)
    #expect(again.header("ETag") == tag)
    #expect(get("/media/ab/abcd-thumb.png", [("If-None-Match", "W/\(tag)")]).status == .notModified)
    #expect(get("/media/ab/abcd-thumb.png", [("If-None-Match", "\"nope\"")]).status == .ok)
  }

  @Test("an HTML page's tag includes the build generation, so a rebuild is never a 304")
  func pageTagFollowsGeneration() throws {
    let tag = try #require(get("/").header("ETag"))
    #expect(tag.hasSuffix("-gabc-1\""))
    let later = responder.respond(
      to: HTTPRequest(method: "GET", target: "/", headers: [("If-None-Match", tag)]),
      generation: "abc-2")
    #expect(later.status == .ok)
  }

  @Test("the version endpoint answers the generation, never cached")
  func version() {
    let response = get("/__wallgen/version")
    #expect(response.body == Array("abc-1".utf8))
    #expect(response.header("Cache-Control") == "no-store")
  }

  @Test("HEAD answers like GET, with no body read; other methods get 405 with Allow")
  func methods() {
    for target in ["/", "/media/ab/abcd-thumb.png"] {
      let head = get(target, method: "HEAD")
      let full = get(target)
      #expect(head.status == full.status)
      #expect(head.headers.elementsEqual(full.headers) { $0 == $1 })
      #expect(head.content == .omitted(length: full.allBytes.count))
      #expect(head.contentLength == full.contentLength)
    }
    for method in ["POST", "PUT", "DELETE", "OPTIONS", "get"] {
      let response = get("/", method: method)
      #expect(response.status == .methodNotAllowed)
      #expect(response.header("Allow") == "GET, HEAD")
    }
  }

  @Test(
    "unsafe paths are 400",
    arguments: [
      "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2e/secret.txt", "/walls/../../secret.txt",
      "/..%2fsecret.txt", "/a%2f..%2f..%2fsecret.txt", "/..\\secret.txt", "/%5c..%5csecret.txt",
      "/index.html%00.png", "/%00", "/%0a", "/.", "/%2e", "/%zz", "/%2", "/%c0%ae%c0%ae/x",
      "/%ff", "*", "http://127.0.0.1/index.html", "secret.txt",
    ])
  func badPaths(target: String) {
    let response = get(target)
    #expect(response.status == .badRequest)
    #expect(!String(decoding: response.body, as: UTF8.self).contains(SiteFixture.secret))
  }

  @Test(
    "what is outside the root, hidden, or missing is 404, never a listing",
    arguments: [
      "/leak.txt", "/leakdir/secret.txt", "/leakdir/", "/walls/u1/up.txt", "/absolute.txt",
      "/evil/secret.txt", "/.wallgen/media/ab/abcd.json", "/%2ewallgen/media/ab/abcd.json",
      "/cache/ab/abcd.json", "/assets/empty/", "/assets/empty/.keep", "/missing.html",
      "//etc/passwd", "/etc/passwd", "/walls/u1/index.html/x",
    ])
  func notFound(target: String) {
    let response = get(target)
    #expect(response.status == .notFound)
    let body = String(decoding: response.body, as: UTF8.self)
    #expect(!body.contains(SiteFixture.secret) && !body.contains(SiteFixture.cacheSecret))
  }

  @Test("a symlink that stays inside the root is served")
  func innerSymlink() {
    #expect(String(decoding: get("/alias.html").body, as: UTF8.self).contains("<h1>Walls</h1>"))
  }

  @Test("a missing root is a typed error")
  func missingRoot() {
    let error = #expect(throws: PreviewError.self) {
      try PreviewResponder(root: "/nonexistent/wallgen-site")
    }
    #expect(error == .rootMissing(path: "/nonexistent/wallgen-site"))
  }
}
