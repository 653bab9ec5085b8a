import WallSupport

/// A point in time with millisecond precision, parsed from Parse's ISO-8601 strings.
///
/// Comparable and cheap; formatting for display lives in the Render stage.
public struct Timestamp: Sendable, Hashable, Comparable {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  public var millisecondsSince1970: Int64

  /// Creates a timestamp from milliseconds since the Unix epoch.
  public init(millisecondsSince1970: Int64) {
    self.millisecondsSince1970 = millisecondsSince1970
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fff…][Z|±HH:MM]` (a missing zone means UTC).
  ///
  /// Returns nil for anything else; callers report the bad value.
  public init?(iso8601 text: String) {
    let b = Array(text.utf8)
    func number(_ from: Int, _ count: Int) -> Int? {
      guard from + count <= b.count else { return nil }
      var value = 0
      for i in from..<(from + count) {
        let d = Int(b[i]) - 48
        guard (0...9).contains(d) else { return nil }
        value = value * 10 + d
      }
      return value
    }
    guard b.count >= 19, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x20,
      b[13] == 0x3A, b[16] == 0x3A,
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      case let date = CivilDate(year: year, month: month, day: day), date.isValid,
      hour < 24, minute < 60, second < 61
    else { return nil }
    var i = 19
    var millis = 0
    if i < b.count, b[i] == 0x2E {
      i += 1
      var digits = 0
      while i < b.count, (48...57).contains(b[i]) {
        if digits < 3 { millis = millis * 10 + Int(b[i]) - 48 }
        digits += 1
        i += 1
      }
      guard digits > 0 else { return nil }
      // Digits past the third are read and dropped; fewer than three are scaled up. (The range
      // must not be formed when digits > 3: `4..<3` traps. The fuzzer found that.)
      if digits < 3 {
        for _ in digits..<3 { millis *= 10 }
      }
    }
    var offsetMinutes = 0
    if i < b.count {
      if b[i] == 0x5A, i + 1 == b.count {
        i += 1
      } else if b[i] == 0x2B || b[i] == 0x2D, let oh = number(i + 1, 2) {
        let hasColon = i + 3 < b.count && b[i + 3] == 0x3A
        guard let om = number(i + (hasColon ? 4 : 3), 2), oh < 24, om < 60 else { return nil }
        offsetMinutes = (oh * 60 + om) * (b[i] == 0x2D ? -1 : 1)
        i += hasColon ? 6 : 5
        guard i == b.count else { return nil }
      } else {
        return nil
      }
    }
    let seconds =
      Int64(date.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
      - Int64(offsetMinutes * 60)
    self.millisecondsSince1970 = seconds * 1000 + Int64(millis)
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.millisecondsSince1970 < rhs.millisecondsSince1970
  }
}
