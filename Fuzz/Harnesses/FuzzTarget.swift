/// The fuzz harnesses: each takes any bytes and must return without crashing, whatever they are.
///
/// The libFuzzer entry point (`wallgen-fuzz` built with `-DFUZZING`) and the replay tool (the same
/// executable built normally, and the tests) both call `run(_:)`.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// `JSONReader`: a whole document, then the same bytes read row by row as a class file.
  case json
  /// `ZipArchive`: the bytes as a `.zip` file, its directory and every entry's contents.
  case zip
  /// `ExportImporter` and `WallIndex` on a folder made from the bytes (`ImporterHarness`).
  case importer
  /// `Thumbnailer` on the bytes as a JPEG or PNG source, with small limits.
  case image
  /// `HTTPHeadReader` and `PreviewResponder` on the bytes as what a client sent.
  case http

  /// Runs the harness on one input.
  /// - Parameter bytes: the fuzz input.
  public func run(_ bytes: [UInt8]) {
    switch self {
    case .json: JSONHarness.run(bytes)
    case .zip: ZipHarness.shared.run(bytes)
    case .importer: ImporterHarness.shared.run(bytes)
    case .image: ImageHarness.run(bytes)
    case .http: HTTPHarness.shared.run(bytes)
    }
  }
}
