import WallSite
import WallSupport

/// Why `wallgen plan`, a shard or the finalize step could not run (bad records and images are
/// reported instead, never thrown).
public enum PlanError: Error, Equatable, CustomStringConvertible {
  /// The plan database could not be created, read or queried; `reason` is SQLite's message.
  case database(path: String, reason: String)
  /// The file is no plan of this wallgen (missing, or another format version).
  case notAPlan(path: String, reason: String)
  /// The export could not be planned: the same refusals as a one-process build (an unopenable
  /// or unusable export, two users sharing a wall folder, an invalid template).
  case build(BuildError)
  /// An image file of the export no longer holds the bytes the plan recorded: the export
  /// changed after `wallgen plan` ran.
  case exportChanged(path: String)
  /// Some shards have not finished, so the site cannot be finalized; sorted by index.
  case shardsMissing([ShardSpec])
  /// Some shards finished with other settings, or from another plan, than the finalize
  /// step's (and `missing` have not finished); sorted by index.
  case shardsDiffer([ShardMismatch], missing: [ShardSpec])
  /// No shard of the plan has finished, so not even their number is known.
  case noShardFinished
  /// Records of shards of different counts are present (none set aside): two runs wrote into
  /// the site at once, and which one is meant is unclear.
  case mixedShardCounts([Int])
  /// A file could not be written; `step` says which (`media`, `render`, `state`, ...).
  case write(step: BuildStep, WriteError)
  /// A merge of a plan's parts lacks part `part` (`K/N`), whose file is `path`.
  case partMissing(part: String, path: String)
  /// Part `part` of a merge was made from another export (or by another wallgen).
  case partDiffers(part: String, path: String)
  /// The plan at `path` was made with another takedown list (`"exclude"`) than the build's.
  case exclusionDiffers(path: String)

  public var description: String {
    switch self {
    case .database(let path, let reason): "\(path): plan database error: \(reason)"
    case .notAPlan(let path, let reason): "\(path): not a wallgen plan: \(reason)"
    case .build(let error): error.description
    case .exportChanged(let path):
      "\(path): the file changed since the plan was made; run 'wallgen plan' again"
    case .shardsMissing(let shards):
      shards.count == 1
        ? "shard \(shards[0]) has not finished"
        : "shards \(ShardList.describe(shards)) have not finished"
    case .shardsDiffer(let mismatches, let missing):
      (mismatches.count == 1
        ? "shard \(mismatches[0]) was made with other settings than this finalize's; run it "
        : "shards \(ShardList.describe(mismatches)) were made with other settings than this "
          + "finalize's; run them ")
        + "again with the plan and the options given to finalize, then finalize again"
        + (missing.isEmpty ? "" : "; \(PlanError.shardsMissing(missing)) either")
    case .noShardFinished:
      "no shard of this plan has finished; run 'wallgen build --plan PLAN --shard K/N' "
        + "for every K from 0 to N-1 first"
    case .mixedShardCounts(let counts):
      "records of shards of different counts (\(counts.map(String.init).joined(separator: ", "))) "
        + "are present: two runs wrote into this site at once; run every shard of the one meant "
        + "again, then finalize"
    case .write(let step, let error): "[\(step.rawValue)] \(error)"
    case .partMissing(let part, let path):
      "\(path): part \(part) of the plan has not been written; run 'wallgen plan EXPORT "
        + "--part \(part) -o PLAN' first, then merge again; no plan is written"
    case .partDiffers(let part, let path):
      "\(path): part \(part) of the plan was made from another export (or the export changed, "
        + "or another wallgen made it); run 'wallgen plan EXPORT --part \(part) -o PLAN' again, "
        + "then merge again; no plan is written"
    case .exclusionDiffers(let path):
      "\(path): the plan was made with another takedown list ('exclude' in the configuration "
        + "file) than this build's; run 'wallgen plan' again with the build's configuration "
        + "file, then the shards; nothing is written"
    }
  }
}
