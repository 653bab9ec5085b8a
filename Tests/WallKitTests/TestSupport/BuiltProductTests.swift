import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The lookup of built executables finds the ones of this build's configuration.
@Suite(.fullTier) struct BuiltProductTests {
  /// The configuration folder SwiftPM names after `-c`.
  static var configuration: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }

  @Test("the test binary's folder is the products folder of this configuration")
  func folderMatchesConfiguration() throws {
    let folder = try #require(BuiltProduct.folder)
    #expect((folder as NSString).lastPathComponent == Self.configuration)
    #expect(FileSystem.kind(of: "\(folder)/wallgenPackageTests.xctest") != .missing)
  }

  @Test("the wallgen found runs, and is the one in the test binary's folder")
  func wallgenRuns() throws {
    let wallgen = try #require(BuiltProduct.wallgen)
    #expect(wallgen == "\(try #require(BuiltProduct.folder))/wallgen")
    let result = try ExternalTool.run(wallgen, ["--help"])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("wallgen"))
  }

  @Test("a Linux test binary, a macOS bundle executable and a symbolic link all lead to the folder")
  func productFolderFromPaths() throws {
    let temporary = try TemporaryDirectory("built-product")
    let release = temporary.url(".build/x86_64-unknown-linux-gnu/release")
    try FileManager.default.createDirectory(
      atPath: "\(release)/P.xctest/Contents/MacOS", withIntermediateDirectories: true)
    #expect(BuiltProduct.productFolder(ofExecutables: ["\(release)/P.xctest"]) == release)
    #expect(
      BuiltProduct.productFolder(ofExecutables: ["\(release)/P.xctest/Contents/MacOS/P"])
        == release)
    try FileManager.default.createSymbolicLink(
      atPath: temporary.url("link.xctest"), withDestinationPath: "\(release)/P.xctest")
    #expect(BuiltProduct.productFolder(ofExecutables: [temporary.url("link.xctest")]) == release)
    #expect(
      BuiltProduct.productFolder(ofExecutables: ["/usr/bin/env", "\(release)/P.xctest"])
        == release)
    #expect(BuiltProduct.productFolder(ofExecutables: ["/usr/bin/env"]) == nil)
  }

  @Test("only an executable regular file counts as a built product")
  func executableChecks() throws {
    let temporary = try TemporaryDirectory("built-product")
    let folder = temporary.path
    #expect(BuiltProduct.executable("wallgen", in: folder) == nil)
    try FileManager.default.createDirectory(
      atPath: "\(folder)/wallgen", withIntermediateDirectories: false)
    #expect(BuiltProduct.executable("wallgen", in: folder) == nil)
    try FileManager.default.removeItem(atPath: "\(folder)/wallgen")
    _ = FileManager.default.createFile(
      atPath: "\(folder)/wallgen", contents: Data("#!/bin/sh\n".utf8))
    #expect(BuiltProduct.executable("wallgen", in: folder) == nil)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: "\(folder)/wallgen")
    #expect(BuiltProduct.executable("wallgen", in: folder) == "\(folder)/wallgen")
  }
}
