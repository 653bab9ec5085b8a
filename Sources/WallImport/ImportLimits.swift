import WallJSON

/// Size limits of the import, so a hostile or broken export cannot exhaust memory.
///
/// A class file is read with a peak of about 2 times its size (its bytes while they are copied
/// for simdjson; a file longer than `rowBytes` is indexed in pieces of that size) plus one row
/// at a time and the records made from it: with bounded problem reports, an import stays under
/// 1 GiB plus the dataset (docs/input-format.md, "Memory"). A file over a cap is reported,
/// naming it, and skipped.
public struct ImportLimits: Sendable, Equatable {
  /// Largest class JSON file read, in bytes (default 256 MiB).
  public var classFileBytes: Int
  /// Largest Graph JSON file read, in bytes (default 16 MiB).
  public var graphFileBytes: Int
  /// Deepest nesting of arrays and objects in any JSON file (default 512).
  public var maximumDepth: Int
  /// Longest row of a class file read, in bytes (default 8 MiB).
  ///
  /// A longer one is checked, reported and skipped. A class file longer than this is also
  /// indexed in pieces of this size (`JSONReader` `pieceBytes`).
  public var rowBytes: Int

  /// Creates limits; the defaults suit any real export.
  public init(
    classFileBytes: Int = 256 << 20, graphFileBytes: Int = 16 << 20,
    maximumDepth: Int = JSONReader.defaultMaximumDepth,
    rowBytes: Int = JSONReader.defaultPieceBytes
  ) {
    self.classFileBytes = classFileBytes
    self.graphFileBytes = graphFileBytes
    self.maximumDepth = maximumDepth
    self.rowBytes = rowBytes
  }

  /// The limits as they enter a plan's identity and a build's fingerprint.
  package var summary: String { "\(classFileBytes) \(graphFileBytes) \(maximumDepth) \(rowBytes)" }
}
