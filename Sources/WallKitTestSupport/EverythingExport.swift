import WallKit
import WallSynth

/// The "Everything" export: small, deterministic, and using every feature of the input format
/// once, for tests that want a realistic export rather than a specific shape.
///
/// - Users: Ann (`uAnn`, fbId 1, named in `_User`, secret fields, JPEG picture), Bob (`uBob`,
///   fbId 2, named only by `graph/2.json`, PNG picture with alpha), Cat (`uCat`, fbId 3, no
///   picture), Eve (`uEve`, fbId 4, the outsider) and Dan (`uDan`, fbId 5, no friends, an empty
///   wall).
/// - Friends: Ann and Bob, Bob and Eve through `_Join:friends:_User`; Bob and Cat through
///   their `graph/<fbId>.json` files. Ann and Bob hold the role `family`.
/// - Images, oldest first: `imgOld` (a `WallImageObject` row of the older schema, by Ann, with
///   a caption), `imgPublic` (Bob, no ACL), `imgAlpha` (Ann, PNG with alpha, ACL `*`),
///   `imgPrivate` (Bob, readable by Bob only), `imgForAnn` (Bob, readable by Ann only),
///   `imgRole` (Ann, readable by role `family`), `imgRotated` (Cat, a JPEG with EXIF
///   orientation 6), `imgNested` (Eve, at `files/sub/nested.jpg`), `imgBroken` (Bob, a
///   truncated JPEG).
/// - Comments on `imgPublic`: Ann's, Bob's with markup that must be escaped, and Eve's readable
///   by Bob and Eve only; on `imgRole`, Bob's readable by role `family`.
public enum EverythingExport {
  typealias P = ParseFixtures

  /// The objectIds of the users, in objectId order.
  public static let userIDs = ["uAnn", "uBob", "uCat", "uDan", "uEve"]

  /// Text that must never reach a page of Ann's (Eve's private comment and Ann's secrets).
  public static let secrets = [
    "EVE-SECRET-COMMENT", "ann@example.com", "SECRET-SESSION", "$2a$10$secret",
    "SECRET-ACCESS-TOKEN",
  ]

  /// Writes the export into the folder `root` (created if needed).
  /// - Parameter root: The export folder to write.
  /// - Throws: When a file cannot be written or an image cannot be encoded.
  public static func write(to root: String) throws {
    let export = try ExportWriter(root: root)
    try writeUsers(export)
    try writeImages(export)
    try export.writeClass(
      "WallImageComment",
      [
        P.comment(
          "cAnn", on: "imgPublic", byFBId: "1", username: "ann", text: "Nice one", at: 110),
        P.comment(
          "cBob", on: "imgPublic", byFBId: "2", username: "bob",
          text: "<b>not bold</b> & \"quoted\"", at: 120),
        P.comment(
          "cEve", on: "imgPublic", byFBId: "4", username: "eve", text: "EVE-SECRET-COMMENT",
          at: 130, acl: ["uBob", "uEve"]),
        P.comment(
          "cFamily", on: "imgRole", byFBId: "2", username: "bob", text: "family only", at: 510,
          acl: ["role:family"]),
      ])
  }

  static func writeUsers(_ export: ExportWriter) throws {
    let secrets: [String: JSONValue] = [
      "email": "ann@example.com", "sessionToken": "r:SECRET-SESSION",
      "bcryptPassword": "$2a$10$secret",
      "authData": ["facebook": ["id": "1", "access_token": "SECRET-ACCESS-TOKEN"]],
    ]
    try export.writeClass(
      "_User",
      [
        P.user("uAnn", username: "ann", fbId: "1", name: "Ann Archivist", extra: secrets),
        P.user("uBob", username: "bob", fbId: "2"),
        P.user("uCat", username: "cat", fbId: "3", name: "Cat"),
        P.user("uEve", username: "eve", fbId: "4", name: "Eve Outsider"),
        P.user("uDan", username: "dan", fbId: "5", name: "Dan Alone"),
      ])
    try export.writeClass(
      "_Join:friends:_User",
      [
        P.friendRow("uAnn", "uBob"), P.friendRow("uBob", "uAnn"), P.friendRow("uBob", "uEve"),
        P.friendRow("uEve", "uBob"),
      ])
    try export.writeFile(
      "graph/2.json",
      Array(
        P.graph(fbId: "2", name: "Bob Builder", friends: [(id: "3", name: "Cat")]).serialized
          .utf8))
    try export.writeFile(
      "graph/3.json",
      Array(
        P.graph(fbId: "3", name: "Cat", friends: [(id: "2", name: "Bob Builder")]).serialized.utf8
      ))
    let created = JSONValue.string(P.iso(0))
    try export.writeClass(
      "_Role",
      [
        [
          "objectId": "rFamily", "name": "family", "createdAt": created, "updatedAt": created,
          "users": ["__type": "Relation", "className": "_User"],
        ]
      ])
    try export.writeClass(
      "_Join:users:_Role",
      [
        ["owningId": "rFamily", "relatedId": "uAnn"],
        ["owningId": "rFamily", "relatedId": "uBob"],
      ])
    try export.writeFile("graph/1.jpg", ImageFixtures.gradientJPEG(width: 40, height: 40))
    try export.writeFile(
      "graph/2.png", ImageFixtures.checkerPNG(width: 36, height: 36, alpha: true))
  }

  static func writeImages(_ export: ExportWriter) throws {
    let old = JSONValue.object([
      "objectId": "imgOld", "user": "ann", "image": P.file("old.jpg"),
      "comment": "From the old app", "createdAt": .string(P.iso(50)),
      "updatedAt": .string(P.iso(50)),
    ])
    try export.writeClass("WallImageObject", [old])
    try export.writeClass(
      "WallImage",
      [
        P.image("imgPublic", uploaderFBId: "2", username: "bob", fileName: "public.jpg", at: 100),
        P.image(
          "imgAlpha", uploaderFBId: "1", username: "ann", fileName: "alpha.png", at: 200,
          acl: ["*"]),
        P.image(
          "imgPrivate", uploaderFBId: "2", username: "bob", fileName: "private.jpg", at: 300,
          acl: ["uBob"]),
        P.image(
          "imgForAnn", uploaderFBId: "2", username: "bob", fileName: "forann.jpg", at: 400,
          acl: ["uAnn"]),
        P.image(
          "imgRole", uploaderFBId: "1", username: "ann", fileName: "role.jpg", at: 500,
          acl: ["role:family"]),
        P.image(
          "imgRotated", uploaderFBId: "3", username: "cat", fileName: "rotated.jpg", at: 600),
        P.image(
          "imgNested", uploaderFBId: "4", username: "eve", fileName: "sub/nested.jpg", at: 700),
        P.image("imgBroken", uploaderFBId: "2", username: "bob", fileName: "broken.jpg", at: 800),
      ])
    // Distinct sizes give distinct bytes, so no two images share their media.
    try export.writeFile("files/old.jpg", ImageFixtures.gradientJPEG(width: 64, height: 48))
    try export.writeFile("files/public.jpg", ImageFixtures.gradientJPEG(width: 96, height: 64))
    try export.writeFile(
      "files/alpha.png", ImageFixtures.checkerPNG(width: 48, height: 32, alpha: true))
    try export.writeFile("files/private.jpg", ImageFixtures.gradientJPEG(width: 66, height: 48))
    try export.writeFile("files/forann.jpg", ImageFixtures.gradientJPEG(width: 68, height: 48))
    try export.writeFile("files/role.jpg", ImageFixtures.gradientJPEG(width: 70, height: 48))
    try export.writeFile(
      "files/rotated.jpg",
      ImageFixtures.withEXIFOrientation(
        ImageFixtures.gradientJPEG(width: 80, height: 40), orientation: 6, bigEndian: false))
    try export.writeFile(
      "files/sub/nested.jpg", ImageFixtures.gradientJPEG(width: 72, height: 48))
    try export.writeFile(
      "files/broken.jpg", Array(try ImageFixtures.gradientJPEG(width: 64, height: 64).prefix(40)))
  }
}
