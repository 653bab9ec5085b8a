import Foundation
import WallKitTestSupport

/// The built `wallgen serve` run as a process of its own, its standard output read a line at a
/// time (the URL first), its standard error discarded; stopped with `stop()`.
final class ServedWallgen {
  let process = Process()
  private let output = Pipe()
  private var pending: [UInt8] = []

  /// Starts `wallgen serve` with `arguments` (after `serve`).
  init(_ arguments: [String]) throws {
    guard let wallgen = BuiltProduct.wallgen else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "wallgen"])
    }
    TestTier.checkMayStart(wallgen)
    process.executableURL = URL(fileURLWithPath: wallgen)
    process.arguments = ["serve"] + arguments
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// The next `count` lines of standard output, or nil when it ends first.
  func lines(_ count: Int) -> [String]? {
    var lines: [String] = []
    while lines.count < count {
      if let end = pending.firstIndex(of: 0x0A) {
        lines.append(String(decoding: pending[..<end], as: UTF8.self))
        pending.removeSubrange(...end)
        continue
      }
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { return nil }
      pending += data
    }
    return lines
  }

  /// The port of a server URL such as `http://127.0.0.1:8080/`.
  static func port(of url: String) -> Int? {
    Int(url.split(separator: ":").last?.filter(\.isNumber) ?? "")
  }

  /// Stops the server and waits for it.
  func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}
