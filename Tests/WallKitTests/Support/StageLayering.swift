import WallKit

/// The direction of the pipeline: each folder of `Sources/WallKit` may use the types of the
/// folders before it and its own, never those of a folder after it.
enum StageLayering {
  /// The folders of `Sources/WallKit`, earliest first (see docs/architecture.md).
  ///
  /// Model comes before Import: the data flows from Import into Model, but Import's code makes
  /// Model's values, so it depends on Model and not the other way round.
  static let order = [
    "Support", "Report", "JSON", "Zip", "Model", "Import", "Imaging", "Media", "Render", "Site",
    "Plan", "Watch", "Preview", "Archive", "CLI",
  ]

  /// One use of a later stage's type.
  struct Violation: Equatable, CustomStringConvertible {
    /// The folder and file that uses the type (`Model/WallIndex.swift`).
    var file: String
    /// The type's name.
    var type: String
    /// The later folder that declares it.
    var declaredIn: String

    var description: String { "\(file) uses \(type), which \(declaredIn)/ declares" }
  }

  /// Every use, in `folders`, of a type declared in a later folder of `order`.
  /// - Parameter folders: Each folder's files, as (file name, source text), by folder name.
  static func violations(in folders: [String: [(name: String, text: String)]]) -> [Violation] {
    var declaringFolder: [String: String] = [:]
    for folder in order {
      for file in folders[folder] ?? [] {
        for type in SwiftSourceScanner.declaredTypes(in: file.text) {
          declaringFolder[type] = declaringFolder[type] ?? folder
        }
      }
    }
    let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    var found: [Violation] = []
    for folder in order {
      guard let position = rank[folder] else { continue }
      for file in (folders[folder] ?? []).sorted(by: { $0.name < $1.name }) {
        for name in SwiftSourceScanner.identifiers(in: file.text).sorted() {
          guard let owner = declaringFolder[name], let ownerRank = rank[owner], ownerRank > position
          else { continue }
          found.append(Violation(file: "\(folder)/\(file.name)", type: name, declaredIn: owner))
        }
      }
    }
    return found
  }

  /// The Swift files of each folder of `Sources/WallKit` under `root`, by folder name.
  static func sources(under root: String) throws -> [String: [(name: String, text: String)]] {
    var folders: [String: [(name: String, text: String)]] = [:]
    for folder in FileSystem.contents(of: root)
    where FileSystem.kind(of: "\(root)/\(folder)") == .directory {
      folders[folder] = try FileSystem.contents(of: "\(root)/\(folder)")
        .filter { $0.hasSuffix(".swift") }
        .map { name in
          let bytes = try FileSystem.readFile("\(root)/\(folder)/\(name)", limit: 1 << 22)
          return (name, String(decoding: bytes, as: UTF8.self))
        }
    }
    return folders
  }
}
