import WallJSON
import WallReport
import WallSupport

extension ImportSession {
  /// Reads `<className>.json` row by row, giving each row that is an object with a string
  /// objectId not seen before to `body`, in file order; other rows are reported.
  ///
  /// - Returns: false when the file is absent (the class is optional).
  @discardableResult
  mutating func forEachObject(
    _ className: String, _ body: (inout ImportSession, ParseObject) -> Void
  ) -> Bool {
    let file = className + ".json"
    var seen = Set<String>()
    return forEachRow(className) { session, row, position in
      guard let fields = row.objectValue else {
        session.report.error(
          file, className, "", "entry #\(position) is \(row.kindDescription), not an object",
          kind: "entries that are not objects")
        return
      }
      guard let objectId = fields["objectId"]?.stringValue, !objectId.isEmpty else {
        session.report.error(
          file, className, "", "entry #\(position) has no string objectId",
          kind: "entries without a string objectId")
        return
      }
      guard seen.insert(objectId).inserted else {
        session.report.error(
          file, className, objectId, "duplicate objectId; the first one is kept",
          kind: "duplicate objectIds")
        return
      }
      body(&session, ParseObject(objectId: objectId, fields: fields))
    }
  }

  /// Reads the rows of `<className>.json` (`{"results": [...]}` or a top-level array) one at a
  /// time, giving each with its 1-based position to `body`.
  ///
  /// A file that cannot be read, is not valid JSON or has another shape is reported once, marked
  /// unreadable (nothing may be built from the export) and gives no row; a key repeated within
  /// a row is reported and its first value kept.
  /// - Returns: false when the file is absent.
  @discardableResult
  mutating func forEachRow(
    _ className: String, _ body: (inout ImportSession, JSONValue, Int) -> Void
  ) -> Bool {
    let file = className + ".json"
    guard source.fileExists(file) else { return false }
    let reader: JSONReader
    do throws(ImportError) {
      reader = JSONReader(
        try source.read(file, limit: limits.classFileBytes), maximumDepth: limits.maximumDepth,
        pieceBytes: limits.rowBytes)
    } catch {
      markUnreadable(className, reason: error.reason)
      return true
    }
    var position = 0
    while true {
      let step: JSONRowStep
      do throws(JSONSyntaxError) {
        step = try reader.nextRow()
      } catch {
        markUnreadable(className, reason: "invalid JSON at \(error)")
        return true
      }
      switch step {
      case .row(let row):
        position += 1
        reportFindings(
          reader.repeatedKeys.map(\.description), .error, kind: "repeated keys", in: row,
          position: position, className: className)
        reportFindings(
          reader.loneSurrogates.map(\.description), .warning,
          kind: "strings with a lone UTF-16 surrogate", in: row, position: position,
          className: className)
        body(&self, row, position)
      case .tooLarge(let bytes):
        position += 1
        let limit = limits.rowBytes
        report.error(
          file, className, "",
          "entry #\(position) is \(NumberText.grouped(bytes)) bytes long, more than the "
            + "\(NumberText.grouped(limit)) bytes a row may have; it is not read",
          kind: "entries too long to read")
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

  /// Reports each of `findings` (what the reader noticed in one row) with the row's objectId,
  /// or its position when it has none.
  private mutating func reportFindings(
    _ findings: [String], _ severity: Problem.Severity, kind: String, in row: JSONValue,
    position: Int, className: String
  ) {
    guard !findings.isEmpty else { return }
    let objectId = row["objectId"]?.stringValue ?? ""
    let entry = objectId.isEmpty ? "entry #\(position): " : ""
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
