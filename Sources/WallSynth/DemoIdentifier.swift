import WallKit

/// Parse-looking identifiers for the demo export, derived from stable keys ("image:ada-1"), so
/// adding a record never changes the ids of the others.
enum DemoIdentifier {
  private static let alphabet = Array(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
  private static let hexDigits = Array("0123456789abcdef")

  /// FNV-1a of the key's UTF-8 bytes.
  static func seed(_ key: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
  }

  /// A 10-character objectId such as `"Xk3Jd8QmZp"`.
  static func objectId(_ key: String) -> String {
    var random = SeededRandom(seed: seed(key))
    return String((0..<10).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
  }

  /// A version-4-shaped UUID such as `"3f2a…-4…"`, lower-case.
  static func uuid(_ key: String) -> String {
    var random = SeededRandom(seed: seed(key))
    var digits = (0..<32).map { _ in hexDigits[Int(random.next() % 16)] }
    digits[12] = "4"
    digits[16] = hexDigits[8 + Int(random.next() % 4)]
    let text = String(digits)
    let cuts = [0, 8, 12, 16, 20, 32].map { text.index(text.startIndex, offsetBy: $0) }
    return (0..<5).map { String(text[cuts[$0]..<cuts[$0 + 1]]) }.joined(separator: "-")
  }

  /// A Parse file name, `tfss-<uuid>-img.<ext>`.
  static func fileName(_ key: String, ext: String) -> String {
    "tfss-\(uuid(key))-img.\(ext)"
  }

  /// A fake secret for `_User` fields the walls must never show: `demo-secret-<kind>-<hex>`.
  static func secret(_ kind: String, _ key: String) -> String {
    var random = SeededRandom(seed: seed("\(kind):\(key)"))
    return "demo-secret-\(kind)-" + String((0..<24).map { _ in hexDigits[Int(random.next() % 16)] })
  }
}
