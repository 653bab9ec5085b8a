import WallModel
import WallRender

/// A wall's feed: its images, newest first, in pages of `pageSize` cards, made one page at a
/// time so that a wall of thousands of photos never holds all its pages' data.
extension WallPageModel {
  /// The pages of one user's wall, each as (site-relative path, template data), and the number
  /// of images on the wall.
  ///
  /// They are all made at once: a build writes them one at a time instead (`feed(for:wall:)`),
  /// since a wall of thousands of friends has hundreds of pages.
  /// - Parameters:
  ///   - user: The wall's owner.
  ///   - wall: The wall's images (`WallIndex.wall(for:)`) when the caller has them already.
  package func pages(for user: User, wall: [WallImage]? = nil) -> (
    pages: [(path: String, context: TemplateValue)], imageCount: Int
  ) {
    let feed = feed(for: user, wall: wall)
    return ((1...feed.pageCount).map { page($0, of: feed) }, feed.images.count)
  }

  /// A wall's feed: its owner and images, newest first, in pages of `pageSize`.
  package struct Feed {
    /// The wall's owner.
    package let user: User
    /// The wall's images.
    package let images: [WallImage]
    /// The position of each of `images` in the index's images (-1 for one it does not hold):
    /// what the data `cached()` made of each image is found by.
    package let positions: [Int32]
    /// The comments under each of `images` that the owner may read.
    package let comments: [[Comment]]
    /// How many pages show them; an empty wall has one.
    package let pageCount: Int
    /// Whether a public wall has a list of its photos for the viewer (`listsViewerData(of:)`).
    let listsViewerData: Bool
    /// The `og:image` of its pages, when they have one.
    let cover: String?
    /// The texts every page of the wall shows: its title, description and empty-wall text.
    let texts: (title: String, description: String, empty: String)
    /// The links between its pages (`PaginationValue.links(count:)`).
    let pageLinks: [TemplateObject]
    /// The side column of its first page (`profile(of:images:)`).
    let profile: TemplateValue
  }

  /// The feed of `user`'s wall, whose pages `page(_:of:)` makes one at a time.
  /// - Parameters:
  ///   - user: The wall's owner.
  ///   - wall: The wall's images (`WallIndex.wall(for:)`) when the caller has them already.
  package func feed(for user: User, wall: [WallImage]? = nil) -> Feed {
    // A wall the caller has is placed in the index once, and its comments found by place.
    let (positions, images, comments) =
      wall.map { wall in
        let positions = index.positions(of: wall)
        return (positions, wall, index.comments(at: positions, visibleTo: user.objectId))
      } ?? index.wallWithComments(for: user.objectId)
    let strings = language.strings
    let pageCount = max(1, (images.count + pageSize - 1) / pageSize)
    return Feed(
      user: user, images: images, positions: positions, comments: comments,
      pageCount: pageCount, listsViewerData: listsViewerData(of: images),
      cover: audience == .anyone && site.baseURL != nil ? coverPath(of: user) : nil,
      texts: (
        strings.text("wallTitle", ["name": user.displayName]),
        strings.text("wallDescription", ["name": user.displayName]),
        strings.text("emptyWall", ["name": user.displayName])
      ),
      pageLinks: pageCount > 1 ? pagination.links(count: pageCount) : [],
      profile: profile(of: user, images: images))
  }

  /// Page `page` (from 1) of `feed`: its site-relative path and template data.
  ///
  /// With `standIns`, a card a whole build's model made (`cached()`) is listed as a stand-in
  /// that `expandSharedCard` makes whole (a `TemplateExpander`) when the memo has no rendering
  /// of it.
  package func page(_ page: Int, of feed: Feed, standIns: Bool = false) -> (
    path: String, context: TemplateValue
  ) {
    let user = feed.user
    let (title, description, emptyText) = feed.texts
    let first = min((page - 1) * pageSize, feed.images.count)
    let slice = first..<min(first + pageSize, feed.images.count)
    var cards: [TemplateValue] = []
    for (position, number) in slice.enumerated() {
      let image = feed.images[number]
      let comments = feed.comments[number]
      let lazy = position >= Self.eagerImages
      let position = feed.positions[number]
      cards.append(
        stableCard(image, comments: comments, lazy: lazy)
          ?? (standIns
            ? sharedCardStandIn(image, at: position, comments: comments, lazy: lazy) : nil)
          ?? card(image, at: position, comments: comments, lazy: lazy))
    }
    let path = layout.wallPage(userID: user.objectId, page: page)
    var context = header(for: user, view: .posts(page: page))
    context["title"] = .string(title)
    context["description"] = .string(description)
    context["openGraph"] = OpenGraphValue.value(
      site: site, audience: audience, title: title, description: description, path: path,
      image: feed.cover)
    context["emptyText"] = .string(emptyText)
    if feed.listsViewerData { context["photosData"] = .string(SiteLayout.photoDataFileName) }
    context["images"] = .array(cards)
    context["hasImages"] = .bool(!cards.isEmpty)
    context["pagination"] = pagination.value(
      page: page, count: feed.pageCount, links: feed.pageLinks)
    context["profile"] = page == 1 ? feed.profile : .null
    return (path, .object(context))
  }

  /// The links between a wall's pages.
  private var pagination: PaginationValue {
    let strings = language.strings
    return PaginationValue(
      strings: strings, label: strings.text("wallPages"), newerText: strings.text("newerPage"),
      olderText: strings.text("olderPage"), href: SiteLayout.pageFileName,
      ariaLabel: { strings.text("pageNumber", ["number": strings.number($0)]) })
  }
}
