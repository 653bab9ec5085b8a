import WallModel
import WallRender

/// Cards keyed the same way in every model of a build, and made only when they are rendered.
///
/// A sharded build renders its walls in batches, each with its own model over a partial
/// dataset, but one `FragmentMemo` for the whole shard. A card's rendering depends only on the
/// image, which of its comments the wall shows and whether its photo loads eagerly. So its key
/// is made of those and of the image's stable number (`stableNumbers`), and a card rendered in
/// one batch is copied in the next.
///
/// The page lists a small stand-in with that key; the renderer asks the memo first and
/// only when it has no rendering calls `expandStableCard` (a `TemplateExpander`), which makes
/// the card's data. So each distinct card is prepared about once per shard, not once per wall.
extension WallPageModel {
  /// The field that marks a stand-in card; its value is the image's objectId.
  static let stableCardField = "wallgen stable card"
  /// Bits of a stable key below the image number: the shown comments (`keyedCommentLimit`) and
  /// eager.
  private static let numberShift = keyedCommentLimit + 1

  /// A stand-in for `image`'s card as this wall shows it, with its stable key; nil when the
  /// model has no stable numbers or the card cannot be keyed (then the card itself is used).
  func stableCard(_ image: WallImage, comments: [Comment], lazy: Bool) -> TemplateValue? {
    guard let number = stableNumbers?[image.objectId], number >= 0,
      number < 1 << (Int.bitWidth - 1 - Self.numberShift)
    else { return nil }
    let all = index.allComments(on: image.objectId)
    var variant = 0
    if all.count > Self.keyedCommentLimit {
      // Only the card as most walls show it is keyed (as `cached()` does).
      guard lazy, comments.count == all.count else { return nil }
    } else {
      guard let mask = Self.visibleMask(comments, of: all) else { return nil }
      variant = mask << 1 | (lazy ? 0 : 1)
    }
    var stub: TemplateObject = [Self.stableCardField: .string(image.objectId)]
    stub.renderingKey = number << Self.numberShift | variant
    return .object(stub)
  }

  /// The card a stand-in from `stableCard` stands for; any other object as it is.
  package func expandStableCard(_ object: TemplateObject) -> TemplateObject {
    guard object.count == 1, case .string(let objectId)? = object[Self.stableCardField],
      let key = object.renderingKey, let image = index.image(objectId)
    else { return object }
    let all = index.allComments(on: objectId)
    var comments = all
    var lazy = true
    if all.count <= Self.keyedCommentLimit {
      comments = Self.comments(all, in: (key & (1 << Self.numberShift - 1)) >> 1)
      lazy = key & 1 == 0
    }
    guard
      case .object(let card) = card(image, comments: comments, lazy: lazy)
    else { return object }
    return card
  }
}
