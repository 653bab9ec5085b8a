import WallJSON
import WallReport

extension ProblemReport {
  /// Reads and parses a JSON file of the export.
  ///
  /// A file that cannot be read or is not valid JSON is reported as an error (with the line and
  /// column of the fault) and gives nil; a repeated key is reported and its first value kept,
  /// and a lone UTF-16 surrogate escape is read as U+FFFD and reported as a warning.
  mutating func readJSON(
    _ file: String, from source: any ExportSource, limit: Int, maximumDepth: Int,
    className: String = "", objectId: String = ""
  ) -> JSONValue? {
    do {
      let reader = JSONReader(try source.read(file, limit: limit), maximumDepth: maximumDepth)
      let document = try reader.document()
      for key in reader.repeatedKeys {
        error(file, className, objectId, key.description, kind: "repeated keys")
      }
      for string in reader.loneSurrogates {
        warning(
          file, className, objectId, string.description,
          kind: "strings with a lone UTF-16 surrogate")
      }
      return document
    } catch let error as JSONSyntaxError {
      self.error(file, className, objectId, "invalid JSON at \(error)", kind: "invalid JSON files")
    } catch let error as ImportError {
      self.error(file, className, objectId, error.reason, kind: "unreadable files")
    } catch {
      self.error(file, className, objectId, "cannot be read: \(error)", kind: "unreadable files")
    }
    return nil
  }
}
