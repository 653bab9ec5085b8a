import WallKit

/// A moment of 2014 in the demo export, written as month, day, hour and minute (UTC).
struct DemoDate: Sendable, Hashable {
  var month: Int
  var day: Int
  var hour: Int
  var minute: Int

  /// Creates a date in 2014.
  init(_ month: Int, _ day: Int, _ hour: Int, _ minute: Int) {
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
  }

  /// The timestamp.
  ///
  /// Seconds and milliseconds are derived from the date itself, so times look
  /// recorded rather than typed, and two equal dates give the same timestamp (a tie).
  var timestamp: Timestamp {
    let days = Int64(CivilDate(year: 2014, month: month, day: day).daysSince1970)
    let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60)
    let jitter = ProceduralPicture.Math.hash(month * 100 + day, hour * 60 + minute, 0xDA7E) % 60_000
    return Timestamp(millisecondsSince1970: seconds * 1000 + Int64(jitter))
  }

  /// A timestamp `minutes` after `time`, plus a few seconds derived from `key`.
  static func after(_ time: Timestamp, minutes: Int, key: String) -> Timestamp {
    let jitter = Int64(DemoIdentifier.seed(key) % 50_000) + 5000
    return Timestamp(
      millisecondsSince1970: time.millisecondsSince1970 + Int64(minutes) * 60_000 + jitter)
  }
}
