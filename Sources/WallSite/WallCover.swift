import WallMedia
import WallModel

/// What the index shows of one wall besides its owner: how many photos it shows, and its cover,
/// the newest of the owner's own photos on it that was made.
///
/// A one-process build reads it from the whole `WallIndex` (`IndexPageModel`); a sharded build's
/// shards record it for the walls they render, so the finalize step needs no wall's contents.
package struct WallCover: Sendable, Hashable {
  /// How many photos the wall shows.
  package var imageCount = 0
  /// The cover's variants, narrowest first; empty when the wall shows none of its owner's own
  /// photos that was made.
  package var variants: [StoredImage] = []

  /// Creates the cover of a wall from its count and variants.
  package init(imageCount: Int = 0, variants: [StoredImage] = []) {
    self.imageCount = imageCount
    self.variants = variants
  }

  /// The cover of the wall of `userID` as `index` shows it, with the outcomes of `catalog`.
  init(of userID: String, index: WallIndex, catalog: MediaCatalog) {
    self.init(of: userID, index: index) { catalog.images[$0] }
  }

  /// The cover of the wall of `userID` as `index` shows it, with each photo's outcome from
  /// `outcome` (by its path inside the export).
  package init(of userID: String, index: WallIndex, outcome: (String) -> MediaOutcome?) {
    let wall = index.wallPositions(for: userID)
    imageCount = wall.count
    // The wall is newest first: the first own photo that was made is the cover.
    for position in wall where index.images[Int(position)].uploaderID == userID {
      let image = index.images[Int(position)]
      if let path = image.file?.path, case .ready(let variants, _)? = outcome(path),
        !variants.isEmpty
      {
        self.variants = variants
        break
      }
    }
  }
}
