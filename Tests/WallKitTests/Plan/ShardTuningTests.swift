import Testing

@testable import WallPlan

/// The benchmark settings a shard reads from the environment.
@Suite struct ShardTuningTests {
  @Test("no variable: locality order, the default bound, no statistics")
  func defaults() throws {
    #expect(try ShardTuning(environment: [:]) == ShardTuning())
    #expect(ShardTuning().localityOrder)
    #expect(ShardTuning().batchUsers == nil)
  }

  @Test("the order, the bound and the statistics are read")
  func values() throws {
    let tuning = try ShardTuning(environment: [
      "WALLGEN_SHARD_ORDER": "objectid", "WALLGEN_SHARD_USERS": "512", "WALLGEN_SHARD_STATS": "1",
    ])
    #expect(!tuning.localityOrder)
    #expect(tuning.batchUsers == 512)
    #expect(tuning.printsStatistics)
    #expect(try !ShardTuning(environment: ["WALLGEN_SHARD_STATS": "0"]).printsStatistics)
  }

  @Test("a value the variable does not take is refused, naming it")
  func invalidValues() {
    let order = #expect(throws: ShardTuning.Invalid.self) {
      try ShardTuning(environment: ["WALLGEN_SHARD_ORDER": "bfs"])
    }
    #expect(order?.description == "WALLGEN_SHARD_ORDER must be locality or objectid, not 'bfs'")
    let users = #expect(throws: ShardTuning.Invalid.self) {
      try ShardTuning(environment: ["WALLGEN_SHARD_USERS": "0"])
    }
    #expect(users?.description == "WALLGEN_SHARD_USERS must be a positive number, not '0'")
  }
}
