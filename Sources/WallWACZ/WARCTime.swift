import WallSupport

/// The one instant every record of an archive is dated at, in the forms WARC, CDXJ and the
/// data package write it.
public struct WARCTime: Sendable, Equatable {
  /// Unix seconds.
  public var seconds: Int64

  /// The instant `seconds` after 1970-01-01T00:00:00Z.
  /// - Parameter seconds: Unix seconds (`SOURCE_DATE_EPOCH`, or a date of the data).
  public init(unixSeconds seconds: Int64) {
    self.seconds = seconds
  }

  private var parts: (date: CivilDate, hour: Int, minute: Int, second: Int) {
    let days = Int(seconds.quotientAndRemainder(dividingBy: 86_400).quotient)
    var within = Int(seconds - Int64(days) * 86_400)
    var date = CivilDate(daysSince1970: days)
    if within < 0 {
      within += 86_400
      date = CivilDate(daysSince1970: days - 1)
    }
    return (date, within / 3600, within / 60 % 60, within % 60)
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  /// `WARC-Date`, ISO 8601 in UTC to the second: `2014-01-01T00:01:40Z`.
  public var iso: String {
    let (date, hour, minute, second) = parts
    return "\(Self.pad(date.year, 4))-\(Self.pad(date.month, 2))-\(Self.pad(date.day, 2))"
      + "T\(Self.pad(hour, 2)):\(Self.pad(minute, 2)):\(Self.pad(second, 2))Z"
  }

  /// The 14-digit timestamp of CDXJ lines and replay URLs: `20140101000140`.
  public var digits: String {
    let (date, hour, minute, second) = parts
    return Self.pad(date.year, 4) + Self.pad(date.month, 2) + Self.pad(date.day, 2)
      + Self.pad(hour, 2) + Self.pad(minute, 2) + Self.pad(second, 2)
  }
}
