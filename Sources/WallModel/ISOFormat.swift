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
    // Inverse of Timestamp.daysSinceEpoch (Howard Hinnant's civil_from_days).
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    hour = within / 3_600_000
    minute = within / 60_000 % 60
    second = within / 1000 % 60
    millisecond = within % 1000
  }
}
