import CCrypto

/// A message digest that libcrypto (OpenSSL) computes for wallgen.
public enum DigestAlgorithm: Sendable {
  /// SHA-256 (FIPS 180-4): media keys, BagIt manifests, HMAC tokens.
  case sha256
  /// MD5 (RFC 1321), only to compare against published checksums; not for security.
  case md5

  /// The length of a digest in bytes.
  public var byteCount: Int {
    switch self {
    case .sha256: 32
    case .md5: 16
    }
  }

  /// libcrypto's description of the algorithm (a static object, never freed).
  fileprivate var method: OpaquePointer? {
    switch self {
    case .sha256: EVP_sha256()
    case .md5: EVP_md5()
    }
  }

  /// The digest of `bytes` in one call.
  /// - Parameter bytes: The message.
  public func digest(_ bytes: [UInt8]) -> [UInt8] {
    let hasher = DigestHasher(self)
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// The HMAC (RFC 2104) of `message` under `key`, with this digest.
  /// - Parameter key: The secret; keys longer than a block are hashed first, as RFC 2104 says.
  /// - Parameter message: The authenticated bytes.
  public func authenticationCode(key: [UInt8], message: [UInt8]) -> [UInt8] {
    // HMAC() takes the key's length as an Int32: a longer key is first hashed, as RFC 2104 says.
    guard let keyLength = Int32(exactly: key.count) else {
      return authenticationCode(key: digest(key), message: message)
    }
    var code = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let done = key.withUnsafeBytes { key in
      message.withUnsafeBufferPointer { message in
        code.withUnsafeMutableBufferPointer { code in
          CCrypto.HMAC(
            method, key.baseAddress, keyLength, message.baseAddress, message.count,
            code.baseAddress, &length)
        }
      }
    }
    LibCrypto.check(done != nil, "HMAC")
    return Array(code.prefix(Int(length)))
  }
}

/// A streaming digest: feed it the message in chunks of any size, then take the digest.
///
/// Owns a libcrypto `EVP_MD_CTX`, so memory does not grow with the message.
public final class DigestHasher {
  /// The algorithm this hasher computes.
  public let algorithm: DigestAlgorithm
  private let context: OpaquePointer

  /// A hasher for `algorithm`, ready for the message's first bytes.
  /// - Parameter algorithm: The digest to compute.
  public init(_ algorithm: DigestAlgorithm) {
    // Only a failed allocation makes EVP_MD_CTX_new return NULL.
    guard let context = EVP_MD_CTX_new() else { LibCrypto.failed("EVP_MD_CTX_new") }
    self.algorithm = algorithm
    self.context = context
    LibCrypto.check(
      EVP_DigestInit_ex(self.context, algorithm.method, nil) == 1, "EVP_DigestInit_ex")
  }

  deinit { EVP_MD_CTX_free(context) }

  /// Adds the bytes in `buffer` to the message.
  /// - Parameter buffer: The next chunk of the message.
  public func update(_ buffer: UnsafeRawBufferPointer) {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
    LibCrypto.check(EVP_DigestUpdate(context, base, buffer.count) == 1, "EVP_DigestUpdate")
  }

  /// Adds `bytes` to the message.
  /// - Parameter bytes: The next chunk of the message.
  public func update(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { update($0) }
  }

  /// The digest of everything added so far; the hasher then starts a new, empty message.
  public func finalize() -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let done = digest.withUnsafeMutableBufferPointer {
      EVP_DigestFinal_ex(context, $0.baseAddress, &length)
    }
    LibCrypto.check(done == 1, "EVP_DigestFinal_ex")
    LibCrypto.check(EVP_DigestInit_ex(context, algorithm.method, nil) == 1, "EVP_DigestInit_ex")
    return Array(digest.prefix(Int(length)))
  }
}

/// What a libcrypto failure means here.
private enum LibCrypto {
  /// Stops on a failed libcrypto call.
  ///
  /// With built-in algorithms and valid arguments these calls fail only when memory runs out,
  /// never because of the data being hashed.
  static func check(_ succeeded: Bool, _ function: StaticString) {
    if !succeeded { failed(function) }
  }

  /// Stops, naming the libcrypto call that failed.
  static func failed(_ function: StaticString) -> Never {
    preconditionFailure("libcrypto: \(function) failed (out of memory?)")
  }
}
