import Foundation

/// Finds executables built by the same `swift build` or `swift test` as the running tests.
///
/// SwiftPM puts every product of one configuration in one folder, `.build/<triple>/<config>/`,
/// and the test bundle is one of them. Looking beside the running test binary (never at a fixed
/// `.build/debug`) means `swift test -c release` runs the release `wallgen`, not a stale debug
/// one left by an earlier build.
public enum BuiltProduct {
  /// The folder the running test binary was built into, or nil when it cannot be told.
  public static let folder: String? = productFolder(
    ofExecutables: [Bundle.main.executableURL?.path, CommandLine.arguments.first].compactMap { $0 }
      + Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") })

  /// The built `wallgen` beside the test binary, or nil when it is not there.
  public static let wallgen: String? = folder.flatMap { executable("wallgen", in: $0) }

  /// The path of the executable `name` in the products folder `folder`, or nil when there is no
  /// executable file of that name.
  /// - Parameters:
  ///   - name: A product name such as `"wallgen"`.
  ///   - folder: A products folder such as `.build/x86_64-unknown-linux-gnu/release`.
  public static func executable(_ name: String, in folder: String) -> String? {
    let path = (folder as NSString).appendingPathComponent(name)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: path)
    else { return nil }
    return path
  }

  /// The products folder of the first of `paths` that lies in one.
  ///
  /// That is the folder holding a test bundle: `<folder>/X.xctest`, a file on Linux, a bundle
  /// on macOS with its executable at `X.xctest/Contents/MacOS/X`. Symbolic links are resolved
  /// first.
  /// - Parameter paths: Paths of the running executable or of loaded bundles.
  public static func productFolder(ofExecutables paths: [String]) -> String? {
    for path in paths {
      var url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
      while url.pathComponents.count > 1 && url.pathExtension != "xctest" {
        url.deleteLastPathComponent()
      }
      if url.pathExtension == "xctest" { return url.deletingLastPathComponent().path }
    }
    return nil
  }
}
