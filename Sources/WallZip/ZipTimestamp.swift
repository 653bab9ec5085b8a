import Foundation
import WallSupport

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
    let date = CivilDate(daysSince1970: Int(days))
    dosDate = UInt16((date.year - 1980) << 9 | date.month << 5 | date.day)
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
    let year = Int(dosDate >> 9) + 1980
    let month = min(max(Int(dosDate >> 5 & 0xF), 1), 12)
    let day = max(Int(dosDate & 0x1F), 1)
    let days = Int64(CivilDate(year: year, month: month, day: day).daysSince1970)
    let seconds =
      Int64(dosTime >> 11) * 3600 + Int64(dosTime >> 5 & 0x3F) * 60
      + Int64(dosTime & 0x1F) * 2
    return days * 86_400 + seconds
  }

  /// ISO 8601 in UTC, such as `2014-10-14T22:37:18Z`.
  public var description: String {
    let date = CivilDate(daysSince1970: Int(unixSeconds / 86_400))
    let second = unixSeconds % 86_400
    func pad(_ value: some BinaryInteger) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(date.year)-\(pad(date.month))-\(pad(date.day))T\(pad(second / 3600)):\(pad(second / 60 % 60)):"
      + "\(pad(second % 60))Z"
  }
}
