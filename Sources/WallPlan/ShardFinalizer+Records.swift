extension ShardFinalizer {
  /// The records of every shard of the run, all finished for this plan and these settings.
  ///
  /// The run is that of the records present (a shard sets aside the records of other
  /// counts when it starts).
  /// - Throws: `PlanError.shardsDiffer` naming the shards made with other settings or from
  ///   another plan, `.shardsMissing`, `.noShardFinished` or `.mixedShardCounts`.
  static func finishedRecords(
    stateRoot: String, plan: String, fingerprint: String, settings: ShardSettings
  ) throws(PlanError) -> [ShardRecord] {
    let present = ShardRecord.present(stateRoot: stateRoot)
    let counts = Set(present.map(\.count))
    guard let count = counts.first else { throw .noShardFinished }
    guard counts.count == 1 else { throw .mixedShardCounts(counts.sorted()) }
    let found = Set(present.map(\.index))
    var valid: [ShardRecord] = []
    var differing: [ShardMismatch] = []
    var missing: [ShardSpec] = []
    for index in 0..<count {
      guard let shard = ShardSpec(index: index, count: count) else { continue }
      guard found.contains(index),
        let record = ShardRecord.load(shard, stateRoot: stateRoot, lists: false),
        record.finished, record.listedLeftovers == 0
      else {
        missing.append(shard)
        continue
      }
      if record.plan == plan, record.fingerprint == fingerprint {
        valid.append(record)
        continue
      }
      var differences = record.settings.differences(from: settings)
      if differences.isEmpty {
        differences = [record.plan == plan ? "other options" : "another plan"]
      }
      differing.append(ShardMismatch(shard: shard, differences: differences))
    }
    guard differing.isEmpty else { throw .shardsDiffer(differing, missing: missing) }
    guard missing.isEmpty else { throw .shardsMissing(missing) }
    return valid
  }
}
