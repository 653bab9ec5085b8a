/// Formats dates the way the app showed them: "MMM d, h:mm a" (for example "Oct 11, 4:57 PM").
public enum DateStyle {
  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The app's short form, in a time zone.
  public static func short(_ time: Timestamp, in zone: DisplayTimeZone) -> String {
    let parts = CivilTime(time, offsetMinutes: zone.offsetMinutes(at: time))
    let hour12 = parts.hour % 12 == 0 ? 12 : parts.hour % 12
    let meridiem = parts.hour < 12 ? "AM" : "PM"
    return
      "\(months[parts.month - 1]) \(parts.day), \(hour12):\(ISOFormat.pad(parts.minute, 2)) \(meridiem)"
  }

  /// A full form for tooltips, with the year and zone: "Oct 11, 2014, 4:57 PM UTC".
  public static func long(_ time: Timestamp, in zone: DisplayTimeZone) -> String {
    let parts = CivilTime(time, offsetMinutes: zone.offsetMinutes(at: time))
    let short = short(time, in: zone)
    let comma = short.firstIndex(of: ",") ?? short.endIndex
    return "\(short[..<comma]), \(parts.year)\(short[comma...]) \(zone.name)"
  }

  /// The `datetime` attribute value: ISO-8601 in UTC.
  public static func machine(_ time: Timestamp) -> String {
    ISOFormat.string(time)
  }
}
