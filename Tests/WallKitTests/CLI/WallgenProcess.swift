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

  private static func requireWallgen() throws -> String {
    guard let wallgen = BuiltProduct.wallgen else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "wallgen"])
    }
    return wallgen
  }
}
