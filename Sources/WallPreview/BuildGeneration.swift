import Synchronization

/// The build generation pages are served at, and the report of the last build they show.
///
/// A token for this server run plus a count of completed builds, such as "5f3a9c1e-3". A page
/// reloads when the generation it was served at is no longer current, which also happens after
/// the server restarts. The report changes without the generation when a rebuild fails: the
/// pages stay those of the last good build, and open pages show why.
public final class BuildGeneration: Sendable {
  /// The generation and the report, read together.
  public struct Snapshot: Sendable, Equatable {
    /// The current generation.
    public var generation: String
    /// What the last build, or failed rebuild, found.
    public var report: PreviewReport

    /// Creates a snapshot.
    public init(generation: String, report: PreviewReport = .clean) {
      self.generation = generation
      self.report = report
    }
  }

  private let run: String
  private let state = Mutex<(count: Int, report: PreviewReport)>((1, .clean))

  /// Starts at build 1, with a random token for this run and a clean report.
  public init() {
    run = String(UInt32.random(in: 0...UInt32.max), radix: 16)
  }

  /// The current generation.
  public var current: String { snapshot.generation }

  /// The current generation and report, consistent with each other.
  public var snapshot: Snapshot {
    state.withLock { Snapshot(generation: "\(run)-\($0.count)", report: $0.report) }
  }

  /// Moves to the next build; open pages reload at their next poll.
  public func advance() {
    state.withLock { $0.count += 1 }
  }

  /// Records the report of a build: a completed build moves the generation on (open pages
  /// reload and show its report); a failed one keeps it (open pages show the report in place).
  /// - Parameter report: What the build found.
  /// - Parameter advancing: Whether the build completed and changed what is served (the first
  ///   build sets the report of generation 1 without advancing).
  public func publish(_ report: PreviewReport, advancing: Bool) {
    state.withLock {
      if advancing { $0.count += 1 }
      $0.report = report
    }
  }
}
