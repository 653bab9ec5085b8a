import WallModel
import WallSupport

/// `sitemap.xml`: the addresses of a public site's index and walls, for search engines
/// (sitemaps.org protocol 0.9), written only where a base URL says where the site lives.
///
/// A private site has none: its walls' addresses are secrets. Past `urlsPerFile` addresses
/// (the protocol's 50,000), `sitemap.xml` is an index of `sitemaps/sitemap-N.xml` files, each
/// holding at most that many; so at most that many addresses are held at a time.
package enum Sitemap {
  /// The sitemap's path in the site.
  package static let path = "sitemap.xml"
  /// The folder of the parts of a sitemap too long for one file.
  package static let partsFolder = "sitemaps"
  /// The most addresses one file may list (sitemaps.org).
  package static let urlsPerFile = 50_000

  /// Writes the sitemap of a public site at `baseURL` listing its first index page and the
  /// first page of each of `walls`; writes nothing for a private site or without a base URL.
  /// - Returns: The files written or found unchanged.
  /// - Throws: `BuildError.write` with step `index` when a file cannot be written or the walls
  ///   cannot be read.
  package static func write(
    walls: any WallListing, baseURL: BaseURL?, audience: Audience, writer: PageWriter,
    urlsPerFile: Int = urlsPerFile
  ) throws(BuildError) -> PageWriter.Written {
    var written = PageWriter.Written()
    guard audience == .anyone, let baseURL else { return written }
    var pending = [baseURL.string]
    var parts: [String] = []
    func flush() throws(BuildError) {
      let part = "\(partsFolder)/sitemap-\(parts.count + 1).xml"
      written.add(part, try writer.write(urlSet(pending), at: part, step: .index))
      parts.append(part)
      pending.removeAll(keepingCapacity: true)
    }
    var failure: BuildError?
    do {
      try walls.forEachWall { wall throws(WriteError) in
        guard failure == nil else { return }
        if pending.count == urlsPerFile {
          do throws(BuildError) { try flush() } catch { failure = error }
        }
        pending.append(baseURL.resolving(wall.page))
      }
    } catch {
      throw .write(step: .index, error)
    }
    if let failure { throw failure }
    if parts.isEmpty {
      written.add(path, try writer.write(urlSet(pending), at: path, step: .index))
      return written
    }
    if !pending.isEmpty { try flush() }
    let index = parts.map {
      "<sitemap><loc>\(HTMLEscape.escape(baseURL.resolving($0)))</loc></sitemap>\n"
    }
    let sitemapIndex =
      header + "<sitemapindex xmlns=\"\(namespace)\">\n" + index.joined() + "</sitemapindex>\n"
    written.add(path, try writer.write(Array(sitemapIndex.utf8), at: path, step: .index))
    return written
  }

  private static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  private static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

  private static func urlSet(_ urls: [String]) -> [UInt8] {
    let text =
      header + "<urlset xmlns=\"\(namespace)\">\n"
      + urls.map { "<url><loc>\(HTMLEscape.escape($0))</loc></url>\n" }.joined() + "</urlset>\n"
    return Array(text.utf8)
  }
}
