import WallJSON
import WallSupport

/// A new text file of the archive (`pages/pages.jsonl`, `indexes/index.cdx`) written a line at
/// a time, which keeps its SHA-256 and size as it goes, so that `datapackage.json` lists it
/// without reading it back.
final class DigestedLineFile {
  private let file: OutputFile
  private let hasher = SHA256.hasher()
  private var buffer: [UInt8] = []

  /// Creates the file at `path`.
  /// - Throws: `WACZError` when it cannot be created.
  init(path: String) throws(WACZError) {
    file = try OutputFile(path: path)
  }

  /// Appends `line` and a line break.
  /// - Throws: `WACZError` when the disk refuses it.
  func append(_ line: String) throws(WACZError) {
    buffer += line.utf8
    buffer.append(0x0A)
    if buffer.count >= 1 << 16 { try flush() }
  }

  /// Closes the file.
  /// - Returns: Its digest (`sha256:<hex>`) and its size in bytes.
  /// - Throws: `WACZError` when the last writes fail.
  func close() throws(WACZError) -> (digest: String, bytes: Int) {
    try flush()
    try file.close()
    return (WARCRecord.digest(hasher.finalize()), file.size)
  }

  private func flush() throws(WACZError) {
    hasher.update(buffer)
    try file.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}

/// `pages/pages.jsonl`: its header, then one line a page.
final class PageListFile {
  private let file: DigestedLineFile

  /// Creates the file at `path`.
  /// - Throws: `WACZError` when it cannot be created.
  init(path: String) throws(WACZError) {
    file = try DigestedLineFile(path: path)
  }

  /// Writes the header line, naming the archive's `title`.
  func writeHeader(title: String) throws(WACZError) {
    let header: JSONValue = ["format": "json-pages-1.0", "id": "pages", "title": .string(title)]
    try file.append(header.serialized)
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
    try file.append(line.serialized)
  }

  /// Closes the file: its digest and size.
  func close() throws(WACZError) -> (digest: String, bytes: Int) { try file.close() }
}
