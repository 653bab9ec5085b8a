import Testing
import WallKit

/// The libcrypto digests that are not SHA-256, and digest lengths.
@Suite struct DigestHasherTests {
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
    #expect(Hex.encode(DigestAlgorithm.md5.digest(Array(message.utf8))) == digest)
  }

  @Test("digests have their algorithm's length", arguments: [DigestAlgorithm.sha256, .md5])
  func lengths(algorithm: DigestAlgorithm) {
    let hasher = DigestHasher(algorithm)
    hasher.update(Array("x".utf8))
    #expect(hasher.finalize().count == algorithm.byteCount)
    #expect(hasher.algorithm == algorithm)
  }
}
