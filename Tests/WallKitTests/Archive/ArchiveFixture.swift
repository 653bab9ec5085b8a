import Foundation
import Synchronization
import WallKit
import WallKitTestSupport
import WallSynth

/// A small export for archive tests, with an outsider whose name, comment and photos must
/// never reach Ann's bundle.
///
/// Ann and Bob are friends; Eve is Bob's friend, not Ann's. Bob posts imgBobPublic (public, two comments
/// Ann may read and one by Eve that only Bob and Eve may read) and imgBobPrivate (readable by Bob only);
/// Ann posts imgAnn (PNG); Eve posts imgEve. Pictures are solid colours: Ann red, Bob blue, Eve green;
/// Eve's photo is yellow and Bob's private one magenta, so a test can tell them apart even
/// after resizing.
enum ArchiveFixture {
  typealias P = ParseFixtures

  /// Words that must never appear in Ann's bundle.
  static let forbidden = [
    "Eve Outsider", "uEve", "EVE-SECRET-COMMENT", "imgEve", "imgBobPrivate", "evephoto.jpg",
    "private.jpg",
    "commentByEve", "SECRET-SESSION", "ann@example.com", "$2a$10$secret", "SECRET-ACCESS-TOKEN",
  ]

  /// Solid colours (RGB) of the outsider's and the private pictures.
  static let forbiddenColours: [[Int]] = [[0, 255, 0], [255, 255, 0], [255, 0, 255]]

  static func solidJPEG(_ rgb: [UInt8], width: Int = 120, height: Int = 90) throws -> [UInt8] {
    var pixels: [UInt8] = []
    for _ in 0..<(width * height) { pixels += rgb }
    return try JPEGCodec.encode(
      Bitmap(width: width, height: height, channels: 3, pixels: pixels), quality: 90,
      progressive: false)
  }

  /// Writes the export into `folder` and returns its path.
  static func write(in folder: TemporaryDirectory) throws -> String {
    let root = folder.url("export")
    let export = try ExportWriter(root: root)
    let secrets: [String: JSONValue] = [
      "email": "ann@example.com", "sessionToken": "r:SECRET-SESSION",
      "bcryptPassword": "$2a$10$secret",
      "authData": ["facebook": ["id": "1", "access_token": "SECRET-ACCESS-TOKEN"]],
    ]
    try export.writeClass(
      "_User",
      [
        P.user("uAnn", username: "ann", fbId: "1", name: "Ann Archivist", extra: secrets),
        P.user("uBob", username: "bob", fbId: "2", name: "Bob Builder"),
        P.user("uEve", username: "eve", fbId: "3", name: "Eve Outsider"),
      ])
    try export.writeClass(
      "_Join:friends:_User",
      [
        P.friendRow("uAnn", "uBob"), P.friendRow("uBob", "uAnn"), P.friendRow("uBob", "uEve"),
        P.friendRow("uEve", "uBob"),
      ])
    try export.writeClass(
      "WallImage",
      [
        P.image("imgBobPublic", uploaderFBId: "2", username: "bob", fileName: "b1.jpg", at: 100),
        P.image(
          "imgBobPrivate", uploaderFBId: "2", username: "bob", fileName: "private.jpg", at: 200,
          acl: ["uBob"]),
        P.image("imgAnn", uploaderFBId: "1", username: "ann", fileName: "a1.png", at: 300),
        P.image("imgEve", uploaderFBId: "3", username: "eve", fileName: "evephoto.jpg", at: 400),
      ])
    try export.writeClass(
      "WallImageComment",
      [
        P.comment(
          "cAnn", on: "imgBobPublic", byFBId: "1", username: "ann", text: "nice one", at: 110),
        P.comment(
          "cBob", on: "imgBobPublic", byFBId: "2", username: "bob", text: "thanks ann", at: 120),
        P.comment(
          "commentByEve", on: "imgBobPublic", byFBId: "3", username: "eve",
          text: "EVE-SECRET-COMMENT", at: 130,
          acl: ["uBob", "uEve"]),
      ])
    try export.writeFile("files/b1.jpg", ImageFixtures.gradientJPEG(width: 400, height: 300))
    try export.writeFile("files/private.jpg", solidJPEG([255, 0, 255]))
    try export.writeFile(
      "files/a1.png", ImageFixtures.checkerPNG(width: 200, height: 100, alpha: false))
    try export.writeFile("files/evephoto.jpg", solidJPEG([255, 255, 0]))
    try export.writeFile("graph/1.jpg", solidJPEG([255, 0, 0], width: 80, height: 80))
    try export.writeFile("graph/2.jpg", solidJPEG([0, 0, 255], width: 80, height: 80))
    try export.writeFile("graph/3.jpg", solidJPEG([0, 255, 0], width: 80, height: 80))
    return root
  }

  /// Archives `users` (nil: everyone) of `export` into `output`.
  static func archive(
    _ export: String, into output: String, users: [String]? = nil, zip: Bool = true,
    epoch: Int64? = nil, jobs: Int = 2
  ) throws -> ArchiveResult {
    var settings = Archiver.Settings(export: export, output: output)
    settings.userIDs = users
    settings.zip = zip
    settings.pipeline.jobs = jobs
    settings.pipeline.pageSize = 2
    settings.sourceDateEpoch = epoch
    return try Archiver(settings: settings).run()
  }

  /// Runs the CLI, returning its exit code and what it printed.
  static func runCLI(_ arguments: [String]) -> (WallCLI.ExitCode, out: String, err: String) {
    let out = Mutex("")
    let err = Mutex("")
    let console = Console(
      out: { line in out.withLock { $0 += line + "\n" } },
      err: { line in err.withLock { $0 += line + "\n" } })
    let code = WallCLI.run(arguments, console: console)
    return (code, out.withLock { $0 }, err.withLock { $0 })
  }

  /// Runs a tool, returning its exit status and output, or nil when it is not installed.
  static func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String)? {
    guard let executable = ExternalTool.path(tool) else { return nil }
    let result = try ExternalTool.run(executable, arguments)
    return (result.status, result.output)
  }
}
