import Foundation
import Testing

/// The two tiers of the test suite.
///
/// `make test` runs the full tier: everything. `make test-fast` sets `WALLGEN_TEST_TIER=fast`
/// and runs only the fast tier: parsers, the renderer, the rules, HTTP parsing and the codecs,
/// in one process that starts no other (under a minute on the project's 2-core machine). A
/// suite that starts a process, a server or a whole build is marked `.fullTier` and shows as
/// skipped in a fast run, with the reason.
public enum TestTier: String, Sendable {
  /// Only the suites that start no process and build no large site.
  case fast
  /// Every suite (the default).
  case full

  /// The tier of this run: `WALLGEN_TEST_TIER`, full when unset.
  public static let current: TestTier =
    TestTier(rawValue: ProcessInfo.processInfo.environment["WALLGEN_TEST_TIER"] ?? "") ?? .full

  /// Records a test failure when a fast run is about to start a process: the fast tier starts
  /// none, so a suite that does must be marked `.fullTier`.
  /// - Parameter program: The program about to start.
  public static func checkMayStart(_ program: String) {
    guard current == .fast else { return }
    Issue.record(
      "the fast tier starts no process, and this test starts \(program): mark its suite .fullTier"
    )
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the suite only in the full tier (`make test`): it starts a process or a server, or
  /// builds whole sites.
  public static var fullTier: Self {
    .enabled(
      if: TestTier.current == .full,
      "full tier only (make test): starts processes or builds whole sites; make test-fast skips it")
  }
}
