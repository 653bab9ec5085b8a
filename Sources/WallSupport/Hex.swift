/// Lower-case hexadecimal text for bytes, as digests are written in names and manifests.
public enum Hex {
  private static let digits = Array("0123456789abcdef".utf8)

  /// Two lower-case hexadecimal digits per byte of `bytes`, in order.
  /// - Parameter bytes: Any bytes, such as a digest.
  public static func encode(_ bytes: some Collection<UInt8>) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
