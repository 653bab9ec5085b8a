import WallModel

/// How much of an image's comments a card and the viewer show: the one rule for both, so that
/// comment bytes cannot multiply the site.
///
/// A comment's text may be megabytes, and it is copied into every wall that shows its photo
/// (the uploader's and each friend's), in the page and in the viewer's data. Each comment
/// shows at most `shownTextLimit` characters, then "…"; a card shows the newest comments, at
/// most `shownCommentLimit` of them and at most `shownCommentBytes` bytes of their shown text
/// (always the newest one), and counts the others as "earlier comments". An archive's
/// `wall.json` keeps every comment whole. See `docs/limits.md`.
extension WallPageModel {
  /// The most characters of a comment's text shown.
  package static let shownTextLimit = 5_000
  /// The most bytes (UTF-8) of comment text one card shows, its newest comment excepted.
  package static let shownCommentBytes = 64 << 10

  /// The text of `comment` as it is shown: at most `shownTextLimit` characters, then "…".
  static func shownText(_ comment: Comment) -> String {
    let text = comment.text
    // A text of at most that many bytes has at most that many characters.
    guard text.utf8.count > shownTextLimit,
      let end = text.index(text.startIndex, offsetBy: shownTextLimit, limitedBy: text.endIndex),
      end < text.endIndex
    else { return text }
    return String(text[..<end]) + "…"
  }

  /// The comments a card shows of `comments` (those its wall's owner may read, oldest first):
  /// the newest, at most `shownCommentLimit` of them and `shownCommentBytes` bytes of shown
  /// text, oldest first.
  static func shownComments<Comments: BidirectionalCollection<Comment>>(_ comments: Comments)
    -> Comments.SubSequence
  {
    var start = comments.endIndex
    var (count, bytes) = (0, 0)
    while start > comments.startIndex, count < shownCommentLimit {
      let previous = comments.index(before: start)
      let size = shownText(comments[previous]).utf8.count
      if count > 0 && bytes + size > shownCommentBytes { break }
      (count, bytes, start) = (count + 1, bytes + size, previous)
    }
    return comments[start...]
  }
}
