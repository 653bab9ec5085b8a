import WallModel

/// Formats dates the way the app showed them: "MMM d, h:mm a" (for example "Oct 11, 4:57 PM"),
/// with the year when it is not the year a page takes as given ("Oct 11, 2013, 4:57 PM").
public enum DateStyle {
  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  /// Weekday names from Thursday, the weekday of 1970-01-01.
  static let weekdaysFromThursday = [
    "Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday",
  ]

  /// The app's short form, in a time zone: "Oct 11, 4:57 PM".
  public static func short(_ time: Timestamp, in zone: DisplayTimeZone) -> String {
    short(time, in: zone, showingYear: false)
  }

  /// The short form, with the year when `showingYear`: "Oct 11, 2013, 4:57 PM".
  public static func short(_ time: Timestamp, in zone: DisplayTimeZone, showingYear: Bool)
    -> String
  {
    let parts = CivilTime(time, offsetMinutes: zone.offsetMinutes(at: time))
    let year = showingYear ? ", \(parts.year)" : ""
    return "\(months[parts.month - 1]) \(parts.day)\(year), \(clock(parts))"
  }

  /// The short form as a page whose dates are mostly in `referenceYear` shows it: with the year
  /// unless the date is in that year (in `zone`).
  public static func short(
    _ time: Timestamp, in zone: DisplayTimeZone, referenceYear: Int?
  ) -> String {
    short(time, in: zone, showingYear: year(time, in: zone) != referenceYear)
  }

  /// A full form for tooltips, with weekday, year and zone: "Saturday, October 11, 2014 at
  /// 4:57 PM UTC".
  public static func long(_ time: Timestamp, in zone: DisplayTimeZone) -> String {
    let offset = zone.offsetMinutes(at: time)
    let parts = CivilTime(time, offsetMinutes: offset)
    let weekday = weekday(time, offsetMinutes: offset)
    return
      "\(weekday), \(monthNames[parts.month - 1]) \(parts.day), \(parts.year) at \(clock(parts)) \(zone.name)"
  }

  /// The calendar year of `time` in `zone`.
  public static func year(_ time: Timestamp, in zone: DisplayTimeZone) -> Int {
    CivilTime(time, offsetMinutes: zone.offsetMinutes(at: time)).year
  }

  /// The `datetime` attribute value: ISO-8601 in UTC.
  public static func machine(_ time: Timestamp) -> String {
    ISOFormat.string(time)
  }

  /// "4:57 PM".
  private static func clock(_ parts: CivilTime) -> String {
    let hour12 = parts.hour % 12 == 0 ? 12 : parts.hour % 12
    let meridiem = parts.hour < 12 ? "AM" : "PM"
    return "\(hour12):\(ISOFormat.pad(parts.minute, 2)) \(meridiem)"
  }

  /// The weekday name of `time`, shifted by `offsetMinutes` east of UTC.
  private static func weekday(_ time: Timestamp, offsetMinutes: Int) -> String {
    let millis = time.millisecondsSince1970 + Int64(offsetMinutes) * 60_000
    let days = millis >= 0 ? millis / 86_400_000 : (millis + 1) / 86_400_000 - 1
    let index = Int(days % 7)
    return weekdaysFromThursday[index < 0 ? index + 7 : index]
  }
}
