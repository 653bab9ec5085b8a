import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// deploy/slurm on a real single-node Slurm cluster (Debian's slurm-wlm and munge), started by
/// deploy/slurm/local-cluster.sh for each test and stopped after it, also when it fails.
@Suite(.fullTier, .serialized) struct SlurmDeployTests {
  static let tools = ["sbatch", "squeue", "scontrol", "slurmctld", "slurmd", "munged"]
  /// Why the cluster cannot run here, or nil when it can.
  static let unavailable: String? = {
    if getuid() != 0 { return "not root: slurmd runs jobs as their user" }
    let missing = tools.filter { ExternalTool.path($0) == nil && !isSystemTool($0) }
    if !missing.isEmpty {
      return "no \(missing.joined(separator: ", ")) (apt-get install slurm-wlm munge)"
    }
    return nil
  }()

  static func isSystemTool(_ name: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/sbin/\(name)")
  }

  static let localCluster = RepositoryPaths.path("deploy/slurm/local-cluster.sh")
  static let submit = RepositoryPaths.path("deploy/slurm/submit.sh")

  /// Starts a cluster in `folder`/cluster, runs `body` with its SLURM_CONF, and stops it.
  static func withCluster(in folder: TemporaryDirectory, _ body: (String) throws -> Void) throws {
    let clusterFolder = folder.url("cluster")
    let environment = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
    let start = try ExternalTool.run(
      localCluster, ["start", clusterFolder], environment: environment)
    defer { _ = try? ExternalTool.run(localCluster, ["stop", clusterFolder]) }
    try #require(start.status == 0, "the cluster did not start: \(start.output)")
    try body("\(clusterFolder)/slurm.conf")
  }

  @Test(
    "submit.sh with 4 plan parts, a merge and 4 shards builds the site of a one-process build, byte for byte; again, it writes nothing",
    .enabled(if: unavailable == nil, "\(unavailable ?? "")"),
    .enabled(if: BuiltProduct.wallgen != nil, "no wallgen executable beside the test bundle"))
  func fourTasksEqualOneBuild() throws {
    let wallgen = try #require(BuiltProduct.wallgen)
    let folder = try TemporaryDirectory("slurm")
    try EverythingExport.write(to: folder.url("export"))
    let single = try ExternalTool.run(
      wallgen, ["build", folder.url("export"), "-o", folder.url("single"), "--quiet"])
    #expect(single.status == 0, "\(single.output)")
    try Self.withCluster(in: folder) { configuration in
      let result = try ExternalTool.run(
        Self.submit, [folder.url("export"), folder.url("site"), "4", "--wait"],
        environment: ["SLURM_CONF": configuration, "WALLGEN": wallgen, "WALLGEN_TIMEOUT": "120"])
      #expect(result.status == 0, "\(result.output)")
      let lines = result.output.split(separator: "\n").map(String.init)
      for job in ["plan", "merge", "shards", "finalize"] {
        #expect(lines.contains { $0.hasPrefix("\(job) ") }, "no \(job) job id: \(result.output)")
      }
      let logs = SiteTree.files(in: folder.url("site.logs"))
      for task in 0..<4 {
        let planLog = try #require(
          logs.first { $0.hasPrefix("plan-") && $0.hasSuffix("_\(task).out") })
        let planText = String(
          decoding: try FileSystem.readFile(folder.url("site.logs/\(planLog)"), limit: 1 << 20),
          as: UTF8.self)
        #expect(planText.contains("part \(task) of 4"), "\(planLog): \(planText)")
        let log = try #require(
          logs.first { $0.hasPrefix("shard-") && $0.hasSuffix("_\(task).out") })
        let text = String(
          decoding: try FileSystem.readFile(folder.url("site.logs/\(log)"), limit: 1 << 20),
          as: UTF8.self)
        #expect(text.contains("task \(task) of 4"), "\(log): \(text)")
      }
      let expected = try SiteTree.contents(of: folder.url("single"))
      let built = try SiteTree.contents(of: folder.url("site"))
      #expect(expected.count > 20)
      #expect(built.keys.sorted() == expected.keys.sorted())
      let different = built.keys.filter { built[$0] != expected[$0] }.sorted()
      #expect(different.isEmpty, "files differ from the one-process build: \(different.prefix(5))")

      // Submitted again with nothing changed: every shard and finalize leave every file as it is.
      let versions = try SiteTree.versions(of: folder.url("site"))
      let again = try ExternalTool.run(
        Self.submit, [folder.url("export"), folder.url("site"), "4", "--wait"],
        environment: ["SLURM_CONF": configuration, "WALLGEN": wallgen, "WALLGEN_TIMEOUT": "120"])
      #expect(again.status == 0, "\(again.output)")
      #expect(try SiteTree.contents(of: folder.url("site")) == expected)
      let touched = SiteTree.touched(
        from: versions, to: try SiteTree.versions(of: folder.url("site")))
      #expect(touched.isEmpty, "an unchanged build rewrote \(touched.prefix(5))")
    }
  }

  @Test(
    "a failed array task cancels finalize, and submit.sh --wait exits 1 naming the task",
    .enabled(if: unavailable == nil, "\(unavailable ?? "")"))
  func failedTaskIsNamed() throws {
    let folder = try TemporaryDirectory("slurm")
    // A stand-in wallgen whose shard 2 of 3 fails; it logs every call.
    let fake = folder.url("wallgen")
    let script = """
      #!/usr/bin/env bash
      echo "$*" >>'\(folder.url("calls"))'
      [[ "$*" == *"--shard 2/3 "* ]] && exit 3
      exit 0
      """
    try Data((script + "\n").utf8).write(to: URL(fileURLWithPath: fake))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
    try FileManager.default.createDirectory(
      atPath: folder.url("export"), withIntermediateDirectories: true)
    try Self.withCluster(in: folder) { configuration in
      let result = try ExternalTool.run(
        Self.submit, [folder.url("export"), folder.url("site"), "3", "--wait"],
        environment: ["SLURM_CONF": configuration, "WALLGEN": fake, "WALLGEN_TIMEOUT": "120"])
      #expect(result.status == 1, "\(result.output)")
      #expect(result.output.contains("wallgen-shard task 2: FAILED"), "\(result.output)")
      #expect(result.output.contains("wallgen-finalize: CANCELLED"), "\(result.output)")
      let calls = String(
        decoding: try FileSystem.readFile(folder.url("calls"), limit: 1 << 20), as: UTF8.self)
      for task in 0..<3 {
        #expect(
          calls.contains(
            "plan \(folder.url("export")) --part \(task)/3 -o \(folder.url("site.plan"))"),
          "\(calls)")
        #expect(calls.contains("--shard \(task)/3 -o \(folder.url("site"))"), "\(calls)")
      }
      #expect(
        calls.contains("plan \(folder.url("export")) --merge 3 -o \(folder.url("site.plan"))"),
        "\(calls)")
      #expect(!calls.contains("--finalize"), "finalize ran after a failed shard: \(calls)")
    }
  }
}
