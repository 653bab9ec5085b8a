import WallPlan
import WallZip

/// Options of `wallgen plan`.
public struct PlanOptions: Sendable, Equatable {
  /// The export folder or zip.
  public var export: String?
  /// The plan file to write.
  public var output: String?
  /// Image workers; nil means one per core.
  public var jobs: Int?
  /// The most uncompressed bytes a zip export may hold.
  public var maxExportBytes: UInt64 = ZipLimits.standard.totalBytes
  /// Where to write the JSON-lines problem report, if anywhere.
  public var reportFile: String?
  /// Print only problems and errors.
  public var quiet = false
  /// Write only part K of N of the plan (`--part K/N`).
  public var part: ShardSpec?
  /// Make the plan from its N parts (`--merge N`).
  public var merge: Int?
  /// The configuration file (`--config`), whose takedown list the plan applies; nil:
  /// `wallgen.json` in the current folder, if any.
  public var config: String?

  /// Options with every default.
  public init(export: String? = nil) {
    self.export = export
  }
}
