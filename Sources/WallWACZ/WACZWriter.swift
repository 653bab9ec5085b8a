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
  public struct Contents {
    /// The files, in bytewise path order, each once.
    public var resources: any WACZResourceSource
    /// The paths of the resources that are pages to list (the first is the main page), in
    /// the order they are listed.
    public var pages: any LineSource
    /// The archive's title (`datapackage.json`, the page list's header); nil means the main
    /// page's `<title>`.
    public var title: String?

    /// Creates contents read from streams, so that memory does not grow with the archive.
    /// - Parameters:
    ///   - resources: The files, sorted bytewise by path.
    ///   - pages: Paths of pages among them, the main page first.
    ///   - title: The archive's title; nil means the main page's.
    public init(resources: any WACZResourceSource, pages: any LineSource, title: String?) {
      self.resources = resources
      self.pages = pages
      self.title = title
    }

    /// Creates contents held in memory (a bag's few files, tests).
    /// - Parameters:
    ///   - resources: The files, in any order.
    ///   - pages: Paths of pages among them, the main page first.
    ///   - title: The archive's title; nil means the main page's.
    public init(resources: [WACZResource], pages: [String], title: String?) {
      self.init(
        resources: WACZResourceList(resources), pages: ArrayLineSource(pages), title: title)
    }
  }

  /// The most bytes of index lines held in memory before they are sorted into a file beside
  /// the archive (`SpilledLines`): the archive's memory, whatever the number of files.
  public static let indexBudget = SpilledLines.defaultBudget

  /// Writes `contents` to `path` (replaced atomically: a temporary file beside it, then a
  /// rename).
  ///
  /// Memory is bounded whatever the number of files: files and pages are read from their
  /// streams once, the WARC, the page list and the index are written to temporary files
  /// beside `path`, and the index lines are sorted on disk past `indexBudget` bytes.
  /// - Parameters:
  ///   - contents: The files, pages and title.
  ///   - path: The `.wacz` to write.
  ///   - base: The URL the files are archived under.
  ///   - time: The date of every record and of the package.
  ///   - indexBudget: The most bytes of index lines held in memory (tests make it small).
  /// - Throws: `WACZError` naming the file that cannot be read or written, or a list out of
  ///   order.
  public static func write(
    _ contents: Contents, to path: String, base: WACZBase, time: WARCTime,
    indexBudget: Int = WACZWriter.indexBudget
  ) throws(WACZError) -> WACZSummary {
    let scratch = path + FileSystem.temporarySuffix + "\(getpid())"
    let (warcPath, pagesPath, indexPath) = (scratch + "-warc", scratch + "-pages", scratch + "-cdx")
    defer { for file in [warcPath, pagesPath, indexPath] { unlink(file) } }
    let pageList = try PageListFile(path: pagesPath)
    let first = try nextPage(contents)
    let firstTitle = try first.map { page throws(WACZError) in try pageTitle(page, contents) }
    let title = contents.title ?? firstTitle ?? "wallgen"
    try pageList.writeHeader(title: title)
    if let first, let firstTitle {
      try pageList.write(page: first, title: firstTitle, base: base, time: time)
    }
    var pageCount = first == nil ? 0 : 1
    while let page = try nextPage(contents) {
      try pageList.write(page: page, title: try pageTitle(page, contents), base: base, time: time)
      pageCount += 1
    }
    let pagesFile = try pageList.close()

    let writer = try WARCWriter(path: warcPath, base: base, time: time)
    try writer.writeInfo(title: title)
    let index = SpilledLines(scratch: scratch + "-index", byteBudget: indexBudget)
    var last: String?
    var resourceCount = 0
    while let resource = try contents.resources.next() {
      if let last, !last.utf8.lexicographicallyPrecedes(resource.path.utf8) {
        throw WACZError(
          path: path,
          reason: last == resource.path
            ? "two files have the path '\(resource.path)'"
            : "the files are not in path order: '\(resource.path)' after '\(last)'")
      }
      last = resource.path
      let line = try writer.write(resource).line(time: time)
      do { try index.append(line) } catch {
        throw WACZError(error)
      }
      resourceCount += 1
    }
    try writer.close()
    let indexFile = try writeIndex(index, to: indexPath)

    // The WARC is read back to digest it; the index and the page list were as they were written.
    let warcHasher = SHA256.hasher()
    let warcSize = try ChunkedReader.read(warcPath) { chunk throws(WACZError) in
      warcHasher.update(chunk)
    }
    let parts: [(path: String, digest: String, bytes: Int)] = [
      ("archive/\(WARCWriter.fileName)", WARCRecord.digest(warcHasher.finalize()), warcSize),
      ("indexes/index.cdx", indexFile.digest, indexFile.bytes),
      ("pages/pages.jsonl", pagesFile.digest, pagesFile.bytes),
    ]
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
    if let first {
      package["mainPageUrl"] = .string(base.url(for: first))
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
      for (name, file) in [
        ("archive/\(WARCWriter.fileName)", warcPath), ("indexes/index.cdx", indexPath),
        ("pages/pages.jsonl", pagesPath),
      ] {
        try zip.addFile(named: name, contentsOf: file, modified: modified, compression: .stored)
      }
      for (name, bytes) in [
        ("datapackage.json", datapackage), ("datapackage-digest.json", digestBytes),
      ] {
        try zip.addFile(named: name, contents: bytes, modified: modified, compression: .stored)
      }
      try zip.finish()
    } catch {
      throw WACZError(path: path, reason: "\(error)")
    }
    return WACZSummary(
      path: path, resources: resourceCount, pages: pageCount,
      bytes: FileSystem.size(of: path) ?? 0)
  }

  /// The next page of `contents`, or nil after the last.
  private static func nextPage(_ contents: Contents) throws(WACZError) -> String? {
    do {
      return try contents.pages.next()
    } catch {
      throw WACZError(error)
    }
  }

  /// The title of the page at `page`: its `<title>`, else its path.
  private static func pageTitle(_ page: String, _ contents: Contents) throws(WACZError) -> String {
    guard let source = contents.resources.source(ofPage: page) else {
      throw WACZError(path: page, reason: "the page '\(page)' is not among the files")
    }
    return try title(of: source) ?? page
  }

  /// Writes the index lines, sorted, to `path`: its digest and size.
  private static func writeIndex(_ index: SpilledLines, to path: String) throws(WACZError) -> (
    digest: String, bytes: Int
  ) {
    let file = try DigestedLineFile(path: path)
    let sorted: any LineSource
    do { sorted = try index.sorted() } catch { throw WACZError(error) }
    while true {
      let line: String?
      do { line = try sorted.next() } catch { throw WACZError(error) }
      guard let line else { return try file.close() }
      try file.append(line)
    }
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
