import WallJSON

/// One line of `indexes/index.cdx`: where a response record is in the WARC, as pywb and
/// ReplayWeb.page look it up (by SURT key, then time).
struct CDXJEntry: Sendable {
  /// The URL's SURT key (`WACZBase.surt(for:)`).
  var key: String
  /// The record's target URL.
  var url: String
  /// The payload's content type.
  var mime: String
  /// The payload's digest, `sha256:<hex>`.
  var digest: String
  /// The record's gzip member: its offset in the WARC and its compressed length.
  var offset: Int
  var length: Int

  /// The line, without its line break: `key timestamp {json}`.
  func line(time: WARCTime) -> String {
    let fields: JSONValue = [
      "url": .string(url), "mime": .string(mime), "status": "200", "digest": .string(digest),
      "length": .string(String(length)), "offset": .string(String(offset)),
      "filename": .string(WARCWriter.fileName),
    ]
    return "\(key) \(time.digits) \(fields.serialized)"
  }
}
