import Testing

@testable import WallKit
@testable import WallPreview

@Suite struct HTTPDateTests {
  @Test("dates are IMF-fixdate, as RFC 9110 writes them")
  func format() {
    #expect(HTTPDate.string(secondsSince1970: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(HTTPDate.string(secondsSince1970: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
  }
}
