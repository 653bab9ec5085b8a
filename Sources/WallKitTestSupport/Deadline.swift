import Foundation

/// Waiting for a condition with a deadline, instead of sleeping a guessed time.
public enum Deadline {
  /// Checks `condition` every `interval` seconds until it holds or `seconds` have passed.
  /// - Parameters:
  ///   - seconds: The longest wait.
  ///   - interval: The time between two checks.
  ///   - condition: What is waited for.
  /// - Returns: Whether `condition` held (checked once more at the deadline).
  @discardableResult
  public static func wait(
    seconds: Double, interval: Double = 0.005, until condition: () -> Bool
  ) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: interval)
    }
    return condition()
  }
}
