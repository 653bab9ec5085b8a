import Testing
import WallKit

/// SHA-256 against the NIST vectors, and the double digest that wallgen's stored names use.
@Suite struct SHA256Tests {
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
    #expect(Hex.encode(SHA256.digest(Array(message.utf8))) == digest)
  }

  @Test("SHA-256 of one million 'a' matches FIPS 180-2")
  func millionA() {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(
      Hex.encode(SHA256.digest(message))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test("SHA-256 of one million 'a' fed in uneven chunks equals the one-call digest")
  func millionAStreamed() {
    let hasher = SHA256.hasher()
    var left = 1_000_000
    var size = 1
    while left > 0 {
      let count = min(size, left)
      hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: count))
      left -= count
      size = size * 3 + 1
    }
    #expect(
      Hex.encode(hasher.finalize())
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test("a hasher starts a new message after finalize")
  func hasherRestarts() {
    let hasher = SHA256.hasher()
    hasher.update(Array("not part of the next message".utf8))
    _ = hasher.finalize()
    hasher.update(Array("abc".utf8))
    #expect(
      Hex.encode(hasher.finalize())
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(Hex.encode(hasher.finalize()) == Hex.encode(SHA256.digest([])))
  }

  @Test("SHA-256 handles every padding boundary length")
  func paddingBoundaries() {
    // 55, 56 and 64 bytes straddle the one-or-two padding blocks rule.
    #expect(
      Hex.encode(SHA256.digest([UInt8](repeating: 0x61, count: 64)))
        == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    #expect(SHA256.digest([UInt8](repeating: 0, count: 55)).count == 32)
    #expect(
      SHA256.digest([UInt8](repeating: 0, count: 56))
        != SHA256.digest([UInt8](repeating: 0, count: 55)))
  }

  /// Expected values from Python's hashlib: `sha256(sha256(m).digest()).hexdigest()`.
  @Test("the double digest is SHA-256 of the SHA-256")
  func doubleDigest() {
    #expect(
      Hex.encode(SHA256.doubleDigest(Array("abc".utf8)))
        == "4f8b42c22dd3729b519ba6f68d2da7cc5b2d606d05daed5ad5128cc03e6c6358")
    #expect(
      SHA256.doubleDigest(Array("abc".utf8)) == SHA256.digest(SHA256.digest(Array("abc".utf8))))
  }

  /// The names earlier builds wrote must not change (hashlib gives the expected values).
  @Test("media keys and id- folder names keep their published form")
  func storedNames() {
    // Bumping MediaStore.pipelineVersion changes this key on purpose; update it then.
    // sha256(sha256(b"wallgen-media-5\nw64\n" + sha256(b"hello").digest()).digest())[:32]
    #expect(
      MediaStore.key(for: Array("hello".utf8), recipe: "w64") == "24271ec03c23649e846590431dcc72f3")
    // "id." + sha256(b"user/../x").hexdigest()[:32]
    #expect(SiteLayout.hashedFolderName("user/../x") == "id.05325a1e7b238b1ede692de6f167e7df")
  }

  @Test("hex encoding writes two lower-case digits per byte")
  func hexEncoding() {
    #expect(Hex.encode([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
    #expect(Hex.encode([UInt8]()).isEmpty)
  }
}
