import Foundation
import WallKit

/// What the pages of a built site (or of an archived bundle) show and publish, read back from
/// the files: the objects on each page and the media files they reference.
public struct SiteAudit: Sendable {
  /// Every regular file under the root, by relative path.
  public let files: [String]
  /// The media files (`media/…`) that some page, script, style sheet or JSON document names.
  public let referencedMedia: Set<String>

  /// Reads every file under `root` (a private site's blank folder pages, `FolderIndexes`,
  /// left out: they show nothing).
  public init(root: String) throws {
    files = SiteTree.files(in: root).filter { !SiteTree.isFolderIndex($0, in: root) }
    var referenced = Set<String>()
    for file in files where Self.isDocument(file) {
      let text = String(
        decoding: try FileSystem.readFile("\(root)/\(file)", limit: 1 << 28), as: UTF8.self)
      referenced.formUnion(Self.mediaReferences(in: text))
    }
    referencedMedia = referenced
  }

  /// The files under `media/` that nothing of the site names: published, yet on no page.
  public var unreferencedMedia: [String] {
    files.filter { $0.hasPrefix("media/") && !referencedMedia.contains($0) }
  }

  /// Whether `file` is a page, a script, a style sheet or a JSON document.
  static func isDocument(_ file: String) -> Bool {
    [".html", ".js", ".css", ".json"].contains { file.hasSuffix($0) } && !file.hasPrefix("media/")
  }

  /// The `media/…` paths named in `text`, whatever relative prefix they carry (`../../media/`).
  public static func mediaReferences(in text: String) -> Set<String> {
    var found = Set<String>()
    var rest = Substring(text)
    let stops: Set<Character> = ["\"", "'", " ", ")", "<", ">", ",", "\n", "\\"]
    while let start = rest.range(of: "media/") {
      let tail = rest[start.lowerBound...]
      let end = tail.firstIndex { stops.contains($0) } ?? tail.endIndex
      found.insert(String(tail[..<end]))
      rest = tail[end...]
    }
    return found
  }

  /// The objectIds of the cards (images) and of the comments on the pages `pages` under `root`.
  public static func objects(onPages pages: [String], under root: String) throws -> (
    images: Set<String>, comments: Set<String>
  ) {
    var images = Set<String>()
    var comments = Set<String>()
    for page in pages {
      let text = String(
        decoding: try FileSystem.readFile("\(root)/\(page)", limit: 1 << 28), as: UTF8.self)
      images.formUnion(values(after: "<article class=\"card\" data-object-id=\"", in: text))
      // A card's comments are its only list items that carry an objectId.
      comments.formUnion(values(after: "<li data-object-id=\"", in: text))
    }
    return (images, comments)
  }

  /// The pages (`.html`) in the folder of `page`, relative to the site's root.
  public static func pagesBeside(_ page: String, among files: [String]) -> [String] {
    let folder = page.split(separator: "/").dropLast().joined(separator: "/")
    return files.filter {
      $0.hasSuffix(".html") && $0.split(separator: "/").dropLast().joined(separator: "/") == folder
    }
  }

  /// Each quoted value that follows `marker` in `text`, up to the next `"`.
  static func values(after marker: String, in text: String) -> [String] {
    var found: [String] = []
    var rest = Substring(text)
    while let start = rest.range(of: marker) {
      let tail = rest[start.upperBound...]
      let end = tail.firstIndex(of: "\"") ?? tail.endIndex
      found.append(String(tail[..<end]))
      rest = tail[end...]
    }
    return found
  }
}
