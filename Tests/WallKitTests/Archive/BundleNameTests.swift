import Testing
import WallKit

/// `BundleName`: each person's files are named by their username, made safe, with the objectId
/// only where names clash.
@Suite struct BundleNameTests {
  static func user(_ objectId: String, _ username: String) -> User {
    User(objectId: objectId, username: username, displayName: username)
  }

  @Test(
    "a username is made safe by one fixed rule",
    arguments: [
      ("ada.berg", "ada.berg"), ("Ada.Berg", "ada.berg"), ("Zoë Ünal", "zoe_unal"),
      ("a/b\\c:d", "a_b_c_d"), ("a  //  b", "a_b"), ("..", "user"), (".", "user"),
      (".hidden", "_hidden"), ("-rf", "_rf"), ("", "user"), ("山田", "user"),
      ("山田 taro", "_taro"), ("x.wallgen-tmp-1", "x.wallgen-tmp-1"),
      (String(repeating: "a", count: 100), String(repeating: "a", count: 64)),
    ])
  func safe(username: String, stem: String) {
    #expect(BundleName.stems(for: [Self.user("f52u5b9F5U", username)]) == ["f52u5b9F5U": stem])
    #expect(BundleName.folder(stem: stem) == stem + "-wall")
  }

  @Test("only names that clash, ignoring case, get their objectId, whoever is archived")
  func clashes() {
    let users = [
      Self.user("f52u5b9F5U", "ada.berg"), Self.user("a1", "Ada.Berg"), Self.user("b2", "bob"),
      Self.user("c3", "Zoë"), Self.user("c4", "zoe"),
    ]
    let stems = BundleName.stems(for: users)
    #expect(
      stems == [
        "f52u5b9F5U": "ada.berg-f52u5b9F5U", "a1": "ada.berg-a1", "b2": "bob", "c3": "zoe-c3",
        "c4": "zoe-c4",
      ])
    // The order of the users does not matter.
    #expect(BundleName.stems(for: users.reversed()) == stems)
  }

  @Test("a name that still clashes after the objectId is added gets -2, -3, in objectId order")
  func secondClash() {
    // "ada-x" is a username of its own, and also "ada" plus the objectId "x".
    let users = [Self.user("x", "ada"), Self.user("y", "ada"), Self.user("z", "ada-x")]
    #expect(BundleName.stems(for: users) == ["x": "ada-x", "y": "ada-y", "z": "ada-x-2"])
    let unsafeIDs = [Self.user("a!b", "ann"), Self.user("a?b", "ann")]
    #expect(BundleName.stems(for: unsafeIDs) == ["a!b": "ann-a_b", "a?b": "ann-a_b-2"])
  }
}
