/// SHA-256 (FIPS 180-4) through libcrypto: content-addressed names, BagIt manifests, test oracles.
public enum SHA256 {
  /// The 32-byte digest of `bytes`.
  /// - Parameter bytes: The message.
  public static func digest(_ bytes: [UInt8]) -> [UInt8] {
    DigestAlgorithm.sha256.digest(bytes)
  }

  /// SHA-256 applied twice, `SHA-256(SHA-256(bytes))` (32 bytes).
  ///
  /// Media keys, `id-` wall folder names and build fingerprints have always been made this way;
  /// they keep it so that names written by earlier builds stay valid.
  /// - Parameter bytes: The message.
  public static func doubleDigest(_ bytes: [UInt8]) -> [UInt8] {
    digest(digest(bytes))
  }

  /// A streaming SHA-256 hasher, for messages fed in chunks.
  public static func hasher() -> DigestHasher {
    DigestHasher(.sha256)
  }
}
