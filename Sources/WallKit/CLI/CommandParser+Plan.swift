import WallPlan

extension CommandParser {
  /// Refuses sharding options that do not go together: `--plan` with exactly one of
  /// `--shard K/N` and `--finalize`, and no export.
  static func checkSharding(_ options: BuildOptions) throws(UsageError) {
    if options.engine == .plan, options.plan != nil {
      throw UsageError(
        "'--engine plan' builds from an export; '--plan' builds from a plan already made",
        command: "build")
    }
    guard options.plan != nil else {
      if options.shard != nil || options.finalize {
        throw UsageError(
          "'\(options.finalize ? "--finalize" : "--shard")' needs '--plan PLAN'", command: "build")
      }
      return
    }
    if options.allowMissing {
      throw UsageError(
        "'--allow-missing' applies to a build from an export, not to one with '--plan'",
        command: "build")
    }
    if options.shard != nil && options.finalize {
      throw UsageError("'--shard' and '--finalize' cannot be combined", command: "build")
    }
    if options.shard == nil && !options.finalize {
      throw UsageError(
        "'--plan' needs '--shard K/N' (one shard) or '--finalize' (after every shard)",
        command: "build")
    }
    if let export = options.export {
      throw UsageError(
        "unexpected argument '\(export)': a build with '--plan' reads the export the plan names",
        command: "build")
    }
  }
}

extension ArgumentReader {
  /// Reads `--plan PLAN`, `--shard K/N` or `--finalize` into `options`.
  mutating func shardingOption(_ argument: String, into options: inout BuildOptions)
    throws(UsageError)
  {
    switch argument {
    case "--plan": options.plan = try value(for: argument)
    case "--shard":
      options.shard = try shardSpec(for: argument)
    default: options.finalize = try flag(for: argument)
    }
  }
}

extension ArgumentReader {
  /// Reads `--part K/N` or `--merge N` of `wallgen plan` into `options`.
  mutating func planPartOption(_ argument: String, into options: inout PlanOptions)
    throws(UsageError)
  {
    if argument == "--part" {
      options.part = try shardSpec(for: argument)
    } else {
      let text = try value(for: argument)
      guard let count = Int(text), count >= 1, count <= ShardSpec.maximumCount else {
        throw UsageError(
          "option '--merge' needs the number of parts, 1 to "
            + "\(ShardList.grouped(ShardSpec.maximumCount)), not '\(text)'",
          command: command)
      }
      options.merge = count
    }
  }
}

extension ArgumentReader {
  /// Reads the K/N value of `--shard` or `--part` (K counts from 0).
  mutating func shardSpec(for argument: String) throws(UsageError) -> ShardSpec {
    let text = try value(for: argument)
    guard let spec = ShardSpec(text) else {
      throw UsageError(
        "option '\(argument)' needs K/N with 0 <= K < N <= "
          + "\(ShardList.grouped(ShardSpec.maximumCount)) "
          + "(K counts from 0, as SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX do), not '\(text)'",
        command: command)
    }
    return spec
  }
}
