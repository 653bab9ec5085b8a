import WallJSON

/// What went wrong with one file (or a class file) of a fetch: a line of the report.
public struct FetchRecord: Sendable, Equatable {
  /// An error (the file did not arrive) or a warning (it arrived, with something to say).
  public enum Severity: String, Sendable {
    case error
    case warning
  }

  /// The URL asked for (after `--rewrite`), empty when there was none.
  public var url: String
  /// The file, relative to the export (`files/<name>`), or the class file for a row without
  /// a usable name.
  public var file: String
  /// The class file holding the object.
  public var classFile: String
  /// The object's `objectId`, empty for a whole class file.
  public var objectId: String
  /// The last HTTP status received, nil when none arrived.
  public var status: Int?
  /// Why, as one sentence.
  public var reason: String
  /// Error or warning.
  public var severity: Severity

  /// Creates a record.
  public init(
    url: String, file: String, classFile: String, objectId: String, status: Int? = nil,
    reason: String, severity: Severity = .error
  ) {
    self.url = url
    self.file = file
    self.classFile = classFile
    self.objectId = objectId
    self.status = status
    self.reason = reason
    self.severity = severity
  }

  /// A record about `item`.
  init(
    _ item: FetchItem, url: String, status: Int? = nil, reason: String, severity: Severity = .error
  ) {
    self.init(
      url: url, file: item.path, classFile: item.classFile, objectId: item.objectId,
      status: status, reason: reason, severity: severity)
  }

  /// `error: files/a.jpg (WallImage.json, WallImage X) from http://…: HTTP 404`; not escaped
  /// for a terminal (the caller does that).
  public var description: String {
    let className = classFile.hasSuffix(".json") ? String(classFile.dropLast(5)) : classFile
    let object = objectId.isEmpty ? classFile : "\(classFile), \(className) \(objectId)"
    let from = url.isEmpty ? "" : " from \(url)"
    return "\(severity.rawValue): \(file) (\(object))\(from): \(reason)"
  }

  /// The record as one JSON object of the `--report` file.
  public var reportLine: JSONValue {
    var members: [String: JSONValue] = [
      "url": .string(url), "file": .string(file), "classFile": .string(classFile),
      "object": .string(objectId), "reason": .string(reason),
      "severity": .string(severity.rawValue),
    ]
    members["status"] = status.map { .integer(Int64($0)) } ?? .null
    return .object(members)
  }
}
