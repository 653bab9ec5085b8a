import WallMedia
import WallModel
import WallRender
import WallSupport

/// Builds the template data of wall pages from the index and what the media step made of each
/// photo and picture.
///
/// Only what the wall's owner may see goes in: their wall's images and the comments they may read.
///
/// Every date shows its year (`DateStyle`), so a card reads the same on every wall: it is made
/// once per build.
package struct WallPageModel {
  let index: WallIndex
  /// Where each photo's outcome and each user's avatar are found: a build's `MediaCatalog`,
  /// or a sharded build's predictions, worked out for the cards made.
  let media: MediaLookup
  let layout: SiteLayout
  let zone: DisplayTimeZone
  /// The language of texts and dates.
  let language: SiteLanguage
  /// The site's title and address (for `og:` metadata).
  let site: SiteIdentity
  let pageSize: Int
  /// Who reads the pages.
  ///
  /// Anyone reads a public site: its pages link to the index and each name to its wall, and
  /// search engines may index them. A wall's owner reads a private build's wall and a bundle:
  /// no page gives the address of another wall or of an index, and none may be indexed.
  let audience: Audience
  /// Images that load eagerly at the top of each page; the rest are lazy.
  static let eagerImages = 3
  /// Template data made once per build and shared by every wall (see `cached()`); empty when
  /// the model renders a single wall.
  var shared = SharedValues()
  /// A number for each image that is the same in every model of one build, by objectId: when
  /// set, cards are keyed by it (see `stableCard`) instead of by `cached()`'s counter.
  package var stableNumbers: [String: Int]?

  /// What many walls show, made once (`cached()`): the template data of people, dates and
  /// each image's card parts, all at `layout.pageToRoot`; the viewer's entries; and whether
  /// grid tiles are keyed.
  ///
  /// What is made of each image is kept by its position in `index.images`, which the wall's
  /// feed lists (`Feed.positions`): looked up without hashing its objectId, on every card.
  struct SharedValues {
    var people: [String: TemplateValue] = [:]
    var times: [Timestamp: TemplateValue] = [:]
    /// Each image's card parts, by position in `index.images`.
    var cards: [CardParts] = []
    /// Each person's and each photo's entry in the viewer's data, by position in the index;
    /// none past the budget or where the photo could not be made (`shareViewerData`).
    var viewer = SharedViewerData()
    /// Whether grid tiles get rendering keys, made from each image's position in the index
    /// (`photoGrid(for:wall:standIns:)`): only in the model of a whole build, whose index, and
    /// so whose positions, every wall shares.
    var keysTiles = false
  }

  /// An image's card as most walls show it: with every comment (up to `shownCommentLimit`),
  /// its photo loading lazily.
  struct CardParts {
    var card: TemplateObject
    /// The newest `shownCommentLimit` comments on the image, oldest first as
    /// `WallIndex.allComments(on:)` gives them.
    var shownComments: [TemplateValue]
    /// The position of the first of `shownComments` among all the image's comments.
    var firstShown: Int
    /// How many comments the image has.
    var commentCount: Int
    /// The first of the rendering keys set aside for the card's variants (see `variantKey`),
    /// when the card was made for the whole build and has at most `keyedCommentLimit` comments.
    var firstVariantKey: Int?
  }

  /// Cards with more comments than this get a rendering key only as most walls show them.
  static let keyedCommentLimit = 16
  /// How many of the comments its wall's owner may read a card shows at most: the newest.
  ///
  /// The card then says how many earlier ones it leaves out: an image with a million comments
  /// would make every page that shows it hundreds of megabytes. An archive's `wall.json` keeps
  /// them all.
  static let shownCommentLimit = 50

  /// The card's line about the comments it leaves out: "1,234 earlier comments are not shown".
  func moreComments(_ count: Int) -> TemplateValue {
    guard count > 0 else { return .null }
    return .string(language.strings.text("earlierComments", count: count))
  }

  /// The rendering key of a card variant.
  ///
  /// The variant is which of the image's comments it shows (bit i for the i-th, oldest first)
  /// and whether its photo loads eagerly. Each card sets aside
  /// 2^(comments + 1) keys, one per variant.
  static func variantKey(first: Int, shownComments mask: Int, eager: Bool) -> Int {
    first + (mask << 1) + (eager ? 1 : 0)
  }

  package init(
    index: WallIndex, media: MediaLookup, layout: SiteLayout, zone: DisplayTimeZone,
    language: SiteLanguage = .english, site: SiteIdentity = SiteIdentity(),
    pageSize: Int, audience: Audience
  ) {
    self.index = index
    self.media = media
    self.layout = layout
    self.zone = zone
    self.language = language
    self.site = site
    self.pageSize = pageSize
    self.audience = audience
  }

  /// A copy that makes each person's, date's and image card's template data once, instead of
  /// once per wall that shows it: in a friend graph, each image is on dozens of walls.
  ///
  /// It also keys the images' grid tiles for the `FragmentMemo`, and, for a private build, makes
  /// the viewer's entries of people and photos (`shareViewerData`, within `viewerDataBudget`).
  ///
  /// The cards and the viewer's entries are made side by side when `jobs` allows: both are
  /// made before the first wall, by one thread each.
  package func cached(jobs: Int = 1) -> WallPageModel {
    var model = sharingPeople()
    model.shared.keysTiles = true
    // Dates first, so that cards and comments with the same date share its data. Only the
    // comments a card shows when every one is visible count; others are made when needed.
    for image in index.images {
      let shown = Self.shownComments(index.allComments(on: image.objectId))
      for timestamp in [image.createdAt] + shown.map(\.createdAt)
      where model.shared.times[timestamp] == nil {
        model.shared.times[timestamp] = time(timestamp)
      }
    }
    let dated = model
    (model.shared.cards, model.shared.viewer) = ParallelWork.both(jobs: jobs) {
      var nextRenderingKey: Int? = 0
      var cards: [CardParts] = []
      cards.reserveCapacity(index.images.count)
      for image in index.images {
        cards.append(dated.cardParts(image, renderingKeys: &nextRenderingKey))
      }
      return cards
    } _: {
      // A public build writes each photo's entry once, from its uploader's wall
      // (`forEachViewerEntryFile`): only a private build's walls copy entries.
      dated.sharesViewerEntries
        ? SharedViewerData() : dated.makeSharedViewerData(budget: Self.viewerDataBudget)
    }
    return model
  }

  /// A copy that makes the template data of each of `people` (objectIds; every user when
  /// nil) once, for all the cards and pages that name them.
  package func sharingPeople(_ people: Set<String>? = nil) -> WallPageModel {
    var model = self
    for user in index.users where people?.contains(user.objectId) ?? true {
      model.shared.people[user.objectId] = person(user, root: layout.pageToRoot)
    }
    return model
  }

  /// The position in `index.images` of `image`, taken from `known` (`Feed.positions`) when the
  /// caller has it; nil when the index does not hold it.
  func position(of image: WallImage, known: Int32? = nil) -> Int? {
    guard let known else { return index.position(ofImage: image.objectId) }
    return known >= 0 ? Int(known) : nil
  }

  /// The place of `image` in a table of `count` things `cached()` made by position in
  /// `index.images` (`shared.cards`, `shared.viewer`), from `known` when the caller has
  /// it; nil when the table is empty (no hashing then) or does not reach it.
  func sharedPlace(of image: WallImage, known: Int32?, among count: Int) -> Int? {
    guard count > 0, let found = position(of: image, known: known), found < count else {
      return nil
    }
    return found
  }

  /// A person's template data, with paths from `root`: their avatar, the link to their wall
  /// (on a public site, and not for a stand-in) and the name shown (`shownName(_:)`).
  func person(_ user: User, root: String) -> TemplateValue {
    if root == layout.pageToRoot, let cached = shared.people[user.objectId] { return cached }
    let avatar = media.avatar(user.objectId)
    // Fields in name order, so the viewer's data writes them as they are
    // (`TemplateObject.forEachFieldInNameOrder`).
    return [
      "avatar": [
        "large": .string(root + (avatar?.large ?? "")),
        "small": .string(root + (avatar?.small ?? "")),
      ],
      // Every user of the index but a stand-in has a wall; only a public site may point from
      // one to another.
      "href": audience == .anyone && !user.isStandIn
        ? .string(layout.wallLink(userID: user.objectId, from: root)) : .null,
      "name": .string(shownName(user)),
    ]
  }

  /// The name a page shows for `user`: "someone" for a stand-in (`User.seen(by:)`).
  func shownName(_ user: User) -> String {
    user.isStandIn ? language.strings.text("someone") : user.displayName
  }

  /// A date's template data: the machine-readable `iso`, the shown `text` and the `long` form.
  func time(_ timestamp: Timestamp) -> TemplateValue {
    if let made = shared.times[timestamp] { return made }
    // Fields in name order, as `person(_:root:)`'s.
    return [
      "iso": .string(DateStyle.machine(timestamp)),
      "long": .string(language.dates.long(timestamp, in: zone)),
      "text": .string(language.dates.short(timestamp, in: zone)),
    ]
  }
}
