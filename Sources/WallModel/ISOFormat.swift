import WallSupport

/// Formats timestamps as ISO-8601 UTC strings, the form Parse exports use.
public enum ISOFormat {
  /// `YYYY-MM-DDTHH:MM:SS.mmmZ`.
  public static func string(_ time: Timestamp) -> String {
    let parts = CivilTime(time, offsetMinutes: 0)
    return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
      + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2)).\(pad(parts.millisecond, 3))Z"
  }

  package static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
  }
}

/// A timestamp broken into calendar fields at a fixed offset from UTC.
public struct CivilTime: Sendable, Equatable {
  public var year, month, day, hour, minute, second, millisecond: Int

  /// Splits `time` into fields, shifted by `offsetMinutes` east of UTC.
  public init(_ time: Timestamp, offsetMinutes: Int) {
    let millis = time.millisecondsSince1970 + Int64(offsetMinutes) * 60_000
    let (days, dayMillis) = millis.quotientAndRemainder(dividingBy: 86_400_000)
    var dayNumber = Int(days)
    var within = Int(dayMillis)
    if within < 0 {
      within += 86_400_000
      dayNumber -= 1
    }
    let date = CivilDate(daysSince1970: dayNumber)
    (year, month, day) = (date.year, date.month, date.day)
    hour = within / 3_600_000
    minute = within / 60_000 % 60
    second = within / 1000 % 60
    millisecond = within % 1000
  }
}
