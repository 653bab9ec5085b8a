/// The bytes one entry occupies in the archive: its local header, name, extra field and data.
struct ZipSpan {
  var start: UInt64
  var end: UInt64
  var name: String

  /// The span of `record`; without a readable local header, the shortest it can be (no extra
  /// field), so an overlap found with it is real.
  init(_ record: ZipCentralRecord, local: ZipLocalHeader?, name: String) {
    let dataOffset =
      local?.dataOffset
      ?? record.localHeaderOffset + UInt64(ZipFormat.localFileHeaderSize)
      + UInt64(record.nameBytes.count)
    self.start = record.localHeaderOffset
    self.end = dataOffset.addingReportingOverflow(record.compressedSize).partialValue
    self.name = name
  }

  /// Throws when two spans share a byte: in a valid archive each entry has its own bytes, and
  /// entries sharing one deflate stream are a known zip bomb.
  static func checkDisjoint(_ spans: [ZipSpan], path: String) throws(ZipError) {
    let sorted = spans.enumerated().sorted {
      ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
    }.map(\.element)
    for (previous, next) in zip(sorted, sorted.dropFirst()) where next.start < previous.end {
      throw .overlappingEntries(path: path, entry: next.name, other: previous.name)
    }
  }
}
