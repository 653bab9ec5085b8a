/// The CRC-32 of zip (polynomial 0xEDB88320), used only to quote the actual value when libzip
/// reports a CRC mismatch; libzip checks every entry's CRC itself.
enum ZipCRC32 {
  private static let table: [UInt32] = (0..<256).map { (index: UInt32) -> UInt32 in
    (0..<8).reduce(index) { crc, _ in crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
  }

  /// The checksum of `bytes`.
  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    ~update(UInt32.max, bytes)
  }

  /// The running state (start with `UInt32.max`; the checksum is its complement) after
  /// `bytes`.
  static func update(_ state: UInt32, _ bytes: some Sequence<UInt8>) -> UInt32 {
    bytes.reduce(state) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
  }
}
