import Foundation
import WallKit
import WallKitTestSupport
import WallSynth

/// Small exports for the tests of two wallgen writing into one output (`OutputLockTests`,
/// `OutputRaceTests`): three friends, a photo each and comments, some readable by one user
/// only (so a private build's walls differ from a public one's).
enum LockFixture {
  typealias P = ParseFixtures

  /// Writes an export whose comments and photos are marked by `tag`, so two exports of other
  /// tags make other sites.
  static func writeExport(at root: String, tag: String) throws {
    let export = try ExportWriter(root: root)
    let people = [("uA", "ann", "1"), ("uB", "bob", "2"), ("uC", "cy", "3")]
    try export.writeClass(
      "_User", people.map { P.user($0.0, username: $0.1, fbId: $0.2, name: "\($0.1) \(tag)") })
    try export.writeClass(
      "_Join:friends:_User",
      [
        P.friendRow("uA", "uB"), P.friendRow("uB", "uA"), P.friendRow("uB", "uC"),
        P.friendRow("uC", "uB"),
      ])
    var images: [JSONValue] = []
    var comments: [JSONValue] = []
    for (index, person) in people.enumerated() {
      let name = "\(person.1)-\(tag).jpg"
      images.append(
        P.image("i\(index)", uploaderFBId: person.2, username: person.1, fileName: name, at: index))
      try export.writeFile(
        "files/\(name)",
        try ImageFixtures.gradientJPEG(width: 8 + index + tag.utf8.count, height: 6))
      comments.append(
        P.comment(
          "c\(index)", on: "i\(index)", byFBId: person.2, username: person.1,
          text: "\(tag) says hi to \(person.1)", at: 10 + index))
      comments.append(
        P.comment(
          "s\(index)", on: "i\(index)", byFBId: person.2, username: person.1,
          text: "\(tag) secret for \(person.0)", at: 20 + index, acl: [person.0]))
    }
    try export.writeClass("WallImage", images)
    try export.writeClass("WallImageComment", comments)
  }

  /// A secret file for `--private`.
  static func writeSecret(at path: String) throws {
    try FileSystem.writeAtomically("a private build's secret, long enough\n", to: path)
  }
}
