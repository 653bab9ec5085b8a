import WallJSON
import WallReport

extension ImportSession {
  /// How many bytes of a part's rows are read by one `JSONReader` at a time (1 MiB; one longer
  /// row is read alone).
  static let streamedBatchBytes = 1 << 20

  /// Reads `<className>.json` as a stream for a plan part: `JSONRowScanner` finds every row's
  /// bytes, and only the rows whose 0-based place `mine` takes are read (by `JSONReader`, a
  /// batch at a time, nested as in the file so that depth counts the same) and given to `body`
  /// with their place, in file order, as `forEachRow` gives them.
  ///
  /// Memory: the scanner's window (1 MiB, growing to hold one row of at most `rowBytes`), one
  /// batch of rows and its index; nothing grows with the file, and `classFileBytes` does not
  /// apply (a zip's entry is still read whole under it, see `ZipSource`).
  ///
  /// Whatever this reading does not fully understand is not guessed at but reported, so that
  /// the part asks for the export to be imported whole: a file the scanner finds
  /// `unsupported` (another shape, another member, a row longer than `rowBytes`, bytes out of
  /// place between rows, documents one per line), rows that are not valid JSON, a repeated
  /// key, a lone surrogate, and a row of a top-level array with an `_id` (Parse Server's).
  /// - Returns: false when the file is absent.
  @discardableResult
  mutating func forEachStreamedRow(
    _ className: String, taking mine: (Int) -> Bool,
    _ body: (inout ImportSession, JSONValue, RowPlace) -> Void
  ) -> Bool {
    let file = className + ".json"
    guard source.fileExists(file) else { return false }
    let stream: any ExportFileStream
    do throws(ImportError) {
      stream = try source.stream(file, wholeLimit: limits.classFileBytes)
    } catch {
      markUnreadable(className, reason: error.reason)
      return true
    }
    var scanner = JSONRowScanner(rowBytes: limits.rowBytes)
    var batch: StreamedBatch?
    while true {
      let step: JSONRowScanner.Step
      do throws(ImportError) {
        step = try scanner.next { buffer throws(ImportError) in try stream.read(into: buffer) }
      } catch {
        markUnreadable(className, reason: error.reason)
        return true
      }
      switch step {
      case .row(let number, let bytes):
        guard mine(number - 1) else { continue }
        if batch == nil { batch = StreamedBatch(shape: scanner.shape ?? .array) }
        batch?.add(scanner.window[bytes], number: number)
        guard let full = batch, full.bytes.count >= Self.streamedBatchBytes else { continue }
        batch = nil
        guard readBatch(full, className, body) else { return true }
      case .end:
        if scanner.shape == .results { noteLayout(.parseCom, of: file) }
        if let batch { readBatch(batch, className, body) }
        return true
      case .unsupported(let reason):
        report.error(
          file, className, "", "cannot be read in parts: \(reason); the export is imported whole")
        return true
      }
    }
  }

  /// Reads the rows of `batch` and gives each to `body`; false, with the problem reported, when
  /// one of them is not what a part reads.
  @discardableResult
  private mutating func readBatch(
    _ batch: StreamedBatch, _ className: String,
    _ body: (inout ImportSession, JSONValue, RowPlace) -> Void
  ) -> Bool {
    let file = className + ".json"
    let reader = JSONReader(
      batch.document, maximumDepth: limits.maximumDepth, pieceBytes: limits.rowBytes)
    for number in batch.numbers {
      let step: JSONRowStep
      do throws(JSONSyntaxError) {
        step = try reader.nextRow()
      } catch {
        let range = "entries #\(batch.numbers[0]) to #\(batch.numbers[batch.numbers.count - 1])"
        markUnreadable(className, reason: "invalid JSON among \(range): \(error.reason)")
        return false
      }
      guard case .row(let row) = step else {
        report.error(file, className, "", "entry #\(number) cannot be read in parts")
        return false
      }
      let objectId = row["objectId"]?.stringValue ?? ""
      if let finding = reader.repeatedKeys.first.map(\.description)
        ?? reader.loneSurrogates.first.map(\.description)
      {
        report.error(file, className, objectId, "entry #\(number): \(finding)")
        return false
      }
      if batch.shape == .array, row["_id"] != nil {
        report.error(
          file, className, objectId, "entry #\(number) has an _id, as Parse Server's documents")
        return false
      }
      if batch.shape == .array, !objectId.isEmpty { noteLayout(.parseCom, of: file) }
      let place = RowPlace(number: number, isLine: false, layout: .parseCom)
      body(&self, transformed(row, className, place), place)
    }
    return true
  }
}

/// Rows of a part gathered to be read by one `JSONReader`: their bytes in a document of the
/// file's shape, and their numbers.
private struct StreamedBatch {
  let shape: JSONRowScanner.Shape
  private(set) var bytes: [UInt8]
  private(set) var numbers: [Int] = []

  init(shape: JSONRowScanner.Shape) {
    self.shape = shape
    bytes = Array((shape == .results ? "{\"results\":[" : "[").utf8)
  }

  /// Adds row `number`, whose bytes are `row`.
  mutating func add(_ row: ArraySlice<UInt8>, number: Int) {
    if !numbers.isEmpty { bytes.append(UInt8(ascii: ",")) }
    bytes += row
    numbers.append(number)
  }

  /// The document of the rows.
  var document: [UInt8] { bytes + Array((shape == .results ? "]}" : "]").utf8) }
}
