import Foundation
import WallKitTestSupport

/// Runs the built `wallgen` in a folder of its own, for tests of relative paths (the test
/// process's own working directory is never changed).
enum WallgenProcess {
  /// Runs `wallgen arguments` with `folder` as its working directory, to its end.
  /// - Parameter executable: Another build of wallgen to run instead of the built one.
  /// - Returns: The exit status and what it printed on standard error.
  static func run(_ arguments: [String], in folder: String, executable: String? = nil) throws
    -> (Int32, String)
  {
    let program = try executable ?? requireWallgen()
    TestTier.checkMayStart(program)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let pipe = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  /// Starts `wallgen arguments` in `folder`, and returns at once.
  ///
  /// `environment` is added to the test's; standard error goes to the file `stderr` (discarded
  /// when nil); the caller waits for the process. `exited` is called when it ends (set before it starts, so never missed).
  static func start(
    _ arguments: [String], in folder: String, environment: [String: String] = [:],
    stderr: String? = nil, exited: (@Sendable (Process) -> Void)? = nil
  ) throws -> Process {
    let process = Process()
    process.terminationHandler = exited
    process.executableURL = URL(fileURLWithPath: try requireWallgen())
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    if let stderr {
      _ = FileManager.default.createFile(atPath: stderr, contents: nil)
      process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderr))
    } else {
      process.standardError = FileHandle.nullDevice
    }
    try process.run()
    return process
  }

  private static func requireWallgen() throws -> String {
    guard let wallgen = BuiltProduct.wallgen else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "wallgen"])
    }
    return wallgen
  }
}
