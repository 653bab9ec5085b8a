/// HMAC-SHA-256 (RFC 2104, FIPS 198-1) through libcrypto, for the private build's unguessable
/// wall folder names.
public enum HMAC {
  /// The 32-byte HMAC-SHA-256 of `message` under `key`.
  /// - Parameter key: The secret; keys longer than a block are hashed first (RFC 2104).
  /// - Parameter message: The authenticated bytes.
  public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
    DigestAlgorithm.sha256.authenticationCode(key: key, message: message)
  }
}
