import Testing
import WallKit

@Suite("JSON integers are written digit by digit as Swift's own decimal form")
struct JSONIntegerTests {
  @Test(
    "zero, one digit, each power of ten and its neighbours, and both ends of Int64",
    arguments: [0, 1, 9, 10, 11, 99, 100, 101, -1, -9, -10, 4_039, 1_000_000_007]
      + (1...18).flatMap { power -> [Int64] in
        let ten = (0..<power).reduce(Int64(1)) { value, _ in value * 10 }
        return [ten - 1, ten, ten + 1, -ten]
      } + [Int64.max, Int64.min, Int64.min + 1])
  func decimal(_ value: Int64) {
    var output: [UInt8] = Array("x".utf8)
    JSONText.appendInteger(value, to: &output)
    #expect(String(decoding: output, as: UTF8.self) == "x" + String(value))
  }
}
