/// Size limits of the import, so a hostile or broken export cannot exhaust memory.
///
/// A class file is read with a peak of about 2.4 times its size (simdjson's copy and index of
/// it, measured) plus one row at a time and the records made from it: at most about 620 MiB
/// for a class file at the default cap. A file over a cap is reported, naming it, and skipped.
public struct ImportLimits: Sendable, Equatable {
  /// Largest class JSON file read, in bytes (default 256 MiB).
  public var classFileBytes: Int
  /// Largest Graph JSON file read, in bytes (default 16 MiB).
  public var graphFileBytes: Int
  /// Deepest nesting of arrays and objects in any JSON file (default 512).
  public var maximumDepth: Int

  /// Creates limits; the defaults suit any real export.
  public init(
    classFileBytes: Int = 256 << 20, graphFileBytes: Int = 16 << 20,
    maximumDepth: Int = JSONReader.defaultMaximumDepth
  ) {
    self.classFileBytes = classFileBytes
    self.graphFileBytes = graphFileBytes
    self.maximumDepth = maximumDepth
  }
}
