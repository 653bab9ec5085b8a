import WallSupport

/// The blank pages a private site puts in its folders, so that a server with directory
/// listing on (nginx `autoindex`, Apache `Indexes`, python's `http.server`) lists none of them.
///
/// Without them, `GET /walls/` listed every private wall's secret address, and
/// `GET /media/<xx>/` every photo's file. A wall's own folder holds its first page already; the
/// others get an `index.html` that says nothing and links nothing: `walls/`, `media/`, each of
/// the 256 `media/<xx>/` (all of them, whether used or not, so the set does not depend on the
/// photos), and `assets/` with each of its folders. Written with the assets, by a one-process
/// build and by finalize alike (`PageWriter.writeAssets(folderPages:)`), and listed in the
/// manifest like every file.
package enum FolderIndexes {
  /// The page in the site's `language` (a BCP 47 code): valid HTML, no text, no link, not to
  /// be indexed.
  package static func page(language: String) -> [UInt8] {
    Array((head + HTMLEscape.escape(language) + tail).utf8)
  }

  /// Whether `bytes` are such a page, in any language (for tests and tools).
  package static func isPage(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.hasPrefix(head) && text.hasSuffix(tail) && text.count < head.count + tail.count + 40
  }

  private static let head = "<!DOCTYPE html>\n<html lang=\""
  private static let tail =
    "\"><head><meta charset=\"utf-8\"><meta name=\"robots\" content=\"noindex\">"
    + "<title>Not listed</title></head><body></body></html>\n"

  /// The site-relative paths of the blank pages, sorted.
  /// - Parameter assets: The theme's asset paths, relative to `assets/`.
  package static func paths(assets: [String]) -> [String] {
    var folders: Set<String> = ["walls", "media", "assets"]
    for byte in 0..<256 {
      let hex = String(byte, radix: 16)
      folders.insert("media/" + (hex.count == 1 ? "0" + hex : hex))
    }
    for asset in assets {
      var parts = asset.split(separator: "/").dropLast()
      while !parts.isEmpty {
        folders.insert("assets/" + parts.joined(separator: "/"))
        parts = parts.dropLast()
      }
    }
    return folders.map { $0 + "/index.html" }.sorted()
  }
}
