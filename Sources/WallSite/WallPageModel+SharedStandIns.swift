import WallModel
import WallRender

/// Wall pages of a whole build's model (`cached()`) list stand-ins for the cards it made, made
/// whole only when the memo has no rendering of them.
///
/// A card's data is shared by every wall that shows it, so both workers of a build take and drop
/// references to the same objects: each one a write to memory the other core reads too. A
/// stand-in is an object with no fields and the card's rendering key; on most cards the renderer
/// copies the memo's rendering and never looks further (`TemplateExpander`,
/// `expandSharedCard`).
extension WallPageModel {
  /// A stand-in for the card of the image at `position` in `index.images` as a wall showing
  /// `comments` of it shows it.
  ///
  /// The stand-in is an object with no fields and the card variant's rendering key. Nil when
  /// the model has no card for it or the variant has no key (then the card itself is listed).
  func sharedCardStandIn(
    _ image: WallImage, at position: Int32, comments: [Comment], lazy: Bool
  ) -> TemplateValue? {
    guard position >= 0, Int(position) < shared.cards.count,
      let first = shared.cards[Int(position)].firstVariantKey
    else { return nil }
    let count = shared.cards[Int(position)].commentCount
    var key: Int
    if lazy, comments.count == count {
      guard let made = shared.cards[Int(position)].card.renderingKey else { return nil }
      key = made
    } else {
      guard count <= Self.keyedCommentLimit,
        let mask = Self.visibleMask(comments, of: index.allComments(on: image.objectId))
      else { return nil }
      key = Self.variantKey(first: first, shownComments: mask, eager: !lazy)
    }
    var standIn = TemplateObject()
    standIn.renderingKey = key
    return .object(standIn)
  }

  /// The card a stand-in from `sharedCardStandIn` stands for; any other object as it is.
  package func expandSharedCard(_ object: TemplateObject) -> TemplateObject {
    guard object.count == 0, let key = object.renderingKey, let position = cardPosition(of: key),
      let first = shared.cards[position].firstVariantKey
    else { return object }
    let image = index.images[position]
    var comments = index.allComments(on: image.objectId)
    var lazy = true
    if shared.cards[position].commentCount <= Self.keyedCommentLimit {
      comments = Self.comments(comments, in: (key - first) >> 1)
      lazy = (key - first) & 1 == 0
    }
    guard case .object(let card) = card(image, at: Int32(position), comments: comments, lazy: lazy),
      card.renderingKey == key
    else { return object }
    return card
  }

  /// The position in `index.images` of the card whose keys include `key`: the last whose first
  /// key is not past it (cards' keys rise with their positions).
  private func cardPosition(of key: Int) -> Int? {
    var (low, high) = (0, shared.cards.count)
    while low < high {
      let middle = (low + high) / 2
      if (shared.cards[middle].firstVariantKey ?? Int.max) <= key {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low > 0 ? low - 1 : nil
  }

  /// Which of `all` (an image's comments, oldest first) are `comments`, a subsequence of them.
  ///
  /// Bit i stands for the i-th. Nil when one is not among them.
  static func visibleMask(_ comments: [Comment], of all: [Comment]) -> Int? {
    var position = 0
    var mask = 0
    for comment in comments {
      while position < all.count, all[position].objectId != comment.objectId { position += 1 }
      guard position < all.count else { return nil }
      mask |= 1 << min(position, Int.bitWidth - 2)
      position += 1
    }
    return mask
  }

  /// The comments of `all` whose bits `mask` sets, as `visibleMask` sets them.
  static func comments(_ all: [Comment], in mask: Int) -> [Comment] {
    all.indices.filter { mask & 1 << $0 != 0 }.map { all[$0] }
  }
}
