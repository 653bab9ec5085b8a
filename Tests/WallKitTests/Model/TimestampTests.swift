import Testing
import WallKit

@Suite struct TimestampTests {
  @Test(
    "parses Parse's ISO-8601 forms",
    arguments: [
      ("1970-01-01T00:00:00.000Z", Int64(0)),
      ("2014-10-11T16:57:39.529Z", Int64(1_413_046_659_529)),
      ("2014-10-11T16:57:39Z", Int64(1_413_046_659_000)),
      ("2014-10-11T18:57:39.5+02:00", Int64(1_413_046_659_500)),
      ("2000-02-29T00:00:00.000Z", Int64(951_782_400_000)),
      ("1969-12-31T23:59:59.999Z", Int64(-1)),
      // More than three fraction digits: read, the rest dropped (found by the fuzzer: a trap).
      ("2014-10-11T16:57:39.5291Z", Int64(1_413_046_659_529)),
      ("2014-10-11T16:57:39.529999999Z", Int64(1_413_046_659_529)),
    ])
  func parses(text: String, millis: Int64) {
    #expect(Timestamp(iso8601: text)?.millisecondsSince1970 == millis)
  }

  @Test(
    "rejects malformed dates",
    arguments: [
      "", "2014-13-01T00:00:00Z", "2014-02-30T00:00:00Z", "2014-10-11", "yesterday",
      "2014-10-11T16:57:39.Z", "2014-10-11T16:57:39Zjunk", "2014-10-11T25:00:00Z",
    ])
  func rejects(text: String) {
    #expect(Timestamp(iso8601: text) == nil)
  }

  @Test("formats back to the same ISO string")
  func roundTrip() throws {
    for text in [
      "2014-10-11T16:57:39.529Z", "1999-12-31T23:59:59.999Z", "1960-03-01T00:00:00.000Z",
    ] {
      let time = try #require(Timestamp(iso8601: text))
      #expect(ISOFormat.string(time) == text)
    }
  }
}
