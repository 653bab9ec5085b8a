/// HMAC-SHA-256 (RFC 2104, FIPS 198-1) over wallgen's `SHA256`, for the private build's
/// unguessable wall folder names.
public enum HMAC {
  /// SHA-256's block size in bytes.
  static let blockSize = 64

  /// The 32-byte HMAC-SHA-256 of `message` under `key`.
  /// - Parameter key: The secret; keys longer than a block are hashed first (RFC 2104).
  /// - Parameter message: The authenticated bytes.
  public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
    var block = key.count > blockSize ? SHA256.hash(key) : key
    block += [UInt8](repeating: 0, count: blockSize - block.count)
    let inner = SHA256.hash(block.map { $0 ^ 0x36 } + message)
    return SHA256.hash(block.map { $0 ^ 0x5c } + inner)
  }

  /// The HMAC-SHA-256 of `message` under `key` as 64 lower-case hexadecimal digits.
  /// - Parameter key: The secret.
  /// - Parameter message: The authenticated text, as UTF-8.
  public static func sha256Hex(key: [UInt8], message: String) -> String {
    SHA256.hexString(sha256(key: key, message: Array(message.utf8)))
  }
}
