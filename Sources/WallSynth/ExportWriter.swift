import WallKit

/// Writes an export folder in the shape of docs/input-format.md, for generators and tests.
public struct ExportWriter: Sendable {
  /// The export's root folder.
  public let root: String

  /// Creates the root folder if needed.
  /// - Throws: `WriteError` when it cannot be created.
  public init(root: String) throws(WriteError) {
    self.root = root
    try FileSystem.createDirectory(root)
  }

  /// Writes `<className>.json` as `{"results": [...]}`.
  public func writeClass(_ className: String, _ objects: [JSONValue]) throws(WriteError) {
    try FileSystem.writeAtomically(
      JSONValue.object(["results": .array(objects)]).serialized, to: "\(root)/\(className).json")
  }

  /// Writes a file at a path relative to the root (`files/x`, `graph/1.json`).
  public func writeFile(_ relativePath: String, _ bytes: [UInt8]) throws(WriteError) {
    try FileSystem.writeAtomically(bytes, to: "\(root)/\(relativePath)")
  }
}
