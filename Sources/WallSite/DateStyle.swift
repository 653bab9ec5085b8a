import Foundation
import WallModel

/// How a site's pages show dates, in its language, always with the year.
///
/// A page read years later (an archive, a keepsake) says when: "Jul 4, 2014, 8:40 PM",
/// "4 juil. 2014, 20:40".
///
/// Month names, the order of the fields and the clock (12 or 24 hours) come from the CLDR data
/// of Foundation's `DateFormatter` for the language, read once; each date is then formatted from
/// its calendar fields in the display time zone (`DatePattern`), so it costs no formatter and
/// reads the same whatever the machine's locale. Every date shows its year: a rule such as
/// "without the year in the year of the build" would make the same page differ from year to year.
public struct DateStyle: Sendable, Equatable {
  /// The language the dates are in (a BCP 47 code such as "fr").
  public let language: String
  /// The date of the short form ("MMM d, y").
  let shortDate: DatePattern
  /// The time of the short form ("h:mm a").
  let time: DatePattern
  /// What joins the date and the time of the short form (", ").
  let separator: String
  /// The tooltip form, with the weekday ("EEEE, MMMM d, y 'at' h:mm a").
  let longDate: DatePattern
  /// A month and its year ("MMMM y"), for headings.
  let month: DatePattern
  let names: DateNames

  /// The style of `language`'s dates, its short date and time joined by `separator`.
  /// - Parameters:
  ///   - language: A language code Foundation knows ("en", "fr", "de-AT").
  ///   - separator: Between the date and the time of the short form.
  public init(language: String, separator: String = ", ") {
    self.language = language
    self.separator = separator
    let locale = Locale(identifier: language)
    func pattern(
      template: String? = nil, date: DateFormatter.Style = .none,
      time: DateFormatter.Style = .none
    ) -> DatePattern {
      let formatter = DateFormatter()
      formatter.locale = locale
      if let template {
        formatter.setLocalizedDateFormatFromTemplate(template)
      } else {
        formatter.dateStyle = date
        formatter.timeStyle = time
      }
      // ICU puts a narrow no-break space before "PM": shown as a plain space.
      return DatePattern(formatter.dateFormat.replacingOccurrences(of: "\u{202F}", with: " "))
    }
    shortDate = pattern(template: "yMMMd")
    time = pattern(template: "jmm")
    longDate = pattern(date: .full, time: .short)
    month = pattern(template: "yMMMM")
    let formatter = DateFormatter()
    formatter.locale = locale
    names = DateNames(
      months: formatter.monthSymbols, shortMonths: formatter.shortMonthSymbols,
      standaloneMonths: formatter.standaloneMonthSymbols,
      shortStandaloneMonths: formatter.shortStandaloneMonthSymbols,
      weekdays: formatter.weekdaySymbols, shortWeekdays: formatter.shortWeekdaySymbols,
      am: formatter.amSymbol, pm: formatter.pmSymbol)
  }

  /// English dates: "Jul 4, 2014, 8:40 PM".
  public static let english = DateStyle(language: "en")

  /// The short form, in a time zone: "Oct 11, 2013, 4:57 PM".
  public func short(_ time: Timestamp, in zone: DisplayTimeZone) -> String {
    let (parts, weekday) = Self.fields(time, in: zone)
    return shortDate.format(parts, weekday: weekday, names: names) + separator
      + self.time.format(parts, weekday: weekday, names: names)
  }

  /// The date alone: "Oct 11, 2013".
  public func day(_ time: Timestamp, in zone: DisplayTimeZone) -> String {
    let (parts, weekday) = Self.fields(time, in: zone)
    return shortDate.format(parts, weekday: weekday, names: names)
  }

  /// A full form for tooltips, with weekday, year and zone: "Saturday, October 11, 2014 at
  /// 4:57 PM UTC".
  public func long(_ time: Timestamp, in zone: DisplayTimeZone) -> String {
    let (parts, weekday) = Self.fields(time, in: zone)
    return longDate.format(parts, weekday: weekday, names: names) + " " + zone.name
  }

  /// The month and year of `time`: "October 2014", "octobre 2014", "2014年10月".
  public func monthAndYear(_ time: Timestamp, in zone: DisplayTimeZone) -> String {
    let (parts, weekday) = Self.fields(time, in: zone)
    return month.format(parts, weekday: weekday, names: names)
  }

  /// The calendar year of `time` in `zone`.
  public static func year(_ time: Timestamp, in zone: DisplayTimeZone) -> Int {
    CivilTime(time, offsetMinutes: zone.offsetMinutes(at: time)).year
  }

  /// The `datetime` attribute value: ISO-8601 in UTC.
  public static func machine(_ time: Timestamp) -> String {
    ISOFormat.string(time)
  }

  /// The calendar fields of `time` in `zone`, and its weekday (0 = Sunday).
  private static func fields(_ time: Timestamp, in zone: DisplayTimeZone) -> (CivilTime, Int) {
    let offset = zone.offsetMinutes(at: time)
    let millis = time.millisecondsSince1970 + Int64(offset) * 60_000
    let days = millis >= 0 ? millis / 86_400_000 : (millis + 1) / 86_400_000 - 1
    // 1970-01-01 was a Thursday (4).
    let weekday = Int((days + 4) % 7)
    return (CivilTime(time, offsetMinutes: offset), weekday < 0 ? weekday + 7 : weekday)
  }
}
