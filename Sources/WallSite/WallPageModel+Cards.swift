import WallMedia
import WallModel
import WallRender
import WallSupport

/// An image's card on a wall: its photo, uploader, date and the comments shown, made once
/// for the whole build where `cached()` shares them, and varied per wall for the comments it
/// may show.
extension WallPageModel {
  /// The parts `cached()` made of the card of `image`, at `position` in `index.images` when
  /// the caller knows it (`Feed.positions`).
  func sharedCard(_ image: WallImage, at position: Int32? = nil) -> CardParts? {
    sharedPlace(of: image, known: position, among: shared.cards.count).map { shared.cards[$0] }
  }

  /// The card of `image` as a wall showing `comments` of it shows it; `position` is its place
  /// in `index.images` when the caller knows it (`Feed.positions`).
  func card(_ image: WallImage, at position: Int32? = nil, comments: [Comment], lazy: Bool)
    -> TemplateValue
  {
    let parts = sharedCard(image, at: position) ?? cardParts(image)
    let count = parts.commentCount
    if lazy && comments.count == count { return .object(parts.card) }
    // Setting a field clears the card's rendering key: this is another variant of the card.
    var fields = parts.card
    if !lazy, case .object(var photo)? = fields["photo"] {
      photo["lazy"] = false
      fields["photo"] = .object(photo)
    }
    var shownMask = (1 << min(count, Int.bitWidth - 2)) - 1
    if comments.count != count {
      // `comments` is a subsequence of the image's comments: walk both in step.
      let allComments = index.allComments(on: image.objectId)
      let shown = Self.shownComments(comments)
      var position = 0
      shownMask = 0
      fields["comments"] = .array(
        shown.map { comment in
          while position < allComments.count, allComments[position].objectId != comment.objectId {
            position += 1
          }
          guard position < allComments.count, position >= parts.firstShown else {
            return .object(self.comment(comment))
          }
          shownMask |= 1 << min(position, Int.bitWidth - 2)
          return parts.shownComments[position - parts.firstShown]
        })
      fields["hasComments"] = .bool(!comments.isEmpty)
      fields["moreComments"] = moreComments(comments.count - shown.count)
    }
    if let first = parts.firstVariantKey, count <= Self.keyedCommentLimit {
      fields.renderingKey = Self.variantKey(first: first, shownComments: shownMask, eager: !lazy)
    }
    return .object(fields)
  }

  private func cardParts(_ image: WallImage) -> CardParts {
    var noKeys: Int?
    return cardParts(image, renderingKeys: &noKeys)
  }

  /// The parts of `image`'s card.
  ///
  /// When `renderingKeys` is a number, the card and each comment get
  /// a rendering key from that counter, which then moves past them: a wall page's renderer may
  /// reuse their rendering from another wall (see `FragmentMemo`).
  func cardParts(_ image: WallImage, renderingKeys: inout Int?) -> CardParts {
    let root = layout.pageToRoot
    let uploader = index.user(image.uploaderID)
    let strings = language.strings
    let alt = photoAlt(image)
    var photo: TemplateValue = .null
    if let (variants, original) = readyMedia(image), let smallest = variants.first,
      let largest = variants.last
    {
      let middle = variants.count > 1 ? variants[variants.count / 2] : smallest
      photo = [
        "src": .string(root + middle.path),
        "srcset": Self.pageSrcset(variants, root: root),
        // Only when every variant has one, so the two lists offer the same widths.
        "webpSrcset": variants.allSatisfy { $0.webp != nil }
          ? .string(
            variants.map { "\(root)\($0.webp ?? $0.path) \($0.width)w" }.joined(separator: ", "))
          : .null,
        "width": .int(middle.width), "height": .int(middle.height),
        "full": .string(root + largest.path),
        "original": original.map {
          ["src": .string(root + $0.path), "width": .int($0.width)] as TemplateValue
        } ?? .null,
        "lazy": true,
      ]
    }
    let all = index.allComments(on: image.objectId)
    let comments = Self.shownComments(all).map { comment -> TemplateValue in
      var object = self.comment(comment)
      object.renderingKey = renderingKeys
      renderingKeys = renderingKeys.map { $0 + 1 }
      return .object(object)
    }
    var card: TemplateObject = [
      "objectId": .string(image.objectId),
      "alt": .string(alt),
      // Texts too are the card's own fields, not `t`'s: a card that reads a name of the page
      // is rendered again on every wall (`FragmentMemo`).
      "unavailableLabel": .string(strings.text("photoUnavailableLabel", ["alt": alt])),
      "unavailableText": .string(strings.text("photoUnavailable")),
      "commentsLabel": .string(strings.text("comments")),
      "photo": photo,
      "uploader": uploader.map { person($0, root: root) } ?? .null,
      "time": shared.times[image.createdAt] ?? time(image.createdAt),
      "comments": .array(comments),
      "hasComments": .bool(!comments.isEmpty),
      "moreComments": moreComments(all.count - comments.count),
    ]
    let first = renderingKeys
    if let first {
      let variants = all.count <= Self.keyedCommentLimit ? 1 << (all.count + 1) : 1
      card.renderingKey =
        variants == 1
        ? first
        : Self.variantKey(first: first, shownComments: (1 << all.count) - 1, eager: false)
      renderingKeys = first + variants
    }
    return CardParts(
      card: card, shownComments: comments, firstShown: all.count - comments.count,
      commentCount: all.count, firstVariantKey: first)
  }

  /// The sizes made of `image`'s photo, narrowest first, and its original when the site keeps
  /// it; nil when the photo could not be made.
  func readyMedia(_ image: WallImage) -> (variants: [StoredImage], original: StoredImage?)? {
    guard let path = image.file?.path, case .ready(let variants, let original)? = media.photo(path),
      !variants.isEmpty
    else { return nil }
    return (variants, original)
  }

  /// A `srcset` listing each of `variants` with its width, its paths from `root`.
  static func srcset(_ variants: [StoredImage], root: String) -> String {
    variants.map { "\(root)\($0.path) \($0.width)w" }.joined(separator: ", ")
  }

  /// The `srcset` of a photo on a page: absent when the photo has one size, which its `src`
  /// names already (a list of one tells the browser nothing more, and costs each card and
  /// tile about 100 bytes).
  static func pageSrcset(_ variants: [StoredImage], root: String) -> TemplateValue {
    variants.count > 1 ? .string(srcset(variants, root: root)) : .null
  }

  /// `image`'s text alternative as its card shows it: the one made with the card when the
  /// model made it for the whole build (`cached()`), else made now.
  func shownAlt(_ image: WallImage) -> String {
    if case .string(let alt)? = sharedCard(image)?.card["alt"] { return alt }
    return photoAlt(image)
  }

  /// A photo's text alternative: "Photo by Ada Berg, Jul 4, 2014, 8:40 PM".
  func photoAlt(_ image: WallImage) -> String {
    let strings = language.strings
    return strings.text(
      "photoAlt",
      [
        "name": index.user(image.uploaderID).map(shownName) ?? strings.text("unknownPerson"),
        "date": language.dates.short(image.createdAt, in: zone),
      ])
  }

  /// A comment's template data: its author (`person(_:root:)`), text and date.
  func comment(_ comment: Comment) -> TemplateObject {
    [
      "objectId": .string(comment.objectId),
      "author": index.user(comment.authorID).map { person($0, root: layout.pageToRoot) } ?? .null,
      "text": .string(Self.shownText(comment)),
      "time": shared.times[comment.createdAt] ?? time(comment.createdAt),
    ]
  }
}
