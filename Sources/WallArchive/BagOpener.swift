import WallSupport

/// The bag's top-level `index.html`: a tag file (RFC 8493 allows other tag files beside
/// `bagit.txt`) that opens the wall, `data/index.html`, with a meta refresh and a link for a
/// browser that does not follow it.
///
/// Whoever unzips a bundle sees it first, beside the BagIt files, and opens it.
enum BagOpener {
  /// The file's name at the bag's root.
  static let fileName = "index.html"

  /// The page that opens `data/index.html`.
  /// - Parameter ownerName: The wall's owner, as the wall names them.
  static func page(ownerName: String) -> String {
    let name = HTMLEscape.escape(ownerName)
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="refresh" content="0; url=data/index.html">
      <title>\(name)’s wall</title>
      </head>
      <body>
      <p><a href="data/index.html">Open \(name)’s wall</a></p>
      </body>
      </html>

      """
  }
}
