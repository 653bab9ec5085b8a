import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// What the compiler cannot see of the stages' layering (docs/architecture.md).
///
/// The stages are SwiftPM targets, so the compiler refuses a use of a stage a target does not
/// depend on. Checked here: every stage folder is a target, and `Package.swift` gives no stage
/// an edge to a later one.
@Suite struct LayeringTests {
  /// The stage targets, earliest first: each may depend only on stages before it.
  static let order = [
    "WallSupport", "WallReport", "WallJSON", "WallZip", "WallModel", "WallImport", "WallImaging",
    "WallMedia", "WallRender", "WallSite", "WallPlan", "WallWatch", "WallPreview", "WallWACZ",
    "WallArchive",
    "WallFetch", "WallKit",
  ]

  /// The text of `Package.swift`.
  static func manifest() throws -> String {
    let bytes = try FileSystem.readFile(RepositoryPaths.path("Package.swift"), limit: 1 << 20)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The `Wall*` dependencies of each target that `text` (a `Package.swift`) declares with
  /// `.target(name: "Wall…", dependencies: [...])`, by target name.
  static func declaredTargets(in text: String) -> [String: [String]] {
    var targets: [String: [String]] = [:]
    for piece in text.components(separatedBy: ".target(").dropFirst() {
      let fields = piece.split(separator: "\"", omittingEmptySubsequences: false)
      guard fields.count > 1, piece.hasPrefix("\n") || piece.hasPrefix("name:") else { continue }
      let name = String(fields[1])
      var dependencies: [String] = []
      if let list = piece.range(of: "dependencies: ["),
        let end = piece[list.upperBound...].firstIndex(of: "]")
      {
        dependencies = piece[list.upperBound..<end]
          .split(separator: "\"").map(String.init).filter { $0.hasPrefix("Wall") }
      }
      targets[name] = dependencies
    }
    return targets
  }

  /// Each dependency of a stage in `targets` on a stage that is not before it.
  static func backwardEdges(_ targets: [String: [String]]) -> [String] {
    let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    var found: [String] = []
    for stage in order {
      guard let position = rank[stage] else { continue }
      for dependency in targets[stage] ?? [] where (rank[dependency] ?? Int.max) >= position {
        found.append("\(stage) -> \(dependency)")
      }
    }
    return found
  }

  @Test("every Sources/Wall* folder of the library is a stage target of Package.swift")
  func everyFolderIsATarget() throws {
    let root = RepositoryPaths.path("Sources")
    let folders = FileSystem.contents(of: root).filter {
      $0.hasPrefix("Wall") && FileSystem.kind(of: "\(root)/\($0)") == .directory
    }
    let outside: Set = ["WallSynth", "WallKitTestSupport"]
    #expect(Set(folders).subtracting(outside) == Set(Self.order))
    let targets = Self.declaredTargets(in: try Self.manifest())
    for stage in Self.order {
      #expect(targets[stage] != nil, "Package.swift declares no target \(stage)")
    }
  }

  @Test("no stage target depends on a later stage in Package.swift")
  func edgesRunForward() throws {
    let edges = Self.backwardEdges(Self.declaredTargets(in: try Self.manifest()))
    #expect(edges.isEmpty, "\(edges)")
  }

  @Test("every stage file imports only stages its target depends on")
  func importsAreDeclared() throws {
    // SwiftPM finds any module already built, so an `import` of a stage that is not a
    // dependency can compile in an incremental build; it must not be there.
    let targets = Self.declaredTargets(in: try Self.manifest())
    for stage in Self.order {
      let folder = RepositoryPaths.path(
        stage == "WallKit" ? "Sources/WallKit/CLI" : "Sources/\(stage)")
      let allowed = Set(targets[stage] ?? [])
      for file in FileSystem.contents(of: folder) where file.hasSuffix(".swift") {
        let bytes = try FileSystem.readFile("\(folder)/\(file)", limit: 1 << 22)
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        where line.hasPrefix("import Wall") {
          let module = String(line.dropFirst("import ".count))
          #expect(allowed.contains(module), "\(stage)/\(file) imports \(module)")
        }
      }
    }
  }

  @Test("a dependency on a later stage is found")
  func backwardEdgeIsFound() {
    let text = """
      .target(name: "WallModel", dependencies: ["WallReport", "CZip"], swiftSettings: s),
      .target(
        name: "WallImport",
        dependencies: ["WallModel", "WallSite"]),
      """
    let targets = Self.declaredTargets(in: text)
    #expect(targets == ["WallModel": ["WallReport"], "WallImport": ["WallModel", "WallSite"]])
    #expect(Self.backwardEdges(targets) == ["WallImport -> WallSite"])
  }
}
