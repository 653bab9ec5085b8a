import WallJSON

/// Every user-visible text of the photo grid and the photo viewer, in one place, so that they
/// can be translated with the rest of the UI (the wall's tabs, the grid's title and headings, the
/// viewer's labels that `lightbox.js` reads from the page).
package enum PhotoViewText {
  /// The accessible name of the wall's tabs.
  package static let tabsLabel = "Wall views"
  /// The tab of the wall's feed.
  package static let postsTab = "Posts"
  /// The tab of the wall's photo grid.
  package static let photosTab = "Photos"
  /// The grid page's heading: "Ada Berg’s photos".
  package static func gridTitle(owner: String) -> String { "\(owner)’s photos" }
  /// The grid page of a wall without photos.
  package static func emptyGrid(owner: String) -> String {
    "No photos here yet. When \(owner) or their friends post photos, they will appear here."
  }
  /// A placeholder tile's accessible name: the photo's alt text, and why it is not shown.
  package static func unavailable(_ alt: String) -> String {
    "\(alt): this photo could not be shown"
  }

  /// A month's heading in the grid: "July 2014".
  /// - Parameters:
  ///   - year: The year.
  ///   - month: The month, 1 to 12.
  package static func monthHeading(year: Int, month: Int) -> String {
    "\(DateStyle.monthNames[max(1, min(12, month)) - 1]) \(year)"
  }

  /// The viewer's labels, as the JSON object `lightbox.js` reads from the page's
  /// `data-viewer-text` attribute; `{n}` and `{count}` are replaced by the script.
  package static let viewer: JSONValue = [
    "dialog": "Photo viewer",
    "previous": "Previous photo",
    "next": "Next photo",
    "close": "Close",
    "original": "View original",
    "position": "{n} of {count}",
    "comments": "Comments",
    "loading": "Loading the wall’s photos…",
  ]
}
