import WallKit

/// Reads the input as one JSON document, then again as a class file, row by row, whole and in
/// pieces of 7 bytes.
enum JSONHarness {
  /// The nesting limit used: small, so that deep inputs reach the limit quickly.
  static let maximumDepth = 64
  /// The piece size of the second reading: small, so that most inputs are read in pieces.
  static let pieceBytes = 7

  /// Runs the readers; every outcome but a crash is fine, except that the input must be
  /// valid in pieces exactly when it is whole, and give the same rows.
  static func run(_ bytes: [UInt8]) {
    if let value = try? JSONReader.parse(bytes, maximumDepth: maximumDepth) {
      // Serializing must not trap on anything the reader returns.
      _ = value.serialized
    }
    let whole = rows(JSONReader(bytes, maximumDepth: maximumDepth))
    let pieces = rows(JSONReader(bytes, maximumDepth: maximumDepth, pieceBytes: pieceBytes))
    let wholeValid = (try? JSONReader(bytes, maximumDepth: maximumDepth).check()) != nil
    let piecesValid =
      (try? JSONReader(bytes, maximumDepth: maximumDepth, pieceBytes: pieceBytes).check()) != nil
    precondition(wholeValid == piecesValid, "valid whole: \(wholeValid), in pieces: \(piecesValid)")
    precondition(
      whole.count == pieces.count
        && zip(whole, pieces).allSatisfy { $1 == nil || $0 == $1 },
      "the rows read in pieces differ")
  }

  /// The steps of a class file reading (nil for a row too long to read), up to 10,000.
  private static func rows(_ reader: JSONReader) -> [JSONRowStep?] {
    var steps: [JSONRowStep?] = []
    while steps.count < 10_000 {
      guard let step = try? reader.nextRow() else { break }
      _ = reader.repeatedKeys
      _ = reader.loneSurrogates
      if case .tooLarge = step {
        steps.append(nil)
        continue
      }
      steps.append(step)
      guard case .row = step else { break }
    }
    _ = reader.repeatedResults
    return steps
  }
}
