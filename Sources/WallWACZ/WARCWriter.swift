import WallPreview
import WallSupport
import WallZip

/// Writes `archive/data.warc.gz`: WARC/1.1 records, each compressed as its own gzip member,
/// streamed to disk as they are made.
///
/// A file's payload is read twice in 1 MiB chunks (once to digest it, once to write it), so
/// memory holds one chunk and zlib's state whatever the file's size; only the index lines
/// (`CDXJEntry`, about 300 bytes a file) are kept.
final class WARCWriter {
  /// The name of the WARC inside the WACZ (`filename` of CDXJ lines).
  static let fileName = "data.warc.gz"

  private let file: OutputFile
  private let gzip: GzipMember<WACZError>
  private let time: WARCTime
  private let base: WACZBase

  /// Creates the WARC at `path`.
  /// - Throws: `WACZError` when it cannot be created.
  init(path: String, base: WACZBase, time: WARCTime) throws(WACZError) {
    let file = try OutputFile(path: path)
    self.file = file
    gzip = try GzipMember(failure: { WACZError(path: path, reason: $0) }) {
      bytes throws(WACZError) in try file.write(bytes)
    }
    self.time = time
    self.base = base
  }

  /// Writes the `warcinfo` record that opens the file.
  func writeInfo(title: String) throws(WACZError) {
    let fields = [
      "software: wallgen \(wallgenVersion)", "format: WARC File Format 1.1",
      "conformsTo: https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/",
      "isPartOf: \(title.filter { !$0.isNewline })", "",
    ]
    let block = Array(fields.joined(separator: "\r\n").utf8)
    let record = WARCRecord(
      type: "warcinfo", id: WARCRecord.id(seed: "warcinfo\n\(base.text)\n\(title)"),
      fields: [
        ("WARC-Filename", Self.fileName),
        ("WARC-Block-Digest", WARCRecord.digest(SHA256.digest(block))),
      ],
      contentType: "application/warc-fields", length: block.count)
    _ = try write(record, prefix: block, payload: nil)
  }

  /// Writes the `response` record of `resource` (HTTP/1.1 200 with its type and length) and
  /// the `request` record that asked for it, and returns the response's index entry.
  /// - Throws: `WACZError` when a file cannot be read, changed while it was archived, or the
  ///   WARC cannot be written.
  func write(_ resource: WACZResource) throws(WACZError) -> CDXJEntry {
    let url = base.url(for: resource.path)
    let mime = MIMEType.forPath(resource.path)
    let size: Int
    switch resource.source {
    case .bytes(let bytes): size = bytes.count
    case .file(let path):
      guard FileSystem.kind(of: path) == .regular, let found = FileSystem.size(of: path) else {
        throw WACZError(path: path, reason: "cannot read it: not a regular file")
      }
      size = found
    }
    let http = Array(
      "HTTP/1.1 200 OK\r\nContent-Type: \(mime)\r\nContent-Length: \(size)\r\n\r\n".utf8)
    let payloadHasher = SHA256.hasher()
    let blockHasher = SHA256.hasher()
    blockHasher.update(http)
    switch resource.source {
    case .bytes(let bytes):
      payloadHasher.update(bytes)
      blockHasher.update(bytes)
    case .file(let path):
      let read = try ChunkedReader.read(path) { chunk throws(WACZError) in
        payloadHasher.update(chunk)
        blockHasher.update(chunk)
      }
      guard read == size else { throw Self.changed(path) }
    }
    let payloadDigest = WARCRecord.digest(payloadHasher.finalize())
    let responseID = WARCRecord.id(seed: "response\n\(url)\n\(payloadDigest)")
    let response = WARCRecord(
      type: "response", id: responseID,
      fields: [
        ("WARC-Target-URI", url), ("WARC-Payload-Digest", payloadDigest),
        ("WARC-Block-Digest", WARCRecord.digest(blockHasher.finalize())),
      ],
      contentType: "application/http;msgtype=response", length: http.count + size)
    let (offset, length) = try write(response, prefix: http, payload: resource.source)

    let request = Array(
      "GET \(base.requestPath(for: resource.path)) HTTP/1.1\r\nHost: \(base.authority)\r\n\r\n"
        .utf8)
    let record = WARCRecord(
      type: "request", id: WARCRecord.id(seed: "request\n\(url)\n\(payloadDigest)"),
      fields: [
        ("WARC-Target-URI", url), ("WARC-Concurrent-To", responseID),
        ("WARC-Block-Digest", WARCRecord.digest(SHA256.digest(request))),
      ],
      contentType: "application/http;msgtype=request", length: request.count)
    _ = try write(record, prefix: request, payload: nil)
    return CDXJEntry(
      key: base.surt(for: resource.path), url: url, mime: mime, digest: payloadDigest,
      offset: offset, length: length)
  }

  /// Closes the file.
  func close() throws(WACZError) { try file.close() }

  /// Writes one record as one gzip member and returns its offset and compressed length.
  private func write(_ record: WARCRecord, prefix: [UInt8], payload: WACZResource.Source?)
    throws(WACZError) -> (offset: Int, length: Int)
  {
    let start = file.size
    try gzip.append(record.head(date: time))
    try gzip.append(prefix)
    switch payload {
    case .bytes(let bytes): try gzip.append(bytes)
    case .file(let path):
      let expected = record.length - prefix.count
      let read = try ChunkedReader.read(path) { chunk throws(WACZError) in
        try gzip.append(chunk)
      }
      guard read == expected else { throw Self.changed(path) }
    case nil: break
    }
    try gzip.append(WARCRecord.trailer)
    try gzip.finish()
    return (start, file.size - start)
  }

  private static func changed(_ path: String) -> WACZError {
    WACZError(path: path, reason: "it changed while it was being archived; run again")
  }
}
