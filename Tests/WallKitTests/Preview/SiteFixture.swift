import Foundation
import WallKit
import WallKitTestSupport

/// A small built-site folder to serve, with traps beside and inside it: a secret file next to
/// the root, symlinks pointing out of it, and a `.wallgen/` cache.
struct SiteFixture {
  /// Text that must never be served: the secret file beside the root, and the cache record.
  static let secret = "TOP-SECRET-7f3c0a"
  static let cacheSecret = "CACHE-RECORD-51d2"
  /// A tiny PNG served as an image.
  static let png: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100)

  let folder: TemporaryDirectory
  /// The served root.
  var root: String { folder.url("site") }

  init() throws {
    folder = try TemporaryDirectory("wallgen-preview")
    let files: [String: [UInt8]] = [
      "site/index.html": Array("<!DOCTYPE html><html><body><h1>Walls</h1></body></html>\n".utf8),
      "site/walls/u1/index.html": Array("<html><BODY><p>Wall of u1</p></BODY></html>\n".utf8),
      "site/walls/u1/page-2.html": Array("<p>no body tag</p>".utf8),
      "site/walls/a b/index.html": Array("<p>spaced</p>".utf8),
      "site/media/ab/abcd-thumb.png": Self.png,
      "site/assets/wall.css": Array("body { margin: 0 }\n".utf8),
      "site/assets/empty/.keep": [],
      "site/.wallgen/media/ab/abcd.json": Array("{\"x\":\"\(Self.cacheSecret)\"}".utf8),
      "secret.txt": Array("\(Self.secret)\n".utf8),
      "site-evil/secret.txt": Array("\(Self.secret)\n".utf8),
    ]
    let manager = FileManager.default
    for (path, bytes) in files {
      let full = folder.url(path)
      try manager.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(bytes).write(to: URL(fileURLWithPath: full))
    }
    let links: [(String, String)] = [
      ("site/leak.txt", "../secret.txt"),
      ("site/leakdir", ".."),
      ("site/walls/u1/up.txt", "../../../secret.txt"),
      ("site/absolute.txt", folder.url("secret.txt")),
      ("site/evil", "../site-evil"),  // shares the root's name as a prefix
      ("site/alias.html", "index.html"),
      ("site/cache", ".wallgen/media"),
    ]
    for (link, target) in links {
      try manager.createSymbolicLink(atPath: folder.url(link), withDestinationPath: target)
    }
  }
}

extension HTTPResponse {
  /// The whole body, whether held in memory or streamed from a file (read here in chunks).
  var allBytes: [UInt8] {
    switch content {
    case .bytes(let bytes): return bytes
    case .omitted: return []
    case .file(let region):
      var bytes: [UInt8] = []
      _ = region.forEachChunk { chunk in
        bytes += chunk
        return true
      }
      return bytes
    }
  }
}

extension SiteFixture {
  /// A preview server on 127.0.0.1 (a free port) serving this site, started; stop it when done.
  func startServer() throws -> PreviewServer {
    let responder = try PreviewResponder(root: root)
    let server = try PreviewServer(configuration: .init(host: "127.0.0.1", port: 0)) { request in
      responder.respond(to: request, generation: "g-1")
    }
    server.start()
    return server
  }
}
