import Foundation
import WallModel

/// The fixed time zone dates are shown in: UTC, a fixed offset, or an IANA zone.
public struct DisplayTimeZone: Sendable, Equatable {
  /// The text the user gave, normalized ("UTC", "+02:00", "Europe/Paris").
  public let name: String
  private let fixedOffsetMinutes: Int?

  /// Parses `UTC`/`Z`, `±HH:MM`/`±HHMM`/`±HH`, or an IANA name known to the system.
  /// - Parameter text: The time zone as given on the command line.
  /// - Throws: `TimeZoneError` naming the bad value.
  public init(_ text: String) throws(TimeZoneError) {
    if text == "UTC" || text == "Z" || text == "GMT" {
      name = "UTC"
      fixedOffsetMinutes = 0
      return
    }
    if let sign = text.first, sign == "+" || sign == "-" {
      let digits = text.dropFirst().filter { $0 != ":" }
      guard digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCII),
        let hours = Int(digits.prefix(2)),
        let minutes = Int(digits.dropFirst(2).isEmpty ? "0" : String(digits.dropFirst(2))),
        hours <= 14, minutes < 60
      else {
        throw TimeZoneError(
          value: text, message: "time zone '\(text)' is not an offset like +02:00")
      }
      let total = (hours * 60 + minutes) * (sign == "-" ? -1 : 1)
      name = (sign == "-" ? "-" : "+") + ISOFormat.pad(hours, 2) + ":" + ISOFormat.pad(minutes, 2)
      fixedOffsetMinutes = total
      return
    }
    guard TimeZone(identifier: text) != nil else {
      throw TimeZoneError(
        value: text,
        message:
          "unknown time zone '\(text)'; use UTC, an offset like +02:00, or a name like Europe/Paris"
      )
    }
    name = text
    fixedOffsetMinutes = nil
  }

  /// UTC.
  public static let utc: DisplayTimeZone = {
    do { return try DisplayTimeZone("UTC") } catch { preconditionFailure("UTC is always valid") }
  }()

  /// Minutes east of UTC at a given moment (IANA zones follow their daylight-saving rules).
  public func offsetMinutes(at time: Timestamp) -> Int {
    if let fixedOffsetMinutes { return fixedOffsetMinutes }
    let date = Date(timeIntervalSince1970: Double(time.millisecondsSince1970) / 1000)
    return (TimeZone(identifier: name)?.secondsFromGMT(for: date) ?? 0) / 60
  }
}
