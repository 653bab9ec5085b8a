import WallSupport

/// Answers one request from the files of a built site: the request in, the response out, no
/// socket involved, so every rule is a plain test.
///
/// Rules: GET and HEAD only (405 otherwise); the path is percent-decoded and checked
/// (`RequestPath`, 400 when unsafe); hidden names such as the `.wallgen/` cache are 404; the
/// file found must resolve (symlinks included) inside the root, else 404; a folder redirects to
/// its `/` form and serves its `index.html`, never a listing; `If-None-Match` gives 304. HTML
/// pages get the live-reload script, and their tag includes the build generation. Files are
/// not read here: the response carries the open file, which the server streams (a page gets
/// the script spliced in on the way); only an HTML page of at most a chunk is read whole.
/// HEAD costs an `fstat`; a single `Range` gives 206 (416 when unsatisfiable), counted in the
/// bytes as sent, script included.
public struct PreviewResponder: Sendable {
  /// The methods served.
  public static let allowedMethods = ["GET", "HEAD"]

  /// The served folder, as an absolute path with symlinks resolved.
  public let root: String

  /// Creates a responder serving `root`.
  /// - Throws: `PreviewError.rootMissing` when `root` is not a folder.
  public init(root: String) throws(PreviewError) {
    guard FileSystem.kind(of: root) == .directory, let resolved = FileSystem.realPath(root) else {
      throw .rootMissing(path: root)
    }
    self.root = resolved
  }

  /// The response to `request`, for a build with nothing to report.
  /// - Parameter generation: the current build generation (see `LiveReload`).
  public func respond(to request: HTTPRequest, generation: String) -> HTTPResponse {
    respond(to: request, live: BuildGeneration.Snapshot(generation: generation))
  }

  /// The response to `request`.
  /// - Parameter live: the current build generation and the last build's report, which HTML
  ///   pages carry (see `LiveReload`) and `LiveReload.statusPath` answers.
  public func respond(to request: HTTPRequest, live: BuildGeneration.Snapshot) -> HTTPResponse {
    guard Self.allowedMethods.contains(request.method) else {
      var response = HTTPResponse.errorPage(
        .methodNotAllowed, detail: "The method '\(request.method)' is not served here.")
      response.headers.append(("Allow", Self.allowedMethods.joined(separator: ", ")))
      return response
    }
    let path: RequestPath
    do {
      path = try RequestPath(target: request.target)
    } catch {
      return .errorPage(.badRequest, detail: error.description)
    }
    let encoded = path.encoded
    if encoded == LiveReload.versionPath {
      return HTTPResponse(
        status: .ok,
        headers: [("Content-Type", MIMEType.plainText), ("Cache-Control", "no-store")],
        body: Array(live.generation.utf8))
    }
    if encoded == LiveReload.statusPath {
      return HTTPResponse(
        status: .ok,
        headers: [("Content-Type", MIMEType.json), ("Cache-Control", "no-store")],
        body: Array(LiveReload.statusJSON(live).utf8))
    }
    guard let resolved = resolve(path) else { return notFound(path) }
    switch FileSystem.kind(of: resolved) {
    case .directory:
      guard path.hasTrailingSlash else {
        return HTTPResponse(
          status: .movedPermanently,
          headers: [("Location", encoded + "/"), ("Cache-Control", "no-cache")])
      }
      guard let index = resolve(path, appending: "index.html"),
        FileSystem.kind(of: index) == .regular
      else { return notFound(path) }
      return serveFile(index, request: request, live: live, path: path)
    case .regular:
      return serveFile(resolved, request: request, live: live, path: path)
    case .missing, .other:
      return notFound(path)
    }
  }

  /// The real path of `path` (plus a last name), or nil unless it exists inside the root and
  /// no name on the way, before or after resolving symlinks, is hidden (starts with `.`).
  func resolve(_ path: RequestPath, appending name: String? = nil) -> String? {
    let names = path.segments + (name.map { [$0] } ?? [])
    guard !names.contains(where: { $0.hasPrefix(".") }) else { return nil }
    let candidate = ([root] + names).joined(separator: "/")
    guard let real = FileSystem.realPath(candidate) else { return nil }
    if real == root { return real }
    guard real.hasPrefix(root + "/") || root == "/" else { return nil }
    let inside = real.dropFirst(root == "/" ? 1 : root.count + 1)
    guard !inside.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return nil }
    return real
  }

  private func serveFile(
    _ file: String, request: HTTPRequest, live: BuildGeneration.Snapshot, path: RequestPath
  ) -> HTTPResponse {
    let contentType = MIMEType.forPath(file)
    let served: ServedFile
    do {
      served = try ServedFile(opening: file)
    } catch .missing, .notRegular {
      return notFound(path)
    } catch {
      return serverError()
    }
    let injects = contentType == MIMEType.html
    // The page's bytes depend on the generation and the report the script carries.
    let tag = "\"\(served.tag)\(injects ? live.pageTagSuffix : "")\""
    var headers = [
      ("Content-Type", contentType), ("ETag", tag), ("Cache-Control", "no-cache"),
      ("X-Content-Type-Options", "nosniff"),
    ]
    let offered = request.header("if-none-match").map(Self.entityTags) ?? []
    if offered.contains("*") || offered.contains(tag) {
      return HTTPResponse(status: .notModified, headers: headers)
    }
    headers.append(("Accept-Ranges", "bytes"))
    let length = injects ? served.size + live.script.count : served.size
    // If-Range names the version the client has part of; any other version is sent whole.
    let ranged = request.header("if-range").map { $0 == tag } ?? true
    let range = ranged ? ByteRange.resolve(request.header("range"), length: length) : .full
    let bytes: Range<Int>
    switch range {
    case .full: bytes = 0..<length
    case .partial(let part): bytes = part
    case .unsatisfiable:
      var response = HTTPResponse.errorPage(
        .rangeNotSatisfiable, detail: "The range asked for is not inside the file.")
      response.headers.append(("Content-Range", range.contentRange(length: length) ?? ""))
      return response
    }
    if let contentRange = range.contentRange(length: length) {
      headers.append(("Content-Range", contentRange))
    }
    let status: HTTPStatus = range == .full ? .ok : .partialContent
    if request.method == "HEAD" {
      return HTTPResponse(status: status, headers: headers, content: .omitted(length: bytes.count))
    }
    guard injects else {
      let region = FileRegion(file: served, offset: bytes.lowerBound, length: bytes.count)
      return HTTPResponse(status: status, headers: headers, content: .file(region))
    }
    guard served.size <= FileRegion.chunkSize else {
      // A larger page is streamed like any file, the script spliced in on the way.
      let region = FileRegion(
        file: served, offset: bytes.lowerBound, length: bytes.count, inserting: live.script,
        at: scriptOffset(in: served))
      return HTTPResponse(status: status, headers: headers, content: .file(region))
    }
    // A page of at most a chunk is read whole, and goes out with its head in one send.
    let page: [UInt8]
    do {
      page = try served.readAll()
    } catch {
      return serverError()
    }
    let injected = LiveReload.inject(into: page, live)
    // A page that changed size since fstat no longer matches the range: send it whole.
    guard injected.count == length else {
      return HTTPResponse(
        status: .ok, headers: headers.filter { $0.0 != "Content-Range" }, body: injected)
    }
    let body = range == .full ? injected : Array(injected[bytes])
    return HTTPResponse(status: status, headers: headers, body: body)
  }

  /// Where the live-reload script goes in a page too large to read whole: before the last
  /// `</body` of its last `LiveReload.markerSearchLength` bytes, the only bytes read, or at
  /// the end.
  private func scriptOffset(in page: ServedFile) -> Int {
    let count = min(LiveReload.markerSearchLength, page.size)
    var tail = [UInt8](repeating: 0, count: max(1, count))
    let start = page.size - count
    let read = page.read(at: start, count: count, into: &tail) ?? 0
    return LiveReload.markerIndex(in: tail[..<read]).map { start + $0 } ?? page.size
  }

  private func serverError() -> HTTPResponse {
    .errorPage(.internalServerError, detail: "The file could not be read.")
  }

  private func notFound(_ path: RequestPath) -> HTTPResponse {
    .errorPage(.notFound, detail: "Nothing is served at \(path.encoded).")
  }

  /// The tags of an `If-None-Match` value, weak ones (`W/"x"`) compared as strong.
  static func entityTags(_ value: String) -> [String] {
    value.split(separator: ",").map { item in
      let tag = item.trimmingSpaces
      return tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
  }
}
