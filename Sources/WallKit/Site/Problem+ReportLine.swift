extension Problem {
  /// The problem as a line of `--report` and of the build record:
  /// `{"file","class","objectId","reason","severity"}`, with `"omitted"` on a line that
  /// counts problems not listed.
  var reportLine: JSONValue {
    var fields: [String: JSONValue] = [
      "file": .string(file), "class": .string(className), "objectId": .string(objectId),
      "reason": .string(reason), "severity": .string(severity.rawValue),
    ]
    if omitted > 0 { fields["omitted"] = .integer(Int64(omitted)) }
    return .object(fields)
  }
}
