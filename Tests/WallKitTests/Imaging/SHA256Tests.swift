import Testing
import WallKit
import WallKitTestSupport

extension ImagingTests {
  @Suite("SHA-256 and MD5")
  struct SHA256Tests {
    @Test(
      "SHA-256 matches the FIPS 180-2 test vectors",
      arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
          "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
      ])
    func fipsVectors(message: String, digest: String) {
      #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    @Test("SHA-256 of one million 'a' matches FIPS 180-2")
    func millionA() {
      let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
      #expect(
        SHA256.hex(message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("SHA-256 handles every padding boundary length")
    func paddingBoundaries() {
      // 55, 56 and 64 bytes straddle the one-or-two padding blocks rule.
      #expect(
        SHA256.hex([UInt8](repeating: 0x61, count: 64))
          == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
      #expect(SHA256.hash([UInt8](repeating: 0, count: 55)).count == 32)
      #expect(
        SHA256.hex([UInt8](repeating: 0, count: 56)) != SHA256.hex([UInt8](repeating: 0, count: 55))
      )
    }

    @Test(
      "MD5 matches the RFC 1321 test suite",
      arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        (
          "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
          "57edf4a22be3c955ac49da2e2107b67a"
        ),
      ])
    func md5Vectors(message: String, digest: String) {
      #expect(MD5.hex(Array(message.utf8)) == digest)
    }
  }
}
