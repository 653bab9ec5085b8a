import Foundation
import WallKit
import WallKitTestSupport

/// Exports that link their files, and in-process runs of `wallgen fetch` over them.
enum FetchFixture {
  /// Options that keep a test fast: short waits and timeouts, two retries.
  static let fast = [
    "--retry-wait", "0.01", "--connect-timeout", "2", "--stall-timeout", "2", "--retries", "2",
  ]

  /// `fast`, and the test servers' host (127.0.0.1, a loopback address) allowed.
  static let local = fast + ["--allow-host", "127.0.0.1"]

  /// Writes `WallImage.json` with one row per file (objectIds `img0`, `img1`, …) into a new
  /// export folder inside `folder`.
  /// - Returns: The export's path.
  static func export(_ files: [(name: String, url: String)], in folder: TemporaryDirectory) throws
    -> String
  {
    let export = folder.url("export")
    try FileManager.default.createDirectory(atPath: export, withIntermediateDirectories: true)
    let rows = files.enumerated().map { index, file -> JSONValue in
      [
        "objectId": .string("img\(index)"), "createdAt": "2014-04-26T13:13:09.416Z",
        "user": "esi",
        "image": ["__type": "File", "name": .string(file.name), "url": .string(file.url)],
      ]
    }
    let document: JSONValue = ["results": .array(rows)]
    try document.serialized.write(
      toFile: "\(export)/WallImage.json", atomically: true, encoding: .utf8)
    return export
  }

  /// Runs `wallgen fetch arguments` in this process.
  /// - Returns: The exit code and the lines written to standard error.
  static func run(_ arguments: [String]) -> (code: WallCLI.ExitCode, err: [String]) {
    let lines = LineRecorder()
    let console = Console(out: { lines.append($0) }, err: { lines.append($0) })
    let code = WallCLI.run(["fetch"] + arguments, console: console)
    return (code, lines.all)
  }

  /// The lines of a `--report` file, each an object.
  static func report(_ path: String) throws -> [JSONValue] {
    let bytes = try FileSystem.readFile(path, limit: 1 << 20)
    return try String(decoding: bytes, as: UTF8.self).split(separator: "\n").map {
      try JSONReader.parse(Array($0.utf8))
    }
  }

  /// The names in `export/files`, sorted.
  static func files(_ export: String) -> [String] {
    FileSystem.contents(of: "\(export)/files").sorted()
  }

  /// The bytes of `export/files/name`, nil when it is not there.
  static func bytes(_ export: String, _ name: String) -> [UInt8]? {
    try? FileSystem.readFile("\(export)/files/\(name)", limit: 1 << 24)
  }
}
