/// One object of a Parse class file, with typed accessors for Parse's value shapes.
struct ParseObject {
  /// The object's objectId.
  let objectId: String
  /// Its members as parsed.
  let fields: [String: JSONValue]

  /// A string member, or nil when absent or not a string.
  func string(_ key: String) -> String? { fields[key]?.stringValue }

  /// A member that holds an id: a string, or an integral number written without a fraction
  /// (exports sometimes store Facebook ids as numbers).
  func identifier(_ key: String) -> String? {
    switch fields[key] {
    case .string(let text)?: return text.isEmpty ? nil : text
    case .number(let value)? where value == value.rounded() && abs(value) < 1e18:
      return String(Int64(value))
    default: return nil
    }
  }

  /// `createdAt`/`updatedAt` strings, or `{"__type":"Date","iso":…}` values.
  func timestamp(_ key: String) -> Timestamp? {
    switch fields[key] {
    case .string(let text)?: return Timestamp(iso8601: text)
    case .object(let members)? where members["__type"]?.stringValue == "Date":
      return members["iso"]?.stringValue.flatMap { Timestamp(iso8601: $0) }
    default: return nil
    }
  }
}

/// The result of reading one class file: its objects, in file order, without duplicates.
struct ParseClassFile {
  let objects: [ParseObject]
}

extension ParseClassFile {
  /// Reads `<className>.json` from the source.
  ///
  /// A missing file yields nil (the class is optional); any other problem is reported and yields
  /// the objects that could be read.
  static func read(
    _ className: String, from source: any ExportSource, into report: inout ProblemReport
  ) -> ParseClassFile? {
    let file = className + ".json"
    guard source.fileExists(file) else { return nil }
    guard
      let document = report.readJSON(
        file, from: source, limit: ImportLimits.maximumClassFileBytes, className: className),
      let rows = report.classRows(document, file: file, className: className)
    else { return ParseClassFile(objects: []) }
    var seen = Set<String>()
    var objects: [ParseObject] = []
    objects.reserveCapacity(rows.count)
    for (position, row) in rows.enumerated() {
      guard let fields = row.objectValue else {
        report.error(
          file, className, "", "entry #\(position + 1) is \(row.kindDescription), not an object")
        continue
      }
      guard let objectId = fields["objectId"]?.stringValue, !objectId.isEmpty else {
        report.error(file, className, "", "entry #\(position + 1) has no string objectId")
        continue
      }
      guard seen.insert(objectId).inserted else {
        report.error(file, className, objectId, "duplicate objectId; the first one is kept")
        continue
      }
      objects.append(ParseObject(objectId: objectId, fields: fields))
    }
    return ParseClassFile(objects: objects)
  }
}

/// Size limits of the import, so a hostile export cannot exhaust memory.
public enum ImportLimits {
  /// Largest class JSON file read (1 GiB).
  public static let maximumClassFileBytes = 1 << 30
  /// Largest Graph JSON file read (16 MiB).
  public static let maximumGraphFileBytes = 16 << 20
}
