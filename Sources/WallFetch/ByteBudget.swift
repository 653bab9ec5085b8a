/// The bytes a whole run may receive (`FetchSettings.maxTotalBytes`), shared by its transfers.
///
/// Used only on the thread that drives the transfers.
final class ByteBudget {
  /// The most bytes of bodies the run accepts.
  let cap: Int64
  /// Bytes of bodies taken so far, kept or not.
  private(set) var used: Int64 = 0
  /// Whether a body was stopped for going over `cap`; no download starts after that.
  private(set) var exhausted = false

  /// A budget of `cap` bytes.
  init(cap: Int64) {
    self.cap = cap
  }

  /// Takes `count` more bytes; false (and `exhausted`) when they would go over the cap.
  func take(_ count: Int64) -> Bool {
    guard used + count <= cap else {
      exhausted = true
      return false
    }
    used += count
    return true
  }
}
