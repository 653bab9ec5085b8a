import Testing
import WallKit

/// `wallgen plan` and the sharding options of `wallgen build`, parsed.
@Suite struct ShardCommandTests {
  @Test("plan EXPORT -o PLAN parses; without either it is a usage error")
  func planCommand() throws {
    var expected = PlanOptions(export: "export")
    expected.output = "plan.sqlite"
    expected.jobs = 3
    #expect(
      try CommandParser.parse(["plan", "export", "-o", "plan.sqlite", "-j", "3"])
        == .plan(expected))
    #expect(throws: UsageError.self) { try CommandParser.parse(["plan", "export"]) }
    #expect(throws: UsageError.self) { try CommandParser.parse(["plan", "-o", "plan.sqlite"]) }
  }

  @Test("build --plan takes --shard K/N with K counted from 0, or --finalize")
  func shardOptions() throws {
    guard
      case .build(let shard) = try CommandParser.parse(
        ["build", "--plan", "p", "--shard", "6/7", "-o", "site"])
    else {
      Issue.record("not a build")
      return
    }
    #expect(shard.plan == "p")
    #expect(shard.shard == ShardSpec(index: 6, count: 7))
    #expect(shard.output == "site")
    guard case .build(let last) = try CommandParser.parse(["build", "--plan=p", "--finalize"])
    else {
      Issue.record("not a build")
      return
    }
    #expect(last.finalize)
  }

  @Test("build EXPORT takes --engine memory (the default) or plan")
  func engineOption() throws {
    #expect(BuildEngine.standard == .memory)
    for (arguments, engine) in [
      ([] as [String], BuildEngine?.none), (["--engine", "plan"], .plan),
      (["--engine=memory"], .memory),
    ] {
      guard case .build(let options) = try CommandParser.parse(["build", "export"] + arguments)
      else {
        Issue.record("not a build: \(arguments)")
        continue
      }
      #expect(options.engine == engine, "\(arguments)")
      #expect(options.export == "export")
      guard case .serve(let serve) = try CommandParser.parse(["serve", "export"] + arguments)
      else {
        Issue.record("not a serve: \(arguments)")
        continue
      }
      #expect(serve.engine == engine, "serve \(arguments)")
    }
  }

  @Test(
    "sharding options that do not go together are usage errors",
    arguments: [
      ["build", "--plan", "p"],
      ["build", "--plan", "p", "--shard", "7/7"],
      ["build", "--plan", "p", "--shard", "-1/7"],
      ["build", "--plan", "p", "--shard", "1/0"],
      ["build", "--plan", "p", "--shard", "x"],
      ["build", "--plan", "p", "--shard", "0/2", "--finalize"],
      ["build", "--shard", "0/2"],
      ["build", "--finalize"],
      ["build", "export", "--plan", "p", "--finalize"],
      ["build", "export", "--engine", "disk"],
      ["build", "export", "--engine"],
      ["serve", "export", "--engine", "disk"],
      ["build", "--engine", "plan", "--plan", "p", "--finalize"],
    ])
  func badCombinations(_ arguments: [String]) {
    #expect(throws: UsageError.self) { try CommandParser.parse(arguments) }
  }

  @Test("K/N parses only for 0 <= K < N, and each shard's slice of the hash range is its own")
  func shardSlices() throws {
    #expect(ShardSpec("0/1") != nil)
    #expect(ShardSpec("3/3") == nil)
    #expect(ShardSpec("2/7")?.description == "2/7")
    for count in [1, 3, 7, 1000] {
      var next: Int64 = 0
      for index in 0..<count {
        let range = try #require(ShardSpec(index: index, count: count)).hashRange
        #expect(range.lowerBound == next)
        next = range.upperBound
      }
      #expect(next == 1 << 32)
    }
  }

  @Test("the stable hash is the same in every process (not Swift's seeded Hasher)")
  func stableHash() {
    // Fixed values: a change would move every wall and image to another shard.
    #expect(StableHash.of("") == StableHash.of(""))
    #expect(StableHash.of("u1") == 989_196_891)
    #expect(StableHash.of("u2") != StableHash.of("u1"))
    #expect((0..<(1 << 32)).contains(StableHash.of("a long objectId of many characters")))
  }
}
