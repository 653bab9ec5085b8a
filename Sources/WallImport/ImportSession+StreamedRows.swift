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
  /// A file of documents one per line (Parse Server's `mongoexport`, as
  /// `JSONLinesReader.holdsDocumentsPerLine` tells) is read a line at a time
  /// (`forEachStreamedLine`); a line that cannot be read is reported and given to `body` as nil,
  /// at its place.
  ///
  /// Whatever this reading does not fully understand is not guessed at but reported, so that
  /// the part asks for the export to be imported whole: a file the scanner finds
  /// `unsupported` (another shape, another member, a row longer than `rowBytes`, bytes out of
  /// place between rows), rows that are not valid JSON, and a row of a top-level array with an
  /// `_id` (Parse Server's). A row's repeated keys and lone surrogates are reported as the
  /// whole reading reports them (`reportFindings`), for the part to hand on.
  /// - Returns: false when the file is absent.
  @discardableResult
  mutating func forEachStreamedRow(
    _ className: String, taking mine: (Int) -> Bool,
    _ body: (inout ImportSession, JSONValue?, RowPlace) -> Void
  ) -> Bool {
    let file = className + ".json"
    guard source.fileExists(file) else { return false }
    guard let stream = openStream(className) else { return true }
    var scanner = JSONRowScanner(rowBytes: limits.rowBytes)
    var batch: StreamedBatch?
    // Where a top-level array holds Parse Server's documents from, looked for at its first row.
    var documents: Int??
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
        if documents == nil {
          documents = .some(scanner.shape == .array ? parseServerRows(of: className) : nil)
        }
        guard mine(number - 1) else { continue }
        if batch == nil { batch = StreamedBatch(shape: scanner.shape ?? .array) }
        batch?.add(scanner.window[bytes], number: number)
        guard let full = batch, full.bytes.count >= Self.streamedBatchBytes else { continue }
        batch = nil
        guard readBatch(full, className, documentsFrom: documents ?? nil, body) else {
          return true
        }
      case .end:
        if scanner.shape == .results { noteLayout(.parseCom, of: file) }
        if let batch { readBatch(batch, className, documentsFrom: documents ?? nil, body) }
        return true
      case .unsupported(let reason):
        // A file that does not open as rows may be documents one per line, or blank: told
        // only then, so that a class file of rows is read once.
        if scanner.shape == nil {
          switch streamedShape(of: className) {
          case nil: return true  // unreadable, reported
          case .blank? where layout == .parseServer:
            return true  // `mongoexport` writes nothing for an empty collection.
          case .lines?:
            noteLayout(.parseServer, of: file)
            forEachStreamedLine(className, taking: mine, body)
            return true
          default: break
          }
        }
        report.error(
          file, className, "", "cannot be read in parts: \(reason); the export is imported whole")
        return true
      }
    }
  }

  /// A stream of `<className>.json`; nil, with the class file marked unreadable, when it
  /// cannot be opened.
  private mutating func openStream(_ className: String) -> (any ExportFileStream)? {
    do throws(ImportError) {
      return try source.stream(className + ".json", wholeLimit: limits.classFileBytes)
    } catch {
      markUnreadable(className, reason: error.reason)
      return nil
    }
  }

  /// What a class file holds, as far as a streamed reading must know before it starts.
  enum StreamedShape {
    /// Nothing but blanks.
    case blank
    /// Documents one per line.
    case lines
    /// Anything else: rows for `JSONRowScanner`.
    case rows
  }

  /// Whether `<className>.json` holds documents one per line, or nothing but blanks.
  ///
  /// Told by its first non-blank byte and its first two non-blank lines, as
  /// `JSONLinesReader.holdsDocumentsPerLine` decides on the whole file, read from streams of
  /// its own. Nil when it cannot be
  /// read (marked unreadable).
  private mutating func streamedShape(of className: String) -> StreamedShape? {
    guard let stream = openStream(className) else { return nil }
    var scanner = JSONLineScanner(lineBytes: limits.rowBytes, windowBytes: 1 << 16)
    var looked = 0
    do throws(ImportError) {
      let read = { (buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int in
        try stream.read(into: buffer)
      }
      while looked < 2 {
        switch try scanner.next(reading: read) {
        case .end: return looked == 0 ? .blank : .rows
        case .tooLarge:
          // Its first byte still tells whether the file opens with an object.
          if looked == 0, try !opensWithObject(className) { return .rows }
        case .line(let number, let bytes):
          let first = scanner.window[bytes].first { !JSONLinesReader.isBlank($0) }
          if looked == 0, first != UInt8(ascii: "{") { return .rows }
          let step = JSONLinesReader.read(
            Array(scanner.window[bytes]), number: number, maximumDepth: limits.maximumDepth)
          if case .value(let line) = step, line.value["_id"] != nil { return .lines }
        }
        looked += 1
      }
    } catch {
      markUnreadable(className, reason: error.reason)
      return nil
    }
    return .rows
  }

  /// The number of the row from which a top-level array of `<className>.json` holds Parse
  /// Server's documents (`mongoexport --jsonArray`): the first row that shows a layout, as the
  /// whole reading decides (`layout(ofRow:)`), when it shows Parse Server's; nil for another
  /// file, or when none of its first `layoutRows` rows shows one (a row with an `_id` is then
  /// not read in parts).
  private mutating func parseServerRows(of className: String) -> Int? {
    guard let stream = openStream(className) else { return nil }
    var scanner = JSONRowScanner(rowBytes: limits.rowBytes, windowBytes: 1 << 16)
    for _ in 0..<Self.layoutRows {
      let step: JSONRowScanner.Step
      do throws(ImportError) {
        step = try scanner.next { buffer throws(ImportError) in try stream.read(into: buffer) }
      } catch {
        return nil  // read again, and reported, by the reading that follows
      }
      guard case .row(let number, let bytes) = step, scanner.shape == .array else { return nil }
      let reader = JSONReader(
        Array(scanner.window[bytes]), maximumDepth: limits.maximumDepth,
        pieceBytes: limits.rowBytes)
      guard let row = try? reader.document() else { return nil }
      if let layout = Self.layout(ofRow: row) { return layout == .parseServer ? number : nil }
    }
    return nil
  }

  /// How many rows of a top-level array `parseServerRows` looks at for a layout.
  static let layoutRows = 16

  /// Whether the first non-blank byte of `<className>.json` opens an object.
  private mutating func opensWithObject(_ className: String) throws(ImportError) -> Bool {
    guard let stream = openStream(className) else { return false }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      let count = try stream.read(into: buffer)
      guard count > 0 else { return false }
      if let byte = buffer[..<count].first(where: { !JSONLinesReader.isBlank($0) }) {
        return byte == UInt8(ascii: "{")
      }
    }
  }

  /// Reads `<className>.json`, documents one per line, as a stream: the lines whose 0-based
  /// number `mine` takes are read (`JSONLinesReader.read`) and given to `body` as the whole
  /// import gives them (`readLine`); a line that cannot be read is reported and given as nil.
  private mutating func forEachStreamedLine(
    _ className: String, taking mine: (Int) -> Bool,
    _ body: (inout ImportSession, JSONValue?, RowPlace) -> Void
  ) {
    guard let stream = openStream(className) else { return }
    var scanner = JSONLineScanner(lineBytes: limits.rowBytes)
    while true {
      let step: JSONLineScanner.Step
      do throws(ImportError) {
        step = try scanner.next { buffer throws(ImportError) in try stream.read(into: buffer) }
      } catch {
        markUnreadable(className, reason: error.reason)
        return
      }
      switch step {
      case .end: return
      case .line(let number, let bytes):
        guard mine(number - 1) else { continue }
        readLine(
          JSONLinesReader.read(
            Array(scanner.window[bytes]), number: number, maximumDepth: limits.maximumDepth),
          className, body)
      case .tooLarge(let number, let bytes):
        guard mine(number - 1) else { continue }
        readLine(.tooLarge(number: number, bytes: bytes), className, body)
      }
    }
  }

  /// Reads the rows of `batch` and gives each to `body`; false, with the problem reported, when
  /// one of them is not what a part reads.
  @discardableResult
  private mutating func readBatch(
    _ batch: StreamedBatch, _ className: String, documentsFrom documents: Int?,
    _ body: (inout ImportSession, JSONValue?, RowPlace) -> Void
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
      // Parse Server's documents from the row that showed the file to hold them, as the
      // whole reading takes them.
      let isDocument = batch.shape == .array && documents.map { number >= $0 } == true
      if batch.shape == .array, row["_id"] != nil, !isDocument {
        report.error(
          file, className, objectId, "entry #\(number) has an _id, as Parse Server's documents")
        return false
      }
      if isDocument {
        noteLayout(.parseServer, of: file)
      } else if batch.shape == .array, !objectId.isEmpty {
        noteLayout(.parseCom, of: file)
      }
      let place = RowPlace(
        number: number, isLine: false, layout: isDocument ? .parseServer : .parseCom)
      let transformed = transformed(row, className, place)
      reportFindings(
        reader.repeatedKeys, reader.loneSurrogates, in: transformed, place: place,
        className: className)
      body(&self, transformed, place)
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
