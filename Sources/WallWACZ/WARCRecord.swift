import WallSupport

/// The header of one WARC/1.1 record: its named fields in order, then `Content-Length`.
struct WARCRecord {
  /// `WARC-Type`: warcinfo, request or response.
  var type: String
  /// `WARC-Record-ID`, `<urn:uuid:…>`.
  var id: String
  /// The other fields, in the order they are written (after type, id and date).
  var fields: [(name: String, value: String)]
  /// `Content-Type` of the block.
  var contentType: String
  /// The block's length in bytes.
  var length: Int

  /// The header's bytes: `WARC/1.1`, the fields and the blank line that ends them.
  func head(date: WARCTime) -> [UInt8] {
    var lines = [
      "WARC/1.1", "WARC-Type: \(type)", "WARC-Record-ID: \(id)", "WARC-Date: \(date.iso)",
    ]
    lines += fields.map { "\($0.name): \($0.value)" }
    lines += ["Content-Type: \(contentType)", "Content-Length: \(length)", "", ""]
    return Array(lines.joined(separator: "\r\n").utf8)
  }

  /// What follows every block: two line breaks.
  static let trailer: [UInt8] = Array("\r\n\r\n".utf8)

  /// A record id made from `seed` alone, so that the same content always gets the same id:
  /// the first 16 bytes of its SHA-256 as a version 8 (custom) UUID (RFC 9562).
  /// - Parameter seed: Text naming the record, such as its type, URL and payload digest.
  static func id(seed: String) -> String {
    var bytes = Array(SHA256.digest(Array(seed.utf8)).prefix(16))
    bytes[6] = bytes[6] & 0x0F | 0x80
    bytes[8] = bytes[8] & 0x3F | 0x80
    let hex = Hex.encode(bytes)
    let cuts = [8, 12, 16, 20]
    var text = ""
    for (position, character) in hex.enumerated() {
      if cuts.contains(position) { text += "-" }
      text.append(character)
    }
    return "<urn:uuid:\(text)>"
  }

  /// `sha256:<hex>`, the digest form of WARC headers, CDXJ lines and the data package.
  static func digest(_ bytes: [UInt8]) -> String { "sha256:" + Hex.encode(bytes) }
}
