import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The manifests of deploy/kubernetes are valid for the Kubernetes version the README states,
/// and keep the fields a sharded build depends on.
@Suite(.fullTier) struct KubernetesManifestTests {
  /// The version deploy/README.md names: the oldest with every field the manifests use at its
  /// default (backoffLimitPerIndex is beta and on from 1.29).
  static let kubernetesVersion = "1.29.0"
  static let folder = RepositoryPaths.path("deploy/kubernetes")
  static let files = [
    "volume.yaml", "plan-job.yaml", "merge-job.yaml", "shards-job.yaml", "finalize-job.yaml",
  ]

  static let python = ExternalTool.path("python3")
  static let hasValidator =
    python.map { (try? ExternalTool.run($0, ["-c", "import kubernetes_validate"]))?.status == 0 }
    ?? false
  static let hasYAML =
    python.map { (try? ExternalTool.run($0, ["-c", "import yaml"]))?.status == 0 } ?? false

  /// The manifest `file` as a JSON value (PyYAML turns it into JSON).
  static func manifest(_ file: String) throws -> JSONValue {
    let python = try #require(Self.python)
    let result = try ExternalTool.run(
      python,
      [
        "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
        "\(folder)/\(file)",
      ])
    try #require(result.status == 0, "\(file): \(result.output)")
    return try JSONReader.parse(Array(result.output.utf8))
  }

  /// The wallgen container of a Job manifest.
  static func container(_ job: JSONValue) throws -> JSONValue {
    let containers = try #require(job["spec"]?["template"]?["spec"]?["containers"]?.arrayValue)
    #expect(containers.count == 1)
    return try #require(containers.first)
  }

  static func strings(_ value: JSONValue?) -> [String] {
    value?.arrayValue?.compactMap(\.stringValue) ?? []
  }

  @Test(
    "kubernetes-validate --strict accepts every manifest for Kubernetes 1.29",
    .enabled(if: hasValidator, "needs kubernetes-validate (pip install kubernetes-validate)"))
  func validates() throws {
    let python = try #require(Self.python)
    let result = try ExternalTool.run(
      python,
      ["-m", "kubernetes_validate", "--strict", "-k", Self.kubernetesVersion]
        + Self.files.map { "\(Self.folder)/\($0)" })
    #expect(result.status == 0, "\(result.output)")
    for file in Self.files {
      #expect(result.output.contains("\(file) passed"), "\(result.output)")
    }
  }

  @Test(
    "kubernetes-validate --strict rejects a misspelt field, so the check above can fail",
    .enabled(if: hasValidator, "needs kubernetes-validate (pip install kubernetes-validate)"))
  func rejectsUnknownField() throws {
    let python = try #require(Self.python)
    let temporary = try TemporaryDirectory("manifests")
    let text = String(
      decoding: try FileSystem.readFile("\(Self.folder)/shards-job.yaml", limit: 1 << 20),
      as: UTF8.self)
    let broken = text.replacingOccurrences(
      of: "completionMode: Indexed", with: "completionsMode: Indexed")
    #expect(broken != text)
    try Data(broken.utf8).write(to: URL(fileURLWithPath: temporary.url("shards-job.yaml")))
    let result = try ExternalTool.run(
      python,
      [
        "-m", "kubernetes_validate", "--strict", "-k", Self.kubernetesVersion,
        temporary.url("shards-job.yaml"),
      ])
    #expect(result.status != 0)
    #expect(result.output.contains("completionsMode"), "\(result.output)")
  }

  @Test(
    "the shard Job is Indexed, N everywhere agrees, and the index reaches --shard",
    .enabled(if: hasYAML, "needs python3 with PyYAML (installed with kubernetes-validate)"))
  func shardJobFields() throws {
    let job = try Self.manifest("shards-job.yaml")
    let spec = try #require(job["spec"])
    #expect(job["kind"]?.stringValue == "Job")
    #expect(spec["completionMode"]?.stringValue == "Indexed")
    let completions = try #require(spec["completions"]?.integerValue)
    #expect(spec["parallelism"]?.integerValue == completions)
    let container = try Self.container(job)
    // run.sh replaces env[1] by position with its N: it must be WALLGEN_SHARDS.
    let environment = try #require(container["env"]?.arrayValue)
    #expect(environment.count == 2)
    #expect(environment.first?["name"]?.stringValue == "JOB_COMPLETION_INDEX")
    #expect(
      environment.first?["valueFrom"]?["fieldRef"]?["fieldPath"]?.stringValue
        == "metadata.annotations['batch.kubernetes.io/job-completion-index']")
    #expect(environment.last?["name"]?.stringValue == "WALLGEN_SHARDS")
    #expect(environment.last?["value"]?.stringValue == String(completions))
    #expect(Self.strings(container["command"]) == ["wallgen"])
    let arguments = Self.strings(container["args"])
    let shard = try #require(arguments.firstIndex(of: "--shard"))
    #expect(arguments.dropFirst(shard + 1).first == "$(JOB_COMPLETION_INDEX)/$(WALLGEN_SHARDS)")
    #expect(Array(arguments.prefix(3)) == ["build", "--plan", "/data/plan"])
    #expect(arguments.firstIndex(of: "-o").map { arguments[$0 + 1] } == "/data/site")
  }

  @Test(
    "plan, shards and finalize share the plan and site paths on one ReadWriteMany volume",
    .enabled(if: hasYAML, "needs python3 with PyYAML (installed with kubernetes-validate)"))
  func sharedVolume() throws {
    let volume = try Self.manifest("volume.yaml")
    #expect(volume["kind"]?.stringValue == "PersistentVolumeClaim")
    #expect(Self.strings(volume["spec"]?["accessModes"]) == ["ReadWriteMany"])
    let claim = try #require(volume["metadata"]?["name"]?.stringValue)
    var names: [String] = []
    for file in Self.files.dropFirst() {
      let job = try Self.manifest(file)
      names.append(job["metadata"]?["name"]?.stringValue ?? "")
      let pod = try #require(job["spec"]?["template"]?["spec"])
      #expect(pod["restartPolicy"]?.stringValue == "Never", "\(file)")
      let volumes = try #require(pod["volumes"]?.arrayValue)
      let data = volumes.first { $0["persistentVolumeClaim"]?["claimName"]?.stringValue == claim }
      let container = try Self.container(job)
      let mounts = container["volumeMounts"]?.arrayValue ?? []
      #expect(
        mounts.contains {
          $0["name"]?.stringValue == data?["name"]?.stringValue
            && $0["mountPath"]?.stringValue == "/data"
        }, "\(file) mounts the claim \(claim) at /data")
      for key in ["requests", "limits"] {
        #expect(container["resources"]?[key]?["memory"]?.stringValue != nil, "\(file) \(key)")
      }
    }
    #expect(names == ["wallgen-plan", "wallgen-plan-merge", "wallgen-shards", "wallgen-finalize"])
    let planJob = try Self.manifest("plan-job.yaml")
    #expect(planJob["spec"]?["completionMode"]?.stringValue == "Indexed")
    let plan = Self.strings(try Self.container(planJob)["args"])
    #expect(
      Array(plan.prefix(6)) == [
        "plan", "/data/export", "--part", "$(JOB_COMPLETION_INDEX)/$(WALLGEN_PLAN_PARTS)", "-o",
        "/data/plan",
      ])
    // run.sh replaces env[1] of the parts and env[0] of the merge by position with its N.
    let partsEnvironment = try Self.container(planJob)["env"]?.arrayValue ?? []
    #expect(
      partsEnvironment.map { $0["name"]?.stringValue } == [
        "JOB_COMPLETION_INDEX", "WALLGEN_PLAN_PARTS",
      ])
    #expect(
      partsEnvironment.last?["value"]?.stringValue
        == planJob["spec"]?["completions"]?.integerValue.map(String.init))
    let mergeJob = try Self.container(try Self.manifest("merge-job.yaml"))
    #expect(
      Array(Self.strings(mergeJob["args"]).prefix(6)) == [
        "plan", "/data/export", "--merge", "$(WALLGEN_PLAN_PARTS)", "-o", "/data/plan",
      ])
    #expect(mergeJob["env"]?.arrayValue?.first?["name"]?.stringValue == "WALLGEN_PLAN_PARTS")
    let finalize = Self.strings(try Self.container(try Self.manifest("finalize-job.yaml"))["args"])
    #expect(Array(finalize.prefix(4)) == ["build", "--plan", "/data/plan", "--finalize"])
    #expect(finalize.firstIndex(of: "-o").map { finalize[$0 + 1] } == "/data/site")
  }

  static let kubectl = ExternalTool.path("kubectl")

  /// A stand-in kubectl in `folder`: it logs each call, saves what is applied from stdin as
  /// applied-<n>.yaml, reports each Job Complete (or Failed when named by FAIL_JOB), and hands
  /// `patch --local` (offline) to the real kubectl.
  static func fakeKubectl(in folder: String, real: String) throws -> String {
    let script = """
      #!/usr/bin/env bash
      echo "$*" >>'\(folder)/calls'
      case "$1" in
        patch) exec '\(real)' "$@" ;;
        apply)
          if [[ "$*" == *"-f -"* ]]; then
            n=$(ls '\(folder)' | grep -c '^applied-' || true)
            cat >"\(folder)/applied-$n.yaml"
          fi ;;
        get) [[ "$3" == "${FAIL_JOB:-}" ]] && echo -n "Failed " || echo -n "Complete " ;;
      esac
      """
    let path = "\(folder)/kubectl"
    try Data((script + "\n").utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
  }

  @Test(
    "run.sh applies plan parts, merge, shards and finalize in order, each after the one before completed",
    .enabled(if: kubectl != nil && hasYAML, "needs kubectl (for patch --local) and PyYAML"))
  func runOrder() throws {
    let temporary = try TemporaryDirectory("kubectl")
    let fake = try Self.fakeKubectl(in: temporary.path, real: try #require(Self.kubectl))
    let result = try ExternalTool.run(
      RepositoryPaths.path("deploy/kubernetes/run.sh"), ["7"],
      environment: ["KUBECTL": fake, "WALLGEN_IMAGE": "example/wallgen:9"])
    #expect(result.status == 0, "\(result.output)")
    let calls = String(
      decoding: try FileSystem.readFile(temporary.url("calls"), limit: 1 << 20), as: UTF8.self
    ).split(separator: "\n").map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
    #expect(
      calls.filter { !$0.hasPrefix("patch") } == [
        "apply -f \(Self.folder)/volume.yaml", "delete job wallgen-plan",
        "apply -f -", "get job wallgen-plan", "apply -f -", "get job wallgen-plan-merge",
        "apply -f -", "get job wallgen-shards", "apply -f -", "get job wallgen-finalize",
      ])
    var applied: [String: JSONValue] = [:]
    for index in 0..<4 {
      let python = try #require(Self.python)
      let json = try ExternalTool.run(
        python,
        [
          "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
          temporary.url("applied-\(index).yaml"),
        ])
      let job = try JSONReader.parse(Array(json.output.utf8))
      applied[job["metadata"]?["name"]?.stringValue ?? "?"] = job
      #expect(try Self.container(job)["image"]?.stringValue == "example/wallgen:9")
    }
    let parts = try #require(applied["wallgen-plan"])
    #expect(parts["spec"]?["completions"]?.integerValue == 7)
    #expect(try Self.container(parts)["env"]?.arrayValue?.last?["value"]?.stringValue == "7")
    let merge = try #require(applied["wallgen-plan-merge"])
    #expect(try Self.container(merge)["env"]?.arrayValue?.first?["value"]?.stringValue == "7")
    let shards = try #require(applied["wallgen-shards"])
    #expect(shards["spec"]?["completions"]?.integerValue == 7)
    #expect(shards["spec"]?["parallelism"]?.integerValue == 7)
    #expect(try Self.container(shards)["env"]?.arrayValue?.last?["value"]?.stringValue == "7")
    #expect(
      try Self.container(shards)["env"]?.arrayValue?.first?["name"]?.stringValue
        == "JOB_COMPLETION_INDEX")
  }

  @Test(
    "run.sh stops at a failed Job: finalize is never applied after failed shards",
    .enabled(if: kubectl != nil, "needs kubectl (for patch --local)"))
  func runStopsAtFailure() throws {
    let temporary = try TemporaryDirectory("kubectl")
    let fake = try Self.fakeKubectl(in: temporary.path, real: try #require(Self.kubectl))
    let result = try ExternalTool.run(
      RepositoryPaths.path("deploy/kubernetes/run.sh"), ["3"],
      environment: ["KUBECTL": fake, "FAIL_JOB": "wallgen-shards"])
    #expect(result.status == 1, "\(result.output)")
    #expect(result.output.contains("wallgen-shards failed"), "\(result.output)")
    let calls = String(
      decoding: try FileSystem.readFile(temporary.url("calls"), limit: 1 << 20), as: UTF8.self)
    #expect(!calls.contains("finalize-job.yaml"))
    #expect(!calls.contains("get job wallgen-finalize"))
  }
}
