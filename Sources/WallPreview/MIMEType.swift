/// The one table of content types the preview server sends, by file extension.
public enum MIMEType {
  /// The type of HTML pages.
  public static let html = "text/html; charset=utf-8"
  /// The type of plain text.
  public static let plainText = "text/plain; charset=utf-8"
  /// The type of JSON documents.
  public static let json = "application/json"
  /// The type of files whose extension is not in the table.
  public static let fallback = "application/octet-stream"

  /// Content types by lowercased extension (without the dot).
  public static let byExtension: [String: String] = [
    "html": html, "htm": html,
    "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
    "json": json, "jsonl": "application/jsonl",
    "txt": plainText, "md": "text/markdown; charset=utf-8",
    "xml": "application/xml", "webmanifest": "application/manifest+json",
    "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
    "gif": "image/gif", "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
    "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
    "pdf": "application/pdf", "zip": "application/zip", "wasm": "application/wasm",
    "mp4": "video/mp4", "webm": "video/webm",
  ]

  /// The content type of a file name or path, by its extension; `fallback` when unknown.
  public static func forPath(_ path: String) -> String {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
    return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
  }
}
