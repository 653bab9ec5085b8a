import WallKit

/// Feeds the input to `HTTPHeadReader` as what a client sent, in pieces, and answers every
/// request read with `PreviewResponder` over a tiny site.
final class HTTPHarness: Sendable {
  /// One harness per process: its site folder is made once.
  static let shared = HTTPHarness()

  private let folder = ScratchFolder("http")
  private let responder: PreviewResponder?

  private init() {
    folder.write(Array("<!doctype html><title>t</title><p>home".utf8), to: "index.html")
    folder.write(Array("<!doctype html><title>w</title><p>wall".utf8), to: "walls/a/index.html")
    folder.write(Array("body{color:red}".utf8), to: "assets/site.css")
    folder.write([0xFF, 0xD8, 0xFF, 0xD9], to: "media/a.jpg")
    folder.write(Array("hidden".utf8), to: ".wallgen/cache")
    responder = try? PreviewResponder(root: folder.path)
  }

  /// Reads every head and answers it; every outcome but a crash is fine.
  ///
  /// The first byte says where the input is cut in two (the connection delivers bytes in pieces),
  /// the rest is what was sent.
  func run(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let sent = bytes.dropFirst()
    let cut = sent.startIndex + min(Int(first), sent.count)
    var reader = HTTPHeadReader()
    reader.maxRequestLine = 512
    reader.maxHead = 2048
    reader.maxFields = 16
    for piece in [sent[..<cut], sent[cut...]] {
      reader.append(piece)
      while let request = try? reader.next() {
        answer(request)
      }
    }
    _ = reader.hasPartialHead
  }

  private func answer(_ request: HTTPRequest) {
    _ = request.keepsAlive
    guard let responder else { return }
    let response = responder.respond(to: request, generation: "g1")
    _ = response.serialized(keepAlive: request.keepsAlive, includeBody: request.method != "HEAD")
    if case .file(let region) = response.content {
      _ = region.forEachChunk(chunkSize: 16) { _ in true }
    }
  }
}
