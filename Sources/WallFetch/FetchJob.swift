/// One file's way through a fetch.
final class FetchJob {
  let item: FetchItem
  /// The URL asked for: the item's after `--rewrite`.
  let url: String
  /// Failed GET attempts so far.
  var attempts = 0
  /// The size of the file already in `files/`, while a HEAD checks it.
  var present: Int64?
  /// When the file gives up (`FetchSettings.fileTimeout` after its first request), nil
  /// before that request or with no limit.
  var deadline: ContinuousClock.Instant?
  /// Why the last attempt failed, nil before one did.
  var lastFailure: String?

  init(item: FetchItem, url: String, present: Int64?) {
    self.item = item
    self.url = url
    self.present = present
  }
}
