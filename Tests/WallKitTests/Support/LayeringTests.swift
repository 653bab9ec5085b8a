import Testing
import WallKitTestSupport

/// The stages of `Sources/WallKit` depend only on stages before them (docs/architecture.md).
@Suite struct LayeringTests {
  static let root = RepositoryPaths.path("Sources/WallKit")

  @Test("every folder of Sources/WallKit is a stage of the pipeline's order")
  func everyFolderHasAPlace() throws {
    let folders = try StageLayering.sources(under: Self.root)
    #expect(Set(folders.keys) == Set(StageLayering.order))
    for folder in StageLayering.order {
      #expect(folders[folder]?.isEmpty == false, "\(folder)/ has no Swift file")
    }
  }

  @Test("no stage uses a type that a later stage declares")
  func importsRunForward() throws {
    let violations = StageLayering.violations(in: try StageLayering.sources(under: Self.root))
    #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
  }

  @Test("a backward use is found; the same name in a comment or in string text is not")
  func checkerFindsBackwardUse() {
    let folders: [String: [(name: String, text: String)]] = [
      "Model": [
        (
          "Wall.swift",
          """
          /// Unlike SiteBuilder, this is a comment.
          struct Wall {
            let label = "SiteBuilder /* not code */ \\(Self.kind(\"ThemeError\"))"
            let site: SiteBuilder?
          }
          """
        )
      ],
      "Site": [
        ("SiteBuilder.swift", "public struct SiteBuilder {}\nenum ThemeError: Error {}\n"),
        ("Uses.swift", "let wall: Wall? = nil\n"),
      ],
    ]
    #expect(
      StageLayering.violations(in: folders) == [
        .init(file: "Model/Wall.swift", type: "SiteBuilder", declaredIn: "Site")
      ])
  }

  @Test("interpolations are code; comments, strings and raw strings are not")
  func scannerSeparatesCodeFromText() {
    let source = ##"""
      let a = "x \(Alpha.b("Beta")) y" // Gamma
      let c = #"Delta \(Epsilon) \#(Zeta)"#
      let d = """
        Eta \(Theta)
        """
      /* Iota /* Kappa */ Lambda */ let e = Mu
      """##
    #expect(
      SwiftSourceScanner.identifiers(in: source)
        == ["let", "a", "Alpha", "b", "c", "Zeta", "d", "Theta", "e", "Mu"])
  }
}
