import Foundation

/// An MS-DOS date and time as stored in zip headers: UTC here, 2-second resolution, 1980–2107.
public struct ZipTimestamp: Sendable, Hashable, CustomStringConvertible {
  /// The DOS date: bits 15–9 year since 1980, 8–5 month, 4–0 day.
  public let dosDate: UInt16
  /// The DOS time: bits 15–11 hour, 10–5 minute, 4–0 seconds divided by two.
  public let dosTime: UInt16

  /// 1980-01-01T00:00:00Z, the earliest DOS timestamp.
  static let earliestUnixSeconds: Int64 = 315_532_800
  /// 2107-12-31T23:59:58Z, the latest DOS timestamp.
  static let latestUnixSeconds: Int64 = 4_354_819_198

  /// Wraps raw DOS fields as read from a header.
  /// - Parameter dosDate: The DOS date word.
  /// - Parameter dosTime: The DOS time word.
  public init(dosDate: UInt16, dosTime: UInt16) {
    self.dosDate = dosDate
    self.dosTime = dosTime
  }

  /// Converts Unix seconds (UTC), clamped to 1980-01-01…2107-12-31, rounded down to even seconds.
  /// - Parameter unixSeconds: Seconds since 1970-01-01T00:00:00Z.
  public init(unixSeconds: Int64) {
    let clamped = min(max(unixSeconds, Self.earliestUnixSeconds), Self.latestUnixSeconds)
    let days = clamped / 86_400
    let secondOfDay = clamped % 86_400
    let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
    dosDate = UInt16((year - 1980) << 9 | month << 5 | day)
    let hour = secondOfDay / 3600
    let minute = secondOfDay / 60 % 60
    let second = secondOfDay % 60
    dosTime = UInt16(hour << 11 | minute << 5 | second / 2)
  }

  /// Converts a `Date` (seconds are truncated), with the same clamping as `init(unixSeconds:)`.
  /// - Parameter date: The moment to store.
  public init(_ date: Date) {
    let raw = date.timeIntervalSince1970
    let seconds = raw.isFinite ? raw.rounded(.down) : 0
    let clamped = min(
      max(seconds, Double(Self.earliestUnixSeconds)), Double(Self.latestUnixSeconds))
    self.init(unixSeconds: Int64(clamped))
  }

  /// The timestamp as Unix seconds, reading the DOS fields as UTC (clamping out-of-range fields).
  public var unixSeconds: Int64 {
    let year = Int64(dosDate >> 9) + 1980
    let month = min(max(Int64(dosDate >> 5 & 0xF), 1), 12)
    let day = max(Int64(dosDate & 0x1F), 1)
    let days = Self.daysSinceEpoch(year: year, month: month, day: day)
    let seconds =
      Int64(dosTime >> 11) * 3600 + Int64(dosTime >> 5 & 0x3F) * 60
      + Int64(dosTime & 0x1F) * 2
    return days * 86_400 + seconds
  }

  /// ISO 8601 in UTC, such as `2014-10-14T22:37:18Z`.
  public var description: String {
    let (year, month, day) = Self.civilDate(daysSinceEpoch: unixSeconds / 86_400)
    let second = unixSeconds % 86_400
    func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(pad(month))-\(pad(day))T\(pad(second / 3600)):\(pad(second / 60 % 60)):"
      + "\(pad(second % 60))Z"
  }

  /// Howard Hinnant's `civil_from_days` for non-negative day counts.
  private static func civilDate(daysSinceEpoch: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = daysSinceEpoch + 719_468
    let era = z / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Howard Hinnant's `days_from_civil` for years after 1970.
  private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = shiftedYear / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
