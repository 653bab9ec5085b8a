import Foundation
import PackagePlugin

/// Compiles the default theme (`Templates/` and `Public/` at the package root) into WallKit,
/// so an installed `wallgen` works from any folder. The folders stay the source of truth:
/// the generated file is rebuilt whenever a file in them changes.
@main
struct EmbedTheme: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    let root = context.package.directoryURL
    let folders = ["Templates", "Public"].map { root.appendingPathComponent($0) }
    var inputs: [URL] = []
    for folder in folders {
      guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      else { continue }
      for case let file as URL in walker where !file.hasDirectoryPath {
        inputs.append(file)
      }
    }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedTheme.swift")
    return [
      .buildCommand(
        displayName: "Embedding Templates/ and Public/ into WallKit",
        executable: try context.tool(named: "theme-embedder").url,
        arguments: [output.path] + folders.map(\.path),
        inputFiles: inputs.sorted { $0.path < $1.path },
        outputFiles: [output])
    ]
  }
}
