import WallJSON
import WallMedia
import WallModel
import WallRender

/// The wall's second view: its photos as a grid of square thumbnails under year and month
/// headings, newest first (`photos.html`, beside the wall's pages), and the header both views
/// share (the owner, the link to the index on a public site, the tabs).
extension WallPageModel {
  /// Which view of a wall a page shows.
  enum View: Equatable {
    /// Page `page` of the feed.
    case posts(page: Int)
    /// The photo grid.
    case photos
  }

  /// The photos of one month of a wall, newest first.
  package struct PhotoMonth: Equatable {
    /// The year and month (1 to 12) in the display time zone.
    package var year: Int
    package var month: Int
    /// The wall's images of that month, in wall order.
    package var images: [WallImage]
  }

  /// Thumbnails that load eagerly at the top of the grid; the rest are lazy.
  static let eagerTiles = 12

  /// `images` grouped by year and month in the display time zone, newest first: the months in
  /// descending order, each month's images newest first (ties by objectId, as `WallIndex` orders
  /// a wall).
  /// - Parameter images: A wall's images, in any order.
  package func photoMonths(of images: [WallImage]) -> [PhotoMonth] {
    monthsOfPlaces(in: images).map { month in
      PhotoMonth(year: month.year, month: month.month, images: month.places.map { images[$0] })
    }
  }

  /// `photoMonths(of:)` as places in `images`.
  private func monthsOfPlaces(in images: [WallImage]) -> [(year: Int, month: Int, places: [Int])] {
    var months: [(year: Int, month: Int, places: [Int])] = []
    for place in images.indices.sorted(by: { WallIndex.newestFirst(images[$0], images[$1]) }) {
      let image = images[place]
      let civil = CivilTime(image.createdAt, offsetMinutes: zone.offsetMinutes(at: image.createdAt))
      if let last = months.last, last.year == civil.year, last.month == civil.month {
        months[months.count - 1].places.append(place)
      } else {
        months.append((civil.year, civil.month, [place]))
      }
    }
    return months
  }

  /// The data the header of every page of `user`'s wall shows, for `view`: what the layout
  /// needs (language, texts, links), the owner, and the tabs between the feed and the grid.
  func header(for user: User, view: View) -> TemplateObject {
    let root = layout.pageToRoot
    let strings = language.strings
    let onFirstPage = view == .posts(page: 1)
    let tabs: [TemplateValue] = [
      [
        "text": .string(strings.text("postsTab")), "href": .string(SiteLayout.pageFileName(1)),
        "selected": .bool(view != .photos), "isPage": .bool(onFirstPage),
      ],
      [
        "text": .string(strings.text("photosTab")),
        "href": .string(SiteLayout.photoGridFileName),
        "selected": .bool(view == .photos), "isPage": .bool(view == .photos),
      ],
    ]
    return [
      "root": .string(root),
      "lang": .string(language.code),
      "t": strings.templateValue,
      "scriptText": .string(strings.scriptText),
      "noindex": .bool(audience != .anyone),
      "indexHref": audience == .anyone ? .string(root + "index.html") : .null,
      "siteTitle": .string(site.title ?? strings.text("siteTitle")),
      "owner": person(user, root: root),
      "tabs": ["label": .string(strings.text("wallViews")), "items": .array(tabs)],
      // A public wall's photos are found from their objectIds (`sharesViewerEntries`): its
      // pages name their list only when it has one (`Feed.listsViewerData`).
      "photosData": sharesViewerEntries ? .null : .string(SiteLayout.photoDataFileName),
      "photoEntries": sharesViewerEntries
        ? .string(root + Self.viewerEntryFolder + "/") : .null,
    ]
  }

  /// The photo grid of `user`'s wall: its site-relative path and template data (`photos`).
  /// - Parameters:
  ///   - user: The wall's owner.
  ///   - wall: The wall's images (`WallIndex.wall(for:)`) when the caller has them already.
  ///   - positions: The place of each of `wall` in the index's images, when the caller has
  ///     them already (`Feed.positions`).
  ///   - standIns: Whether each tile is a small stand-in that `expandGridTile` makes whole
  ///     when it is rendered (a `TemplateExpander`), so that a grid of thousands of photos is
  ///     never held whole as template data.
  ///   - listed: Whether the wall has a list for the viewer (`Feed.listsViewerData`), when the
  ///     caller knows; else it is worked out from `wall`.
  package func photoGrid(
    for user: User, wall: [WallImage]? = nil, positions: [Int32]? = nil, standIns: Bool = false,
    listed: Bool? = nil
  ) -> (path: String, context: TemplateValue) {
    let wall = wall ?? index.wall(for: user.objectId)
    let strings = language.strings
    var position = 0
    let months: [TemplateValue] = monthsOfPlaces(in: wall).map { month in
      let tiles: [TemplateValue] = month.places.map { place in
        let image = wall[place]
        defer { position += 1 }
        guard standIns else { return .object(gridTile(image, position: position)) }
        // A tile reads the same on every wall but for loading lazily: in a whole build's model
        // (`cached()`), its rendering is made once and reused (`FragmentMemo`). Its stand-in
        // is then its key alone (`expandGridTile`), an object that takes no allocation.
        if shared.keysTiles, let number = self.position(of: image, known: positions?[place]) {
          var standIn = TemplateObject()
          standIn.renderingKey = number << 1 | (position >= Self.eagerTiles ? 1 : 0)
          return .object(standIn)
        }
        var standIn: TemplateObject = [
          Self.gridTileField: .string(image.objectId), "position": .int(position),
        ]
        // In a shard's models, one per batch, a tile is keyed by its image's stable number
        // (`stableNumbers`), the same in every batch: the shard's one memo makes it once.
        if let number = stableNumbers?[image.objectId], number >= 0,
          number < 1 << (Int.bitWidth - 2)
        {
          standIn.renderingKey = number << 1 | (position >= Self.eagerTiles ? 1 : 0)
        }
        return .object(standIn)
      }
      let heading = month.places.first.map {
        language.dates.monthAndYear(wall[$0].createdAt, in: zone)
      }
      return [
        "heading": .string(heading ?? ""),
        "photos": .array(tiles),
      ]
    }
    let path = layout.wallFile(userID: user.objectId, named: SiteLayout.photoGridFileName)
    let title = strings.text("gridTitle", ["name": user.displayName])
    let description = strings.text("wallDescription", ["name": user.displayName])
    var context = header(for: user, view: .photos)
    context["title"] = .string(title)
    context["description"] = .string(description)
    context["openGraph"] = OpenGraphValue.value(
      site: site, audience: audience, title: title, description: description, path: path,
      image: audience == .anyone && site.baseURL != nil ? coverPath(of: user) : nil)
    context["months"] = .array(months)
    context["hasImages"] = .bool(!months.isEmpty)
    context["emptyText"] = .string(strings.text("emptyGrid", ["name": user.displayName]))
    if listed ?? listsViewerData(of: wall) {
      context["photosData"] = .string(SiteLayout.photoDataFileName)
    }
    return (path, .object(context))
  }

  /// The field that marks a stand-in tile (`photoGrid(for:wall:standIns:)`); its value is the
  /// image's objectId.
  static let gridTileField = "wallgen grid tile"

  /// The tile a stand-in from `photoGrid(for:wall:standIns:)` stands for; any other object as
  /// it is.
  package func expandGridTile(_ object: TemplateObject) -> TemplateObject {
    if object.count == 0, let key = object.renderingKey, key >> 1 < index.images.count {
      // A keyed tile: its image's position in the index, and whether it loads lazily.
      return gridTile(index.images[key >> 1], position: key & 1 == 0 ? 0 : Self.eagerTiles)
    }
    guard object.count == 2, case .string(let objectId)? = object[Self.gridTileField],
      case .int(let position)? = object["position"], let image = index.image(objectId)
    else { return object }
    return gridTile(image, position: position)
  }

  /// The tile of `image`, the `position`-th of its grid (from 0).
  private func gridTile(_ image: WallImage, position: Int) -> TemplateObject {
    let root = layout.pageToRoot
    let alt = shownAlt(image)
    var tile: TemplateObject = [
      "objectId": .string(image.objectId),
      "alt": .string(alt),
      "photo": .null,
      "unavailableLabel": .string(
        language.strings.text("photoUnavailableLabel", ["alt": alt])),
    ]
    if let (variants, original) = readyMedia(image), let smallest = variants.first,
      let largest = variants.last
    {
      tile["photo"] = [
        "src": .string(root + smallest.path),
        "srcset": Self.pageSrcset(variants, root: root),
        "width": .int(smallest.width), "height": .int(smallest.height),
        "full": .string(root + largest.path),
        "original": original.map {
          ["src": .string(root + $0.path), "width": .int($0.width)] as TemplateValue
        } ?? .null,
        "lazy": .bool(position >= Self.eagerTiles),
      ]
    }
    return tile
  }

  /// The "Download all my photos" link of an archived wall (`download` in `wall.html`).
  /// - Parameters:
  ///   - href: The zip of the owner's photos, relative to the wall's pages.
  ///   - count: How many photos it holds.
  package func downloadLink(href: String, count: Int) -> TemplateValue {
    [
      "href": .string(href),
      "text": .string(language.strings.text("downloadPhotos")),
      "note": .string(language.strings.text("downloadNote", count: count)),
    ]
  }
}
