import WallKit

/// Reads the input as one JSON document, then again as a class file, row by row.
enum JSONHarness {
  /// The nesting limit used: small, so that deep inputs reach the limit quickly.
  static let maximumDepth = 64

  /// Runs both readers; every outcome but a crash is fine.
  static func run(_ bytes: [UInt8]) {
    if let value = try? JSONReader.parse(bytes, maximumDepth: maximumDepth) {
      // Serializing must not trap on anything the reader returns.
      _ = value.serialized
    }
    let reader = JSONReader(bytes, maximumDepth: maximumDepth)
    var rows = 0
    while rows < 10_000 {
      guard let step = try? reader.nextRow() else { break }
      guard case .row = step else { break }
      _ = reader.repeatedKeys
      rows += 1
    }
    _ = reader.repeatedResults
    try? JSONReader(bytes, maximumDepth: maximumDepth).check()
  }
}
