import Foundation
import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// `wallgen build EXPORT --engine plan` (`PlanEngineBuild`) makes the in-memory build's site,
/// byte for byte, and reports it in the same counts and problems: first, again with nothing to
/// do, and after the export changed.
@Suite(.fullTier, .serialized) struct PlanEngineBuildTests {
  static let secret = Array("a secret of thirty-two bytes....".utf8)

  /// Builds `export` into `folder/memory` with `SiteBuilder` and into `folder/plan` with
  /// `PlanEngineBuild`; expects the same files, summary and problems.
  @discardableResult
  static func expectSameBuilds(
    _ export: String, in folder: TemporaryDirectory, secret: [UInt8]?, _ label: String
  ) throws -> (memory: BuildResult, plan: BuildResult) {
    let memory = try SiteBuilder(
      settings: ShardFixture.settings(folder.url("memory"), export: export, secret: secret)
    ).build()
    let plan = try PlanEngineBuild(
      settings: ShardFixture.settings(folder.url("plan"), export: export, secret: secret)
    ).build()
    let (expected, built) = (
      try ShardFixture.digests(of: folder.url("memory")),
      try ShardFixture.digests(of: folder.url("plan"))
    )
    #expect(built.count == expected.count, "\(label): \(built.count) files, not \(expected.count)")
    #expect(
      expected.keys.filter { built[$0] != expected[$0] }.sorted() == [], "\(label): files differ")
    #expect(plan.summary.line == memory.summary.line, "\(label)")
    #expect(plan.report.sorted == memory.report.sorted, "\(label): problems")
    // What a private build's list of links and a web archive are made from.
    #expect(try plan.walls.entries() == memory.walls.entries(), "\(label): walls")
    return (memory, plan)
  }

  /// A 60-user export with random friendships, an image and a comment per user by default.
  static func graph(seed: UInt64, edges: Int = 40, imagesPerUser: Double = 1) -> SyntheticExport {
    ShardFixture.randomGraph(
      edges: edges, edgeSeed: seed, imagesPerUser: imagesPerUser, commentsPerImage: 1, seed: seed)
  }

  @Test(
    "the plan engine builds the in-memory engine's site, public and private, again with nothing to do",
    arguments: ["demo", "everything", "hostile"])
  func sameSite(_ name: String) throws {
    // The hostile export links to the folder holding it: the sites go elsewhere.
    let exportFolder = try TemporaryDirectory("plan-engine-export")
    let export = try PlanPartsTests.write(name, in: exportFolder)
    for secret in [nil, Self.secret] {
      let folder = try TemporaryDirectory("plan-engine")
      let label = "\(name), \(secret == nil ? "public" : "private")"
      try Self.expectSameBuilds(export, in: folder, secret: secret, label)
      let again = try Self.expectSameBuilds(export, in: folder, secret: secret, "\(label) again")
      #expect(again.plan.summary.filesWritten == 0, "\(label): nothing to do")
      #expect(again.plan.summary.imagesProcessed == 0, "\(label): every image reused")
    }
  }

  @Test(
    "with nothing to do the plan engine writes nothing, not even its state; an edited page is restored"
  )
  func nothingToDo() throws {
    let folder = try TemporaryDirectory("plan-engine-noop")
    let export = RepositoryPaths.path("Examples/demo-export")
    try Self.expectSameBuilds(export, in: folder, secret: nil, "first")
    let state = SiteBuilder.stateFolder(for: folder.url("plan"))
    let kept = ["last-build.json", "manifest.txt", "plan.sqlite"].map { "\(state)/\($0)" }
    let before = try kept.map { try #require(FileSystem.identity(of: $0), "\($0)") }
    try Self.expectSameBuilds(export, in: folder, secret: nil, "again")
    #expect(try kept.map { try #require(FileSystem.identity(of: $0)) } == before)
    // A page edited since: the site is not as the last build left it, and is built again.
    for engine in ["memory", "plan"] {
      try FileSystem.writeAtomically("edited", to: folder.url("\(engine)/index.html"))
    }
    let edited = try Self.expectSameBuilds(export, in: folder, secret: nil, "edited")
    #expect(edited.plan.summary.filesWritten == 1)
    #expect(kept.map { FileSystem.identity(of: $0) } != before.map { Optional($0) })
  }

  @Test(
    "with --strict, a problem of the export or of an image refuses the build as the in-memory engine does; the site stays as it was"
  )
  func strict() throws {
    let folder = try TemporaryDirectory("plan-engine-strict")
    let root = folder.url("export")
    var export = Self.graph(seed: 7)
    for index in export.images.indices { export.images[index].readers = nil }
    for index in export.comments.indices { export.comments[index].readers = nil }
    try ShardFixture.writePredictable(export, to: root)
    let clean = try Self.expectSameBuilds(root, in: folder, secret: nil, "clean")
    #expect(clean.plan.report.problems == [], "a clean export: \(clean.plan.report.problems)")
    let sites = ["memory", "plan"].map { folder.url($0) }
    let before = try sites.map(ShardFixture.digests(of:))
    let file = "\(root)/files/\(export.images[3].fileName)"
    // A photo whose file is missing (the plan reports it), then one whose pixels cannot be
    // decoded (its header reads: only the media step finds it).
    for (change, problem) in [
      ({ try FileSystem.removeFile(file) }, "missing file"),
      ({ try FileSystem.writeAtomically(ShardFixture.corruptPNG(), to: file) }, "decoded"),
    ] as [(() throws -> Void, String)] {
      try change()
      var settings = sites.map { ShardFixture.settings($0, export: root) }
      for index in settings.indices { settings[index].strict = true }
      let memory = #expect(throws: BuildError.self) {
        try SiteBuilder(settings: settings[0]).build()
      }
      let plan = #expect(throws: PlanError.self) {
        try PlanEngineBuild(settings: settings[1]).build()
      }
      guard case .strict(let expected)? = memory, case .build(.strict(let refused))? = plan
      else {
        Issue.record(
          "not refused as strict: \(String(describing: memory)), \(String(describing: plan))")
        continue
      }
      #expect(refused == expected)
      #expect(refused.contains { $0.reason.contains(problem) }, "\(refused)")
      #expect(try sites.map(ShardFixture.digests(of:)) == before, "the sites are as they were")
    }
    // Without --strict, both publish the site with the problem.
    try Self.expectSameBuilds(root, in: folder, secret: nil, "not strict")
  }

  @Test(
    "an export that lost a part the last build read is refused as the in-memory engine refuses it, unless allowed"
  )
  func lostParts() throws {
    let folder = try TemporaryDirectory("plan-engine-lost")
    let root = folder.url("export")
    try ShardFixture.writePredictable(Self.graph(seed: 8), to: root)
    try Self.expectSameBuilds(root, in: folder, secret: nil, "whole")
    let sites = ["memory", "plan"].map { folder.url($0) }
    let before = try sites.map(ShardFixture.digests(of:))
    for (lose, missing) in [
      ({ try FileSystem.removeFile("\(root)/WallImageComment.json") }, ["WallImageComment.json"]),
      (
        { try FileManager.default.removeItem(atPath: "\(root)/files") },
        ["WallImageComment.json", "files/"]
      ),
    ] as [(() throws -> Void, [String])] {
      try lose()
      let settings = sites.map { ShardFixture.settings($0, export: root) }
      let memory = #expect(throws: BuildError.self) {
        try SiteBuilder(settings: settings[0]).build()
      }
      let plan = #expect(throws: PlanError.self) {
        try PlanEngineBuild(settings: settings[1]).build()
      }
      guard case .missingParts(let expected, let problems)? = memory,
        case .build(.missingParts(let refused, let reported))? = plan
      else {
        Issue.record("not refused: \(String(describing: memory)), \(String(describing: plan))")
        continue
      }
      #expect(expected == missing)
      #expect(refused == expected)
      #expect(reported == problems)
      #expect(try sites.map(ShardFixture.digests(of:)) == before, "the sites are as they were")
    }
    var allowed = sites.map { ShardFixture.settings($0, export: root) }
    for index in allowed.indices { allowed[index].allowMissingParts = true }
    _ = try SiteBuilder(settings: allowed[0]).build()
    _ = try PlanEngineBuild(settings: allowed[1]).build()
    let after = try sites.map(ShardFixture.digests(of:))
    #expect(after[0] == after[1])
    #expect(after[1] != before[1])
    // The parts it read are now the record's: the next build goes ahead.
    try Self.expectSameBuilds(root, in: folder, secret: nil, "after the loss")
  }

  @Test("after the export changes, the plan engine's site and counts are the in-memory engine's")
  func changedExport() throws {
    let folder = try TemporaryDirectory("plan-engine-changed")
    let root = folder.url("export")
    try ShardFixture.write(Self.graph(seed: 5), to: root)
    try Self.expectSameBuilds(root, in: folder, secret: nil, "first")
    // Written over the first: the class files change, the earlier files stay beside.
    try ShardFixture.write(Self.graph(seed: 6, edges: 50, imagesPerUser: 1.5), to: root)
    let changed = try Self.expectSameBuilds(root, in: folder, secret: nil, "changed")
    #expect(changed.plan.summary.filesWritten > 0)
    #expect(changed.plan.summary.filesRemoved > 0)
  }

  @Test(
    "the plan engine refuses a folder no wallgen made, as the in-memory engine does, writing nothing"
  )
  func foreignFolder() throws {
    let folder = try TemporaryDirectory("plan-engine-foreign")
    let output = folder.url("site")
    try FileSystem.createDirectory(output)
    try FileSystem.writeAtomically("mine", to: "\(output)/notes.txt")
    let settings = ShardFixture.settings(
      output, export: RepositoryPaths.path("Examples/demo-export"))
    #expect(throws: PlanError.self) { try PlanEngineBuild(settings: settings).build() }
    #expect(SiteTree.files(in: output) == ["notes.txt"])
    #expect(FileSystem.kind(of: SiteBuilder.stateFolder(for: output)) == .missing)
  }
}

extension PlanEngineBuildTests {
  /// What `wallgen` printed but its progress lines (`[2/5] media …`: each engine has its
  /// steps), with the seconds and the output folder's name taken out.
  static func comparable(_ output: String, site: String) -> String {
    output.replacing(site, with: "SITE").split(separator: "\n").filter { !$0.hasPrefix("[") }
      .map { $0.replacing(#/\sin [0-9.]+ s$/#, with: " in … s") }.joined(separator: "\n")
  }

  @Test(
    "wallgen build --engine plan prints what the in-memory engine prints, private URL list included",
    .enabled(if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle"))
  func sameCommandOutput() throws {
    let folder = try TemporaryDirectory("plan-engine-cli")
    let secret = folder.url("secret")
    try FileSystem.writeAtomically(String(decoding: Self.secret, as: UTF8.self), to: secret)
    let demo = RepositoryPaths.path("Examples/demo-export")
    for visibility in [[], ["--private", "--secret-file", secret]] {
      var printed: [String] = []
      for engine in ["memory", "plan"] {
        let site = folder.url("\(engine)\(visibility.isEmpty ? "" : "-private")")
        let run = try PlanPartsTests.wallgen(
          ["build", demo, "-o", site, "--engine", engine, "-j", "2"] + visibility)
        #expect(run.status == 0, "\(engine): \(run.output)")
        let steps = BuildStep.build
        #expect(
          run.output.contains("[\(steps.count)/\(steps.count)] \(steps.last?.rawValue ?? "")"),
          "\(engine): its steps numbered in one list: \(run.output)")
        printed.append(Self.comparable(run.output, site: site))
      }
      #expect(printed[0] == printed[1])
      #expect(printed[0].contains("built 12 walls"), "\(printed[0])")
    }
  }
}
