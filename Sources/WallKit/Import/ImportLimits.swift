/// Size limits of the import, so a hostile or broken export cannot exhaust memory.
///
/// A class file is read with a peak of about 2 times its size (its bytes while they are copied
/// for simdjson, then that copy and simdjson's index; measured) plus one row at a time and the
/// records made from it: about 512 MiB plus the dataset for a class file at the default cap.
/// A file over a cap is reported, naming it, and skipped.
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
