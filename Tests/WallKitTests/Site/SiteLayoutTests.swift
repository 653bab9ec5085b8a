import Testing
import WallKit
import WallKitTestSupport
import WallSynth

/// Every wall gets a folder of its own, whatever the objectIds are (issue #12, case 3).
@Suite(.fullTier) struct SiteLayoutTests {
  func user(_ objectId: String) -> User {
    User(objectId: objectId, username: objectId, displayName: objectId)
  }

  @Test("an unsafe objectId and a user named like its hashed folder get different folders")
  func noCollisionWithHashedName() throws {
    let unsafe = "x/y"
    let hashed = SiteLayout.hashedFolderName(unsafe)
    // The old scheme's name for "x/y" is a safe objectId another user may really have.
    let oldStyle = "id-" + String(hashed.dropFirst(3).prefix(16))
    let layout = try SiteLayout(users: [user(unsafe), user(hashed), user(oldStyle)])
    let folders = Set(layout.wallFolders.values)
    #expect(folders.count == 3)
    #expect(layout.wallFolders[unsafe] == hashed)
    #expect(layout.wallFolders[oldStyle] == oldStyle)
    #expect(!SiteLayout.isSafeFolderName(hashed), "hashed names live outside the safe namespace")
  }

  @Test("a user whose objectId equals another's hashed folder keeps a different folder")
  func hashedNameAsObjectId() throws {
    let hashed = SiteLayout.hashedFolderName("x/y")
    let layout = try SiteLayout(users: [user("x/y"), user(hashed)])
    #expect(layout.wallFolders["x/y"] != layout.wallFolders[hashed])
  }

  @Test("any folder that two users would share is refused, naming both")
  func sharedFolderRefused() throws {
    let error = #expect(throws: SiteLayoutError.self) {
      _ = try SiteLayout.assign([user("a"), user("b"), user("c")]) {
        $0.objectId == "c" ? "c" : "same"
      }
    }
    #expect(error == .sharedFolder(folder: "same", first: "a", second: "b"))
  }

  @Test("a build with an unsafe objectId and users named like its folders keeps every wall")
  func buildKeepsBothWalls() throws {
    let folder = try TemporaryDirectory()
    let (export, site) = (folder.url("export"), folder.url("site"))
    let hashed = SiteLayout.hashedFolderName("x/y")
    // The folder wallgen used to give "x/y" (16 hex digits of its double SHA-256), which is also
    // a safe objectId: with that scheme the two users shared one folder.
    let oldFolder = "id-" + String(Hex.encode(SHA256.doubleDigest(Array("x/y".utf8))).prefix(16))
    let writer = try ExportWriter(root: export)
    try writer.writeClass(
      "_User",
      [
        ParseFixtures.user("x/y", username: "xy", fbId: "1", name: "Slash"),
        ParseFixtures.user(hashed, username: "h", fbId: "2", name: "Hashed"),
        ParseFixtures.user(oldFolder, username: "o", fbId: "3", name: "Old"),
      ])
    try writer.writeClass("WallImage", [])
    var settings = SiteBuilder.Settings(export: export, output: site)
    settings.pipeline.jobs = 1
    let result = try SiteBuilder(settings: settings).build()
    #expect(result.summary.walls == 3)
    #expect(Set(try result.walls.pages().values).count == 3)
  }
}
