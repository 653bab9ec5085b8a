import Testing
import WallKit

/// HMAC-SHA-256 against the test vectors of RFC 4231, section 4 (case 5 truncates the output,
/// which wallgen never does, so it is left out).
@Suite struct HMACTests {
  struct Vector: Sendable, CustomTestStringConvertible {
    var number: Int
    var key: [UInt8]
    var data: [UInt8]
    var expected: String
    var testDescription: String { "RFC 4231 test case \(number)" }
  }

  static func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var pending = Array(text.utf8)[...]
    while pending.count >= 2 {
      bytes.append(UInt8(String(decoding: pending.prefix(2), as: UTF8.self), radix: 16) ?? 0)
      pending = pending.dropFirst(2)
    }
    return bytes
  }

  static let vectors: [Vector] = [
    Vector(
      number: 1, key: [UInt8](repeating: 0x0b, count: 20), data: Array("Hi There".utf8),
      expected: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    Vector(
      number: 2, key: Array("Jefe".utf8), data: Array("what do ya want for nothing?".utf8),
      expected: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    Vector(
      number: 3, key: [UInt8](repeating: 0xaa, count: 20),
      data: [UInt8](repeating: 0xdd, count: 50),
      expected: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
    Vector(
      number: 4, key: hex("0102030405060708090a0b0c0d0e0f10111213141516171819"),
      data: [UInt8](repeating: 0xcd, count: 50),
      expected: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
    Vector(
      number: 6, key: [UInt8](repeating: 0xaa, count: 131),
      data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
      expected: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    Vector(
      number: 7, key: [UInt8](repeating: 0xaa, count: 131),
      data: Array(
        ("This is a test using a larger than block-size key and a larger than block-size data. "
          + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
      expected: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
  ]

  @Test("HMAC-SHA-256 matches RFC 4231", arguments: vectors)
  func rfc4231(vector: Vector) {
    #expect(Hex.encode(HMAC.sha256(key: vector.key, message: vector.data)) == vector.expected)
  }

  @Test("a private wall's folder is the hex HMAC of the objectId's UTF-8")
  func privateToken() {
    #expect(
      SiteLayout.privateToken(secret: Array("Jefe".utf8), userID: "what do ya want for nothing?")
        == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
  }
}
