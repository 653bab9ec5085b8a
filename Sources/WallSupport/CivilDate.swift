/// A day of the proleptic Gregorian calendar, and its count of days from 1970-01-01.
///
/// Howard Hinnant's `days_from_civil` and `civil_from_days`
/// (https://howardhinnant.github.io/date_algorithms.html), with floor division so that days
/// before 1970 (negative counts) and years before 0 come out right too. Zip timestamps, parsed
/// and printed ISO-8601 times and shown dates all convert through it.
public struct CivilDate: Sendable, Hashable {
  /// The year, such as 2014 (0 is 1 BC, negative years go further back).
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The day of the month, from 1.
  public var day: Int

  /// Days in a 400-year era of the Gregorian calendar.
  static let daysPerEra = 146_097
  /// Days from 0000-03-01 to 1970-01-01.
  static let epochShift = 719_468

  /// The date of given fields; they are not checked (see `isValid`).
  /// - Parameters:
  ///   - year: The year, such as 2014.
  ///   - month: The month, 1 to 12.
  ///   - day: The day of the month, from 1.
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `days` days after 1970-01-01 (before it when negative).
  /// - Parameter days: Days since 1970-01-01.
  public init(daysSince1970 days: Int) {
    let shifted = days + Self.epochShift
    let era = Self.floorDivide(shifted, Self.daysPerEra)
    let dayOfEra = shifted - era * Self.daysPerEra
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / (Self.daysPerEra - 1)) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days from 1970-01-01 to this date, negative before it.
  public var daysSince1970: Int {
    let marchYear = month <= 2 ? year - 1 : year
    let era = Self.floorDivide(marchYear, 400)
    let yearOfEra = marchYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * Self.daysPerEra + dayOfEra - Self.epochShift
  }

  /// Whether the month is 1 to 12 and the day exists in it.
  public var isValid: Bool {
    (1...12).contains(month) && (1...Self.days(inMonth: month, of: year)).contains(day)
  }

  /// Whether `year` has a February 29th: every fourth year, except centuries not divisible
  /// by 400.
  /// - Parameter year: The year.
  public static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days of `month` (1 to 12) in `year`.
  /// - Parameters:
  ///   - month: The month, 1 to 12.
  ///   - year: The year.
  public static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// `dividend / divisor` rounded towards minus infinity (`divisor` is positive).
  private static func floorDivide(_ dividend: Int, _ divisor: Int) -> Int {
    dividend >= 0 ? dividend / divisor : (dividend - divisor + 1) / divisor
  }
}
