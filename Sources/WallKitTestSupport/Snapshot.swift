import Foundation

/// Golden files compared byte for byte, recorded only on request (`RECORD_SNAPSHOTS=1`).
///
/// Recording rewrites the golden file and still counts as a failure, so a recording run is
/// never mistaken for a passing one (as swift-argument-parser's `assertSnapshot` does).
public enum Snapshot {
  /// The golden files of the WallKit tests, `Tests/WallKitTests/Snapshots/`.
  public static let folder = RepositoryPaths.path("Tests/WallKitTests/Snapshots")

  /// True when the environment asks for golden files to be rewritten.
  public static var isRecording: Bool {
    ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
  }

  /// Compares `actual` with the golden file `<folder>/<name>`.
  ///
  /// - Parameters:
  ///   - actual: The bytes produced by the code under test.
  ///   - name: The golden file's name, such as `wall.html`.
  ///   - folder: The folder holding golden files.
  ///   - record: Rewrite the golden file with `actual`.
  /// - Returns: nil when they are equal and not recording; otherwise why the test fails: the
  ///   first lines of a unified diff, a missing golden file, or the file just recorded.
  public static func failure(
    _ actual: String, named name: String, in folder: String = folder,
    record: Bool = isRecording
  ) -> String? {
    let path = (folder as NSString).appendingPathComponent(name)
    if record {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
      } catch {
        return "could not record \(path): \(error)"
      }
      return "recorded \(path) (RECORD_SNAPSHOTS=1); check it in and run again without it"
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return "no golden file at \(path); run with RECORD_SNAPSHOTS=1 to record it"
    }
    let expected = String(decoding: data, as: UTF8.self)
    if [UInt8](data) == Array(actual.utf8) { return nil }
    return "\(path) differs (- golden, + actual):\n"
      + LineDiff.unified(expected, actual, oldName: "golden/\(name)", newName: "actual/\(name)")
  }
}
