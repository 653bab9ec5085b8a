import Foundation
import WallKit
import WallSynth

/// An export that tries everything a hostile or careless app owner could: markup and template
/// syntax in names and comments, unsafe file names, symlinks out of the export, and secret fields.
///
/// Builds of it must escape all text, read nothing outside, and leak no secret.
public enum HostileExport {
  typealias P = ParseFixtures

  /// Secret values placed in the export; none may appear in any output byte.
  public static let secrets = [
    "SECRET-session-r:8f1c", "SECRET-bcrypt-$2a$10$abc", "secret.person@example.com",
    "SECRET-fb-access-token-EAAB", "SECRET-outside-file-content",
  ]

  /// HTML that must appear only escaped.
  public static let markup = [
    "<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "\" onmouseover=\"alert(3)",
  ]

  /// Template syntax that must appear literally: data is never read as a template.
  public static let templateSyntax = ["{{owner.name}}", "}}{{{raw}}}{{> layout}}"]

  /// Writes the export into `folder/export`, and a secret file beside it (outside the export) that
  /// symlinks inside point to.
  ///
  /// Returns the export's path.
  public static func write(in folder: String) throws -> String {
    let root = "\(folder)/export"
    let export = try ExportWriter(root: root)
    try FileSystem.writeAtomically(secrets[4], to: "\(folder)/outside.jpg")
    try export.writeClass(
      "_User",
      [
        P.user(
          "uEvil", username: "<script>alert(1)</script>", fbId: "666", name: markup[1],
          extra: [
            "sessionToken": .string(secrets[0]), "bcryptPassword": .string(secrets[1]),
            "email": .string(secrets[2]),
            "authData": ["facebook": ["id": "666", "access_token": .string(secrets[3])]],
          ]),
        P.user("uGood", username: "good", fbId: "777", name: "Good \(templateSyntax[0])"),
        P.user("../../escape", username: "dots", fbId: "888", name: "Dots"),
      ])
    try export.writeClass(
      "_Join:friends:_User",
      [
        P.friendRow("uEvil", "uGood"), P.friendRow("uGood", "uEvil"),
        P.friendRow("uGood", "../../escape"), P.friendRow("../../escape", "uGood"),
      ])
    try export.writeClass(
      "WallImage",
      [
        P.image("i-ok", uploaderFBId: "666", username: "x", fileName: "ok.jpg", at: 50),
        P.image(
          "i-dots", uploaderFBId: "777", username: "good", fileName: "../outside.jpg", at: 40),
        P.image("i-abs", uploaderFBId: "777", username: "good", fileName: "/etc/passwd", at: 30),
        P.image("i-link", uploaderFBId: "777", username: "good", fileName: "link.jpg", at: 20),
        P.image(
          "\"><script>alert(4)</script>", uploaderFBId: "888", username: "dots", fileName: "ok.jpg",
          at: 10),
      ])
    try export.writeClass(
      "WallImageComment",
      (markup + templateSyntax).enumerated().map { position, text in
        P.comment(
          "c\(position)", on: "i-ok", byFBId: "666", username: "x", text: text + "\nsecond line",
          at: 60 + position)
      })
    try export.writeFile("files/ok.jpg", ImageFixtures.gradientJPEG(width: 40, height: 30))
    try FileManager.default.createSymbolicLink(
      atPath: "\(root)/files/link.jpg", withDestinationPath: "\(folder)/outside.jpg")
    // The whole graph folder is a link to outside: it must not be followed either.
    try FileManager.default.createSymbolicLink(atPath: "\(root)/graph", withDestinationPath: folder)
    try FileSystem.writeAtomically(
      #"{"id":"777","name":"Mallory","friends":{"data":[]}}"#, to: "\(folder)/777.json")
    return root
  }
}
