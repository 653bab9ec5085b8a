/// Answers one request from the files of a built site: the request in, the response out, no
/// socket involved, so every rule is a plain test.
///
/// Rules: GET and HEAD only (405 otherwise); the path is percent-decoded and checked
/// (`RequestPath`, 400 when unsafe); hidden names such as the `.wallgen/` cache are 404; the
/// file found must resolve (symlinks included) inside the root, else 404; a folder redirects to
/// its `/` form and serves its `index.html`, never a listing; `If-None-Match` gives 304. HTML
/// pages get the live-reload script, and their tag includes the build generation.
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

  /// The response to `request`.
  /// - Parameter generation: the current build generation (see `LiveReload`).
  public func respond(to request: HTTPRequest, generation: String) -> HTTPResponse {
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
    if path.encoded == LiveReload.versionPath {
      return HTTPResponse(
        status: .ok,
        headers: [("Content-Type", MIMEType.plainText), ("Cache-Control", "no-store")],
        body: Array(generation.utf8))
    }
    guard let resolved = resolve(path) else { return notFound(path) }
    switch FileSystem.kind(of: resolved) {
    case .directory:
      guard path.hasTrailingSlash else {
        return HTTPResponse(
          status: .movedPermanently,
          headers: [("Location", path.encoded + "/"), ("Cache-Control", "no-cache")])
      }
      guard let index = resolve(path, appending: "index.html"),
        FileSystem.kind(of: index) == .regular
      else { return notFound(path) }
      return serveFile(index, request: request, generation: generation, path: path)
    case .regular:
      return serveFile(resolved, request: request, generation: generation, path: path)
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
    _ file: String, request: HTTPRequest, generation: String, path: RequestPath
  ) -> HTTPResponse {
    let contentType = MIMEType.forPath(file)
    let isHTML = contentType == MIMEType.html
    let suffix = isHTML ? "-g" + generation : ""
    let offered = request.header("if-none-match").map(Self.entityTags) ?? []
    let served: ServedFile
    do {
      served = try ServedFile.read(file) { tag in
        offered.contains("*") || offered.contains("\"\(tag)\(suffix)\"")
      }
    } catch .missing, .notRegular {
      return notFound(path)
    } catch {
      return .errorPage(.internalServerError, detail: "The file could not be read.")
    }
    let headers = [
      ("Content-Type", contentType), ("ETag", "\"\(served.tag)\(suffix)\""),
      ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
    ]
    guard let bytes = served.bytes else {
      return HTTPResponse(status: .notModified, headers: headers)
    }
    return HTTPResponse(
      status: .ok, headers: headers,
      body: isHTML ? LiveReload.inject(into: bytes, generation: generation) : bytes)
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
