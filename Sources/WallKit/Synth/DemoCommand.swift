/// `make-demo [DIR]`: regenerates the demo export (default `Examples/demo-export`).
public enum DemoCommand {
  /// The usage line.
  static let usage = "usage: make-demo [DIR]   (default: \(WallCLI.demoExport))"

  /// Runs make-demo with the arguments after the program name.
  /// - Parameters:
  ///   - arguments: At most one folder.
  ///   - console: Where the summary and errors go.
  /// - Returns: 0 when written, 1 when writing failed, 64 for bad arguments.
  public static func run(_ arguments: [String], console: Console = .standard) -> WallCLI.ExitCode {
    if arguments == ["-h"] || arguments == ["--help"] {
      console.out(usage)
      return .success
    }
    guard arguments.count <= 1, !(arguments.first?.hasPrefix("-") ?? false) else {
      console.err("make-demo: error: unexpected arguments '\(arguments.joined(separator: " "))'")
      console.err(usage)
      return .usage
    }
    let root = arguments.first ?? WallCLI.demoExport
    do {
      let summary = try DemoExport.write(to: root)
      console.out("make-demo: wrote \(root): \(summary)")
      return .success
    } catch {
      console.err("make-demo: error: \(error)")
      return .failure
    }
  }
}
