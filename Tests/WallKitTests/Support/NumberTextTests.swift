import Testing

@testable import WallKit

@Suite struct NumberTextTests {
  @Test(
    "numbers are grouped by three digits",
    arguments: [
      (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (5_592_297, "5,592,297"),
      (-1_234, "-1,234"), (100_000, "100,000"),
    ])
  func grouped(number: Int, text: String) {
    #expect(NumberText.grouped(number) == text)
  }
}
