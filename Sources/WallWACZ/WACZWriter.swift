import WallJSON
import WallSupport
import WallZip

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a WACZ 1.1.1 web archive (https://specs.webrecorder.net/wacz/1.1.1/) of a set of files.
///
/// The zip holds, every entry stored (not deflated, so replay tools can seek into it) and in
/// this order: `archive/data.warc.gz` (`WARCWriter`), `indexes/index.cdx`,
/// `pages/pages.jsonl`, `datapackage.json` and `datapackage-digest.json`. Every date is
/// `time`, every record id is made from the record's content, and files go in bytewise path
/// order, so the same files and time give the same bytes.
public enum WACZWriter {
  /// What to archive and how to name it.
  public struct Contents: Sendable {
    /// The files, in any order (they are sorted by path).
    public var resources: [WACZResource]
    /// The paths of the resources that are pages to list (the first is the main page), in
    /// the order they are listed.
    public var pages: [String]
    /// The archive's title (`datapackage.json`, the page list's header); nil means the main
    /// page's `<title>`.
    public var title: String?

    /// Creates contents.
    /// - Parameters:
    ///   - resources: The files.
    ///   - pages: Paths of pages among them, the main page first.
    ///   - title: The archive's title; nil means the main page's.
    public init(resources: [WACZResource], pages: [String], title: String?) {
      self.resources = resources
      self.pages = pages
      self.title = title
    }
  }

  /// Writes `contents` to `path` (replaced atomically: a temporary file beside it, then a
  /// rename).
  /// - Parameters:
  ///   - contents: The files, pages and title.
  ///   - path: The `.wacz` to write.
  ///   - base: The URL the files are archived under.
  ///   - time: The date of every record and of the package.
  /// - Throws: `WACZError` naming the file that cannot be read or written.
  public static func write(
    _ contents: Contents, to path: String, base: WACZBase, time: WARCTime
  ) throws(WACZError) -> WACZSummary {
    let resources = contents.resources.sorted {
      $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
    }
    var seen = Set<String>()
    for resource in resources where !seen.insert(resource.path).inserted {
      throw WACZError(path: path, reason: "two files have the path '\(resource.path)'")
    }
    let warcPath = path + FileSystem.temporarySuffix + "warc-\(getpid())"
    defer { unlink(warcPath) }
    let byPath = Dictionary(resources.map { ($0.path, $0.source) }) { first, _ in first }
    var titles: [String] = []
    for page in contents.pages {
      guard let source = byPath[page] else {
        throw WACZError(path: path, reason: "the page '\(page)' is not among the files")
      }
      titles.append(try Self.title(of: source) ?? page)
    }
    let title = contents.title ?? titles.first ?? "wallgen"
    let writer = try WARCWriter(path: warcPath, base: base, time: time)
    try writer.writeInfo(title: title)
    var entries: [CDXJEntry] = []
    entries.reserveCapacity(resources.count)
    for resource in resources { entries.append(try writer.write(resource)) }
    try writer.close()

    let index = Array(
      entries.map { $0.line(time: time) + "\n" }
        .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined().utf8)
    var pageLines = [
      (["format": "json-pages-1.0", "id": "pages", "title": .string(title)] as JSONValue)
        .serialized
    ]
    for (page, pageTitle) in zip(contents.pages, titles) {
      let url = base.url(for: page)
      let line: JSONValue = [
        "id": .string(String(Hex.encode(SHA256.digest(Array(url.utf8))).prefix(32))),
        "url": .string(url), "ts": .string(time.iso), "title": .string(pageTitle),
      ]
      pageLines.append(line.serialized)
    }
    let pages = Array(pageLines.map { $0 + "\n" }.joined().utf8)

    var parts: [(path: String, digest: String, bytes: Int)] = []
    let warcHasher = SHA256.hasher()
    let warcSize = try ChunkedReader.read(warcPath) { chunk throws(WACZError) in
      warcHasher.update(chunk)
    }
    parts.append(
      ("archive/\(WARCWriter.fileName)", WARCRecord.digest(warcHasher.finalize()), warcSize))
    for (name, bytes) in [("indexes/index.cdx", index), ("pages/pages.jsonl", pages)] {
      parts.append((name, WARCRecord.digest(SHA256.digest(bytes)), bytes.count))
    }
    var package: [String: JSONValue] = [
      "profile": "data-package", "wacz_version": "1.1.1", "title": .string(title),
      "created": .string(time.iso), "modified": .string(time.iso),
      "software": .string("wallgen \(wallgenVersion)"),
      "resources": .array(
        parts.map { part in
          [
            "name": .string(String(part.path.split(separator: "/").last ?? "")),
            "path": .string(part.path), "hash": .string(part.digest),
            "bytes": .integer(Int64(part.bytes)),
          ]
        }),
    ]
    if let main = contents.pages.first {
      package["mainPageUrl"] = .string(base.url(for: main))
      package["mainPageDate"] = .string(time.iso)
    }
    let datapackage = Array((JSONValue.object(package).serialized + "\n").utf8)
    let digest: JSONValue = [
      "path": "datapackage.json", "hash": .string(WARCRecord.digest(SHA256.digest(datapackage))),
    ]
    let digestBytes = Array((digest.serialized + "\n").utf8)

    do throws(ZipError) {
      let zip = try ZipWriter(path: path)
      let modified = ZipTimestamp(unixSeconds: time.seconds)
      try zip.addFile(
        named: "archive/\(WARCWriter.fileName)", contentsOf: warcPath, modified: modified,
        compression: .stored)
      for (name, bytes) in [
        ("indexes/index.cdx", index), ("pages/pages.jsonl", pages),
        ("datapackage.json", datapackage), ("datapackage-digest.json", digestBytes),
      ] {
        try zip.addFile(named: name, contents: bytes, modified: modified, compression: .stored)
      }
      try zip.finish()
    } catch {
      throw WACZError(path: path, reason: "\(error)")
    }
    return WACZSummary(
      path: path, resources: resources.count, pages: contents.pages.count,
      bytes: FileSystem.size(of: path) ?? 0)
  }

  /// The `<title>` of a page.
  private static func title(of source: WACZResource.Source) throws(WACZError) -> String? {
    switch source {
    case .bytes(let bytes): return PageTitle.of(bytes)
    case .file(let file):
      return PageTitle.of(try ChunkedReader.head(file, count: PageTitle.searchedBytes))
    }
  }
}
