import WallKit

/// Writes a Parse.com-form export as the database export of the Parse Server holding the same
/// data: each class file as what `mongoexport --collection=<Class>` writes (`<Class>.json`, one
/// Extended JSON document per line, or with `jsonArray` one array), in Parse Server's storage
/// form (`MongoTransform.js`), plus `_SCHEMA.json`; `files/` and `graph/` are copied as they are.
///
/// Made from the storage rules, for tests: the same dataset written both ways must build the
/// same site (docs/input-format.md, "Parse Server's database export").
public struct ParseServerExport: Sendable {
  /// How the documents are written.
  public struct Options: Sendable {
    /// One `--jsonArray` array per file instead of one document per line.
    public var jsonArray = false
    /// Canonical Extended JSON (`{"$date": {"$numberLong": "…"}}`, `{"$numberInt": "5"}`)
    /// instead of relaxed (`{"$date": "2014-…Z"}`, plain numbers).
    public var canonical = false
    /// Whether to write `_SCHEMA.json`.
    public var schema = true

    /// Relaxed documents, one per line, with `_SCHEMA.json`: what `mongoexport` writes by default.
    public init(jsonArray: Bool = false, canonical: Bool = false, schema: Bool = true) {
      self.jsonArray = jsonArray
      self.canonical = canonical
      self.schema = schema
    }
  }

  let options: Options

  /// Creates a writer.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Converts the Parse.com export folder `source` into a new folder `destination`.
  /// - Throws: `ParseServerExportError` naming a class file that is not a Parse.com one;
  ///   `WriteError` or `FileSystemError` when a file cannot be written or read.
  public func convert(parseCom source: String, to destination: String) throws {
    try FileSystem.createDirectory(destination)
    var schema = SchemaBuilder()
    for name in FileSystem.contents(of: source).sorted() where name.hasSuffix(".json") {
      guard FileSystem.kind(of: "\(source)/\(name)") == .regular else { continue }
      let className = String(name.dropLast(5))
      let objects = try Self.rows(of: "\(source)/\(name)")
      var documents: [JSONValue] = []
      for (position, object) in objects.enumerated() {
        guard case .object(let fields) = object else {
          throw ParseServerExportError(file: name, reason: "row \(position + 1) is no object")
        }
        schema.note(className: className, fields: fields)
        documents.append(document(fields, className: className, position: position))
      }
      try write(documents, to: "\(destination)/\(name)")
    }
    if options.schema { try write(schema.documents, to: "\(destination)/_SCHEMA.json") }
    for folder in ["files", "graph"] where FileSystem.kind(of: "\(source)/\(folder)") == .directory
    {
      try Self.copyTree("\(source)/\(folder)", to: "\(destination)/\(folder)")
    }
  }

  private func write(_ documents: [JSONValue], to path: String) throws(WriteError) {
    let text =
      options.jsonArray
      ? JSONValue.array(documents).serialized + "\n"
      : documents.map { $0.serialized + "\n" }.joined()
    try FileSystem.writeAtomically(text, to: path)
  }

  /// The rows of a Parse.com class file: `{"results": [...]}` or a top-level array.
  private static func rows(of path: String) throws -> [JSONValue] {
    let document = try JSONReader.parse(try FileSystem.readFile(path, limit: 1 << 30))
    if let rows = document["results"]?.arrayValue ?? document.arrayValue { return rows }
    throw ParseServerExportError(
      file: String(path.split(separator: "/").last ?? ""), reason: "holds no rows")
  }

  private static func copyTree(_ source: String, to destination: String) throws {
    try FileSystem.createDirectory(destination)
    for name in FileSystem.contents(of: source).sorted() {
      let path = "\(source)/\(name)"
      switch FileSystem.kind(of: path) {
      case .directory: try copyTree(path, to: "\(destination)/\(name)")
      case .regular:
        try FileSystem.writeAtomically(
          try FileSystem.readFile(path, limit: 1 << 30), to: "\(destination)/\(name)")
      default: continue
      }
    }
  }
}

/// A Parse.com export that `ParseServerExport` cannot convert.
public struct ParseServerExportError: Error, Equatable, CustomStringConvertible {
  /// The class file.
  public var file: String
  /// What is wrong with it.
  public var reason: String

  public var description: String { "\(file): \(reason)" }
}
