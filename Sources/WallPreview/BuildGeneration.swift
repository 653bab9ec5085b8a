import Synchronization

/// The build generation pages are served at, and the report of the last build they show.
///
/// A token for this server run plus a count of completed builds, such as "5f3a9c1e-3". A page
/// reloads when the generation it was served at is no longer current, which also happens after
/// the server restarts. The report changes without the generation when a rebuild fails: the
/// pages stay those of the last good build, and open pages show why.
public final class BuildGeneration: Sendable {
  /// The generation and the report, read together, with the live-reload script that pages
  /// served at them carry.
  public struct Snapshot: Sendable, Equatable {
    /// The current generation.
    public let generation: String
    /// What the last build, or failed rebuild, found.
    public let report: PreviewReport
    /// The live-reload script element for them (`LiveReload.script`), as UTF-8: made once
    /// here, not once per page served.
    public let script: [UInt8]
    /// What a page's entity tag gets after the file's own: `-g<generation>`, and `-r<report
    /// id>` when the report is not clean (the id is a digest, made once here).
    let pageTagSuffix: String

    /// Creates a snapshot.
    public init(generation: String, report: PreviewReport = .clean) {
      self.generation = generation
      self.report = report
      script = Array(LiveReload.script(generation: generation, report: report).utf8)
      pageTagSuffix = "-g" + generation + (report.isClean ? "" : "-r" + report.id)
    }
  }

  private struct State {
    var count = 1
    var snapshot: Snapshot
  }

  private let run: String
  private let state: Mutex<State>

  /// Starts at build 1, with a random token for this run and a clean report.
  public init() {
    let run = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    self.run = run
    state = Mutex(State(snapshot: Snapshot(generation: "\(run)-1")))
  }

  /// The current generation.
  public var current: String { snapshot.generation }

  /// The current generation and report, consistent with each other.
  public var snapshot: Snapshot {
    state.withLock { $0.snapshot }
  }

  /// Moves to the next build; open pages reload at their next poll.
  public func advance() {
    state.withLock { state in
      state.count += 1
      state.snapshot = Snapshot(generation: "\(run)-\(state.count)", report: state.snapshot.report)
    }
  }

  /// Records the report of a build: a completed build moves the generation on (open pages
  /// reload and show its report); a failed one keeps it (open pages show the report in place).
  /// - Parameter report: What the build found.
  /// - Parameter advancing: Whether the build completed and changed what is served (the first
  ///   build sets the report of generation 1 without advancing).
  public func publish(_ report: PreviewReport, advancing: Bool) {
    state.withLock { state in
      if advancing { state.count += 1 }
      state.snapshot = Snapshot(generation: "\(run)-\(state.count)", report: report)
    }
  }
}
