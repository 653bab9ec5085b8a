import WallJSON
import WallReport

extension Problem {
  /// The problem as a line of `--report` and of the build record:
  /// `{"file","class","objectId","reason","severity"}`, with `"omitted"` on a line that
  /// counts problems not listed.
  package var reportLine: JSONValue {
    var fields: [String: JSONValue] = [
      "file": .string(file), "class": .string(className), "objectId": .string(objectId),
      "reason": .string(reason), "severity": .string(severity.rawValue),
    ]
    if omitted > 0 { fields["omitted"] = .integer(Int64(omitted)) }
    return .object(fields)
  }

  /// The problem of a line written by `reportLine`, or nil when it has no file or reason.
  package init?(reportLine entry: JSONValue) {
    guard let file = entry["file"]?.stringValue, let reason = entry["reason"]?.stringValue else {
      return nil
    }
    self.init(
      entry["severity"]?.stringValue == "warning" ? .warning : .error, file: file,
      className: entry["class"]?.stringValue ?? "",
      objectId: entry["objectId"]?.stringValue ?? "",
      reason: reason, omitted: entry["omitted"]?.integerValue.map { Int(clamping: $0) } ?? 0)
  }
}
