import WallJSON
import WallReport
import WallSupport

extension ImportSession {
  /// Reads `<className>.json` row by row, giving each row that is an object with a string
  /// objectId not seen before to `body`, in file order; other rows are reported, and those the
  /// takedown list drops (`drops`) are skipped.
  ///
  /// - Returns: false when the file is absent (the class is optional).
  @discardableResult
  mutating func forEachObject(
    _ className: String, _ body: (inout ImportSession, ParseObject) -> Void
  ) -> Bool {
    var seen = Set<String>()
    return forEachRow(className) { session, row, place in
      guard let object = session.object(in: row, at: place, of: className) else { return }
      if session.drops(object, of: className) { return }
      guard seen.insert(object.objectId).inserted else {
        Self.reportDuplicate(
          object.objectId, idKey: place.idKey, className: className, into: &session.report)
        return
      }
      body(&session, object)
    }
  }

  /// Reports a row whose objectId a row before it in `<className>.json` has.
  ///
  /// The first one is kept; `idKey` is the file's name for the objectId (`objectId`, or Parse
  /// Server's `_id`). The one wording, for the whole import and the merge of a plan's parts.
  package static func reportDuplicate(
    _ objectId: String, idKey: String, className: String, into report: inout ProblemReport
  ) {
    report.error(
      className + ".json", className, objectId, "duplicate \(idKey); the first one is kept",
      kind: "duplicate objectIds")
  }

  /// The object `row` (at `place` in `<className>.json`) holds.
  ///
  /// Nil, reported, for a row that is no object or has no string objectId. The one check of a
  /// row's shape, for the whole import and the parts of a plan alike.
  mutating func object(in row: JSONValue, at place: RowPlace, of className: String)
    -> ParseObject?
  {
    let file = className + ".json"
    guard let fields = row.objectValue else {
      report.error(
        file, className, "", "\(place.label("entry")) is \(row.kindDescription), not an object",
        kind: "entries that are not objects")
      return nil
    }
    guard let objectId = fields["objectId"]?.stringValue, !objectId.isEmpty else {
      report.error(
        file, className, "", "\(place.label("entry")) has no string \(place.idKey)",
        kind: "entries without a string objectId")
      return nil
    }
    return ParseObject(objectId: objectId, fields: fields)
  }

  /// Reads the rows of `<className>.json` one at a time, giving each with its place in the file
  /// to `body`: the rows of `{"results": [...]}` or of a top-level array, or a Parse Server
  /// collection's documents, one per line (`mongoexport`) or in an array (`--jsonArray`),
  /// each turned into the Parse.com row it stands for (`ParseServerDocument`).
  ///
  /// A file that cannot be read, is not valid JSON (as a whole, or, for documents per line,
  /// in both of its first two lines) or has another shape is reported once, marked unreadable
  /// (nothing may be built from the export) and gives no row; a line that is not valid JSON,
  /// and a key repeated within a row, are reported and the row is skipped or its first value
  /// kept.
  /// - Returns: false when the file is absent.
  @discardableResult
  mutating func forEachRow(
    _ className: String, _ body: (inout ImportSession, JSONValue, RowPlace) -> Void
  ) -> Bool {
    let file = className + ".json"
    guard source.fileExists(file) else { return false }
    var bytes: [UInt8]
    do throws(ImportError) {
      bytes = try source.read(file, limit: limits.classFileBytes)
    } catch {
      markUnreadable(className, reason: error.reason)
      return true
    }
    if JSONLinesReader.holdsDocumentsPerLine(bytes, lineBytes: limits.rowBytes) {
      noteLayout(.parseServer, of: file)
      forEachLine(of: bytes, className, body)
      return true
    }
    if layout == .parseServer, bytes.allSatisfy({ [0x20, 0x09, 0x0D, 0x0A].contains($0) }) {
      return true  // `mongoexport` writes nothing for an empty collection.
    }
    let isArray = bytes.first { ![0x20, 0x09, 0x0D, 0x0A].contains($0) } == UInt8(ascii: "[")
    let reader = JSONReader(bytes, maximumDepth: limits.maximumDepth, pieceBytes: limits.rowBytes)
    bytes = []  // the reader holds its own copy
    // `{"results": [...]}` is Parse.com's, once the reader has found it so.
    var place = RowPlace(number: 0, isLine: false, layout: isArray ? nil : .parseCom)
    var shown = isArray
    while true {
      let step: JSONRowStep
      do throws(JSONSyntaxError) {
        step = try reader.nextRow()
      } catch {
        markUnreadable(className, reason: "invalid JSON at \(error)")
        return true
      }
      if !shown, !step.isNotRows {
        shown = true
        noteLayout(.parseCom, of: file)
      }
      switch step {
      case .row(let raw):
        place.number += 1
        if place.layout == nil, let layout = Self.layout(ofRow: raw) {
          place.layout = layout
          noteLayout(layout, of: file)
        }
        let row = transformed(raw, className, place)
        reportFindings(
          reader.repeatedKeys, reader.loneSurrogates, in: row, place: place, className: className)
        body(&self, row, place)
      case .tooLarge(let bytes):
        place.number += 1
        reportTooLong(file, className, place, bytes: bytes)
      case .end:
        if reader.repeatedResults {
          report.error(
            file, className, "", "the file has a second \"results\" member; only the first is read")
        }
        return true
      case .notRows(let found):
        markUnreadable(
          className,
          reason:
            "expected {\"results\": [...]} or a top-level array, found \(found.kindDescription)")
        return true
      }
    }
  }

  /// Reads a collection written one document per line, each turned into its Parse.com row; a
  /// line that is not valid JSON or too long is reported and skipped.
  private mutating func forEachLine(
    of bytes: [UInt8], _ className: String,
    _ body: (inout ImportSession, JSONValue, RowPlace) -> Void
  ) {
    var lines = JSONLinesReader(
      bytes, maximumDepth: limits.maximumDepth, lineBytes: limits.rowBytes)
    while true {
      let step = lines.next()
      if step == .end { return }
      readLine(step, className) { session, row, place in
        if let row { body(&session, row, place) }
      }
    }
  }

  /// Gives `body` the Parse.com row of one line of a collection written one document per line.
  ///
  /// What the reader noticed in it is reported; a line that is not valid JSON or too long is
  /// reported and given as nil. The one reading of such a line, whole or streamed.
  mutating func readLine(
    _ step: JSONLinesReader.Step, _ className: String,
    _ body: (inout ImportSession, JSONValue?, RowPlace) -> Void
  ) {
    let file = className + ".json"
    switch step {
    case .value(let line):
      let place = RowPlace(number: line.number, isLine: true, layout: .parseServer)
      let row = transformed(line.value, className, place)
      reportFindings(
        line.repeatedKeys, line.loneSurrogates, in: row, place: place, className: className)
      body(&self, row, place)
    case .invalid(let number, let error):
      report.error(
        file, className, "",
        "line \(number) is not valid JSON (column \(error.column): \(error.reason)); it is not read",
        kind: "lines that are not valid JSON")
      body(&self, nil, RowPlace(number: number, isLine: true, layout: .parseServer))
    case .tooLarge(let number, let bytes):
      let place = RowPlace(number: number, isLine: true, layout: .parseServer)
      reportTooLong(file, className, place, bytes: bytes)
      body(&self, nil, place)
    case .end: return
    }
  }

  private mutating func reportTooLong(
    _ file: String, _ className: String, _ place: RowPlace, bytes: Int
  ) {
    let limit = limits.rowBytes
    report.error(
      file, className, "",
      "\(place.label("entry")) is \(NumberText.grouped(bytes)) bytes long, more than the "
        + "\(NumberText.grouped(limit)) bytes a row may have; it is not read",
      kind: "entries too long to read")
  }

  /// The layout a row of an array shows: a Parse Server document has `_id`, a Parse.com
  /// object `objectId`; a join row has neither and shows none.
  static func layout(ofRow row: JSONValue) -> ExportLayout? {
    if row["_id"] != nil { return .parseServer }
    if row["objectId"] != nil { return .parseCom }
    return nil
  }

  /// Reports what the JSON reader noticed in `row`, at `place` of `className`'s file.
  ///
  /// Each repeated key is an error (its first value is kept), each lone UTF-16 surrogate a
  /// warning (read as U+FFFD). The one report of them, for rows read whole or in parts.
  mutating func reportFindings(
    _ repeatedKeys: [JSONRepeatedKey], _ loneSurrogates: [JSONLoneSurrogate], in row: JSONValue,
    place: RowPlace, className: String
  ) {
    reportFindings(
      repeatedKeys.map(\.description), .error, kind: "repeated keys", in: row, place: place,
      className: className)
    reportFindings(
      loneSurrogates.map(\.description), .warning, kind: "strings with a lone UTF-16 surrogate",
      in: row, place: place, className: className)
  }

  /// Reports each of `findings` (what the reader noticed in one row) with the row's objectId,
  /// or its place when it has none.
  private mutating func reportFindings(
    _ findings: [String], _ severity: Problem.Severity, kind: String, in row: JSONValue,
    place: RowPlace, className: String
  ) {
    guard !findings.isEmpty else { return }
    let objectId = row["objectId"]?.stringValue ?? ""
    let entry = objectId.isEmpty || place.isLine ? "\(place.label("entry")): " : ""
    for finding in findings {
      switch severity {
      case .error:
        report.error("\(className).json", className, objectId, entry + finding, kind: kind)
      case .warning:
        report.warning("\(className).json", className, objectId, entry + finding, kind: kind)
      }
    }
  }
}

extension JSONRowStep {
  /// Whether the document turned out to hold no rows.
  fileprivate var isNotRows: Bool {
    if case .notRows = self { return true }
    return false
  }
}

/// Where a row is in its class file, for messages.
struct RowPlace {
  /// The row's 1-based position among the rows, or its line's number.
  var number: Int
  /// Whether the file holds one document per line.
  var isLine: Bool
  /// The layout the file shows so far; nil while an array has shown none.
  var layout: ExportLayout?

  /// "line 3" for a document per line, else "entry #3" (or "row #3" for `noun` "row").
  func label(_ noun: String) -> String { isLine ? "line \(number)" : "\(noun) #\(number)" }

  /// The name of the identifier in the file: `_id` in Parse Server's, else `objectId`.
  var idKey: String { layout == .parseServer ? "_id" : "objectId" }
}
