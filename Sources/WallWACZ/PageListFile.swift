import WallJSON
import WallSupport

/// `pages/pages.jsonl`, written a line at a time to a file: its header, then one line a page.
final class PageListFile {
  private let file: OutputFile

  /// Creates the file at `path`.
  /// - Throws: `WACZError` when it cannot be created.
  init(path: String) throws(WACZError) {
    file = try OutputFile(path: path)
  }

  /// Writes the header line, naming the archive's `title`.
  func writeHeader(title: String) throws(WACZError) {
    let header: JSONValue = ["format": "json-pages-1.0", "id": "pages", "title": .string(title)]
    try write(header)
  }

  /// Writes the line of the page at `page`.
  /// - Parameters:
  ///   - page: The page's path under the base URL.
  ///   - title: Its title.
  ///   - base: The URL the files are archived under.
  ///   - time: The date of every record.
  func write(page: String, title: String, base: WACZBase, time: WARCTime) throws(WACZError) {
    let url = base.url(for: page)
    let line: JSONValue = [
      "id": .string(String(Hex.encode(SHA256.digest(Array(url.utf8))).prefix(32))),
      "url": .string(url), "ts": .string(time.iso), "title": .string(title),
    ]
    try write(line)
  }

  /// Closes the file.
  func close() throws(WACZError) { try file.close() }

  private func write(_ line: JSONValue) throws(WACZError) {
    let bytes = Array((line.serialized + "\n").utf8)
    // `withUnsafeBytes` rethrows untyped errors: the write's error is kept and thrown after.
    var failure: WACZError?
    bytes.withUnsafeBytes { buffer in
      do throws(WACZError) { try file.write(buffer) } catch { failure = error }
    }
    if let failure { throw failure }
  }
}
