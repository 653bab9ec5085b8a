import Testing
import WallKit

@Suite struct ByteRangeTests {
  @Test(
    "single ranges resolve against the length (RFC 9110, 14.1.2)",
    arguments: [
      ("bytes=0-99", 1000, ByteRange.partial(0..<100)),
      ("bytes=100-199", 1000, .partial(100..<200)),
      ("bytes=999-999", 1000, .partial(999..<1000)),
      ("bytes=500-", 1000, .partial(500..<1000)),
      ("bytes=-100", 1000, .partial(900..<1000)),
      ("bytes=-5000", 1000, .partial(0..<1000)),
      ("bytes=900-5000", 1000, .partial(900..<1000)),
      ("bytes=0-99999999999999999999999", 1000, .partial(0..<1000)),
      ("BYTES=0-1", 1000, .partial(0..<2)),
      (" bytes=2-3 ", 1000, .partial(2..<4)),
    ])
  func satisfiable(value: String, length: Int, expected: ByteRange) {
    #expect(ByteRange.resolve(value, length: length) == expected)
  }

  @Test(
    "a range past the end, or an empty suffix, is unsatisfiable",
    arguments: [
      ("bytes=1000-", 1000), ("bytes=1000-1000", 1000), ("bytes=5000-6000", 1000),
      ("bytes=-0", 1000), ("bytes=0-", 0), ("bytes=-1", 0), ("bytes=99999999999999999999-", 10),
    ])
  func unsatisfiable(value: String, length: Int) {
    #expect(ByteRange.resolve(value, length: length) == .unsatisfiable)
  }

  @Test(
    "multiple ranges, other units and malformed values are ignored",
    arguments: [
      nil, "bytes=0-1,5-6", "bytes=0-1,", "items=0-1", "bytes=", "bytes=-", "bytes=a-b",
      "bytes=5-1", "bytes=1-2-3", "bytes=+1-2", "bytes 0-1", "bytes=0x1-2", "bytes=-1-2",
      "Bytes = 0-1",
    ])
  func ignored(value: String?) {
    #expect(ByteRange.resolve(value, length: 1000) == .full)
  }

  @Test("Content-Range says which bytes of how many, or */length")
  func contentRange() {
    #expect(ByteRange.partial(0..<100).contentRange(length: 1000) == "bytes 0-99/1000")
    #expect(ByteRange.partial(999..<1000).contentRange(length: 1000) == "bytes 999-999/1000")
    #expect(ByteRange.unsatisfiable.contentRange(length: 1000) == "bytes */1000")
    #expect(ByteRange.full.contentRange(length: 1000) == nil)
  }
}
