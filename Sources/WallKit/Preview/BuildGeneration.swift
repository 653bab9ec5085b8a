import Synchronization

/// The build generation pages are served at.
///
/// A token for this server run plus a count of completed builds, such as "5f3a9c1e-3". A page reloads when the generation it was served at
/// is no longer current, which also happens after the server restarts.
public final class BuildGeneration: Sendable {
  private let run: String
  private let count = Atomic<Int>(1)

  /// Starts at build 1, with a random token for this run.
  public init() {
    run = String(UInt32.random(in: 0...UInt32.max), radix: 16)
  }

  /// The current generation.
  public var current: String { "\(run)-\(count.load(ordering: .acquiring))" }

  /// Moves to the next build; open pages reload at their next poll.
  public func advance() {
    count.add(1, ordering: .releasing)
  }
}
