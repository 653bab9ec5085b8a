import WallSupport

/// The people whose private link was replaced (`"rotateLinks"` in `wallgen.json`): for each, by
/// objectId, how many times.
///
/// A private wall's folder is an HMAC of its owner's objectId (`SiteLayout.privateToken`). A
/// person whose link leaked gets a new one when their count is raised: their wall moves to a
/// new folder, the old one is pruned, and nobody else's link changes.
public struct LinkRotations: Sendable, Equatable {
  /// Each rotated person's count, by objectId; a person not here keeps their first link.
  public var counts: [String: Int]
  /// The configuration file the counts come from, for messages.
  public var file: String?

  /// The largest count accepted.
  public static let maximumCount = 1_000_000

  /// No link rotated.
  public init() {
    counts = [:]
    file = nil
  }

  /// The counts `counts`, read from `file`.
  public init(counts: [String: Int], file: String?) {
    self.counts = counts
    self.file = file
  }

  /// How many times the link of the user with `objectId` was replaced (0: never).
  public func count(of objectId: String) -> Int { counts[objectId] ?? 0 }

  /// What the counts are, for the build fingerprint: "none", or a digest of the sorted pairs.
  public var digest: String {
    guard !counts.isEmpty else { return "none" }
    let text = counts.sorted { $0.key < $1.key }.map { "\($0.key)\n\($0.value)\n" }.joined()
    return Hex.encode(SHA256.digest(Array(text.utf8)))
  }

  /// The objectIds among `counts` that no user in `objectIds` has, sorted: a typo that would
  /// otherwise leave a leaked link in place unnoticed.
  public func unmatched(by objectIds: Set<String>) -> [String] {
    counts.keys.filter { !objectIds.contains($0) }.sorted()
  }
}
