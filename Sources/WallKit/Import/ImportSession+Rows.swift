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
        reportRepeatedKeys(reader.repeatedKeys, in: row, position: position, className: className)
        reportLoneSurrogates(
          reader.loneSurrogates, in: row, position: position, className: className)
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

  private mutating func reportRepeatedKeys(
    _ keys: [JSONRepeatedKey], in row: JSONValue, position: Int, className: String
  ) {
    guard !keys.isEmpty else { return }
    let objectId = row["objectId"]?.stringValue ?? ""
    let entry = objectId.isEmpty ? "entry #\(position): " : ""
    for key in keys {
      report.error(
        "\(className).json", className, objectId, entry + key.description, kind: "repeated keys")
    }
  }

  private mutating func reportLoneSurrogates(
    _ strings: [JSONLoneSurrogate], in row: JSONValue, position: Int, className: String
  ) {
    guard !strings.isEmpty else { return }
    let objectId = row["objectId"]?.stringValue ?? ""
    let entry = objectId.isEmpty ? "entry #\(position): " : ""
    for string in strings {
      report.warning(
        "\(className).json", className, objectId, entry + string.description,
        kind: "strings with a lone UTF-16 surrogate")
    }
  }
}
