import Testing
import WallKit

@Suite struct CivilDateTests {
  /// Dates and their day counts from 1970-01-01 (checked against Python's `datetime.date`).
  static let knownDates: [(year: Int, month: Int, day: Int, days: Int)] = [
    (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (1600, 2, 29, -135_081),
    (2400, 2, 29, 157_113), (1900, 3, 1, -25_508), (2100, 3, 1, 47_541), (1, 1, 1, -719_162),
    (9999, 12, 31, 2_932_896), (0, 3, 1, -719_468), (0, 2, 29, -719_469),
  ]

  @Test("known dates convert to their day counts and back", arguments: knownDates)
  func known(date: (year: Int, month: Int, day: Int, days: Int)) {
    let civil = CivilDate(year: date.year, month: date.month, day: date.day)
    #expect(civil.daysSince1970 == date.days)
    #expect(CivilDate(daysSince1970: date.days) == civil)
    #expect(civil.isValid)
  }

  @Test("February has 29 days every fourth year, not in centuries, again every 400 years")
  func leapRules() {
    for year in [1600, 2000, 2400, 1996, 2024, 0] {
      #expect(CivilDate.isLeap(year), "\(year)")
      #expect(CivilDate(year: year, month: 2, day: 29).isValid, "\(year)")
    }
    for year in [1700, 1800, 1900, 2100, 2200, 2300, 2023] {
      #expect(!CivilDate.isLeap(year), "\(year)")
      #expect(!CivilDate(year: year, month: 2, day: 29).isValid, "\(year)")
      // The day after February 28th is March 1st.
      let march = CivilDate(year: year, month: 2, day: 28).daysSince1970 + 1
      #expect(CivilDate(daysSince1970: march) == CivilDate(year: year, month: 3, day: 1))
    }
  }

  @Test("months and days out of range are not valid dates")
  func invalid() {
    #expect(!CivilDate(year: 2014, month: 0, day: 1).isValid)
    #expect(!CivilDate(year: 2014, month: 13, day: 1).isValid)
    #expect(!CivilDate(year: 2014, month: 4, day: 31).isValid)
    #expect(!CivilDate(year: 2014, month: 1, day: 0).isValid)
    #expect(CivilDate(year: 2014, month: 1, day: 31).isValid)
  }

  @Test("every day from 2,000 years before 1970 to 2,000 after is the day after the one before")
  func consecutiveDays() {
    var previous = CivilDate(daysSince1970: -730_486)
    for days in -730_485...730_485 {
      let date = CivilDate(daysSince1970: days)
      let next =
        previous.day < CivilDate.days(inMonth: previous.month, of: previous.year)
        ? CivilDate(year: previous.year, month: previous.month, day: previous.day + 1)
        : previous.month < 12
          ? CivilDate(year: previous.year, month: previous.month + 1, day: 1)
          : CivilDate(year: previous.year + 1, month: 1, day: 1)
      guard date == next, date.daysSince1970 == days else {
        Issue.record("day \(days) is \(date), expected \(next)")
        return
      }
      previous = date
    }
  }
}
