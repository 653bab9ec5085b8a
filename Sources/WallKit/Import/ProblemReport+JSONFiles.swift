extension ProblemReport {
  /// Reads and parses a JSON file of the export.
  ///
  /// A file that cannot be read or is not valid JSON is reported as an error (with the line and
  /// column of the fault) and gives nil.
  mutating func readJSON(
    _ file: String, from source: any ExportSource, limit: Int, className: String = "",
    objectId: String = ""
  ) -> JSONValue? {
    do {
      return try JSONParser.parse(source.read(file, limit: limit))
    } catch let error as JSONSyntaxError {
      self.error(file, className, objectId, "invalid JSON at \(error)")
    } catch let error as ImportError {
      self.error(file, className, objectId, error.reason)
    } catch {
      self.error(file, className, objectId, "cannot be read: \(error)")
    }
    return nil
  }

  /// The rows of a class file: `{"results": [...]}` or a bare array; another shape is reported
  /// and gives nil.
  mutating func classRows(_ document: JSONValue, file: String, className: String) -> [JSONValue]? {
    if let rows = document.arrayValue ?? document["results"]?.arrayValue { return rows }
    self.error(
      file, className, "",
      "expected {\"results\": [...]} or a top-level array, found \(document.kindDescription)")
    return nil
  }
}
