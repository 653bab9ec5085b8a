import Testing
import WallKit
import WallKitTestSupport

/// What wallgen makes of the committed demo export.
@Suite(.fullTier) struct DemoImportTests {
  static let result = Result { try ExportImporter.load(DemoExportTests.committed) }

  /// The user objectId of a username.
  static func id(_ username: String, in dataset: Dataset) -> String {
    dataset.users.values.first { $0.username == username }?.objectId ?? "?"
  }

  @Test("the demo imports with every record and no problem")
  func counts() throws {
    let result = try Self.result.get()
    #expect(result.report.problems.isEmpty, "\(result.report.sorted)")
    let dataset = result.dataset
    #expect(dataset.users.count == 12)
    #expect(dataset.images.values.count { $0.className == "WallImage" } == 40)
    #expect(dataset.images.values.count { $0.className == "WallImageObject" } == 3)
    // 65 comments plus the captions of two of the three older-schema images.
    #expect(dataset.comments.values.count { $0.className == "WallImageComment" } == 65)
    #expect(dataset.comments.values.count { $0.className == "WallImageObject" } == 2)
    #expect(dataset.images.values.allSatisfy { $0.file != nil })
    #expect(dataset.users.values.count { $0.picture != nil } == 10)
    #expect(dataset.users.values.allSatisfy { $0.facebookID != nil })
  }

  @Test("no secret of _User reaches the dataset")
  func noSecrets() throws {
    let dataset = try Self.result.get().dataset
    #expect(!"\(dataset)".contains("demo-secret"))
  }

  @Test("the special records are there: tie, multi-line, HTML, private comment, ACLs")
  func specialRecords() throws {
    let dataset = try Self.result.get().dataset
    let times = dataset.images.values.map(\.createdAt)
    #expect(Set(times).count == times.count - 1, "exactly one tie in createdAt")
    let texts = dataset.comments.values.map(\.text)
    #expect(texts.contains { $0.contains("\n") })
    #expect(texts.contains { $0.hasPrefix("<b>not bold</b> & \"quotes\"") })
    #expect(texts.contains { $0.contains("東京") && $0.contains("🌃") && $0.contains("è") })
    #expect(dataset.comments.values.count { $0.acl != nil } == 1)
    let acls = dataset.images.values.compactMap(\.acl)
    #expect(acls.count == 3)
    #expect(acls.count { $0.isPublic } == 1)
    #expect(acls.count { $0.roles == ["climbing-club"] } == 1)
    #expect(acls.count { !$0.isPublic && $0.roles.isEmpty && $0.users.count == 1 } == 1)
  }

  @Test("walls: an empty one, a friendless one, the private and the role image")
  func walls() throws {
    let dataset = try Self.result.get().dataset
    let index = WallIndex(dataset: dataset, audience: .owner)
    func wall(_ username: String) -> [WallImage] { index.wall(for: Self.id(username, in: dataset)) }
    #expect(wall("kemi.laine").isEmpty)
    let jonas = Self.id("jonas.kowalski", in: dataset)
    #expect(wall("jonas.kowalski").count == 4)
    #expect(wall("jonas.kowalski").allSatisfy { $0.uploaderID == jonas })
    let privateImage = try #require(
      dataset.images.values.first {
        $0.acl?.users.count == 1 && $0.acl?.isPublic == false && $0.acl?.roles.isEmpty == true
      })
    let roleImage = try #require(dataset.images.values.first { $0.acl?.roles.isEmpty == false })
    let everyone = dataset.users.values.map(\.username).sorted()
    #expect(
      everyone.filter { wall($0).contains { $0.objectId == privateImage.objectId } } == ["hiro.ito"]
    )
    #expect(
      everyone.filter { wall($0).contains { $0.objectId == roleImage.objectId } } == [
        "ada.berg", "bram.costa",
      ])
  }
}

/// The demo's public site: only what anyone may read (issue 21, item 1).
@Suite(.fullTier) struct DemoPublicAudienceTests {
  @Test("a public index of the demo holds neither restricted photo nor the restricted comment")
  func publicIndexLeavesRestrictedOut() throws {
    let dataset = try DemoImportTests.result.get().dataset
    let index = WallIndex(dataset: dataset, audience: .anyone)
    #expect(index.omitted == PublicOmissions(photos: 2, comments: 1))
    #expect(PublicOmissions(dataset: dataset) == index.omitted)
    for restricted in ["v0aiPrKJvn", "y2u66geaPx"] {
      #expect(dataset.images[restricted] != nil, "the demo has \(restricted)")
      #expect(index.image(restricted) == nil)
      for user in dataset.users.keys {
        #expect(!index.wall(for: user).contains { $0.objectId == restricted })
      }
    }
    #expect(!index.shownImages().contains { $0.acl?.isPublic == false })
    let privateComment = try #require(dataset.comments.values.first { $0.acl != nil })
    for user in dataset.users.keys {
      for image in index.wall(for: user) {
        #expect(
          !index.comments(on: image.objectId, visibleTo: user).contains {
            $0.objectId == privateComment.objectId
          })
      }
    }
    // Its owners still see them on their own walls.
    let owners = WallIndex(dataset: dataset, audience: .owner)
    #expect(owners.omitted.isEmpty)
    #expect(
      dataset.users.keys.contains { user in
        owners.wall(for: user).contains { $0.objectId == "v0aiPrKJvn" }
      })
  }
}
