import WallKit

/// Who is in the demo export, who is friends with whom, and who is in which role.
///
/// Two clusters of friends, the "hikers" (Ada, Bram, Chiara, Dmitri, Esi) and the "city"
/// friends (Farid, Greta, Hiro, Ines, Luca), joined by one friendship (Chiara–Farid); Jonas
/// has no friends, Kemi has no friends and no photos (an empty wall).
enum DemoCast {
  /// Everyone, in a fixed order.
  static let users: [DemoUser] = [
    DemoUser(
      key: "ada", name: "Ada Berg", facebookID: "10152734819204113", hasFbIdField: true,
      friendSource: .graph, picture: .jpeg, joined: DemoDate(2, 14, 9, 12)),
    DemoUser(
      key: "bram", name: "Bram Costa", facebookID: "10152918273645502", hasFbIdField: true,
      friendSource: .join, picture: .jpeg, joined: DemoDate(2, 14, 20, 41)),
    DemoUser(
      key: "chiara", name: "Chiara Dubois", facebookID: "10203344556677889", hasFbIdField: true,
      friendSource: .graph, picture: .jpeg, joined: DemoDate(2, 19, 8, 3)),
    DemoUser(
      key: "dmitri", name: "Dmitri Eriksen", facebookID: "10150987612345670", hasFbIdField: true,
      friendSource: .join, picture: .none, joined: DemoDate(2, 21, 18, 30)),
    DemoUser(
      key: "esi", name: "Esi Fischer", facebookID: "10204455667788990", hasFbIdField: true,
      friendSource: .join, picture: .png, joined: DemoDate(3, 2, 11, 47)),
    DemoUser(
      key: "farid", name: "Farid Garcia", facebookID: "10152211334455667", hasFbIdField: true,
      friendSource: .graph, picture: .jpeg, joined: DemoDate(2, 25, 19, 5)),
    DemoUser(
      key: "greta", name: "Greta Haddad", facebookID: "10201928374650123", hasFbIdField: true,
      friendSource: .join, picture: .jpeg, joined: DemoDate(3, 1, 13, 22)),
    DemoUser(
      key: "hiro", name: "Hiro Ito", facebookID: "10152647382910456", hasFbIdField: true,
      friendSource: .graph, picture: .jpeg, joined: DemoDate(3, 3, 7, 58)),
    DemoUser(
      key: "ines", name: "Ines Jensen", facebookID: "10203746582910377", hasFbIdField: true,
      friendSource: .join, picture: .jpeg, joined: DemoDate(3, 8, 16, 14)),
    DemoUser(
      key: "luca", name: "Luca Moreau", facebookID: "10205566778899001", hasFbIdField: false,
      friendSource: .graph, picture: .jpeg, joined: DemoDate(4, 2, 21, 36)),
    DemoUser(
      key: "jonas", name: "Jonas Kowalski", facebookID: "10151122334455668", hasFbIdField: true,
      friendSource: .join, picture: .jpeg, joined: DemoDate(2, 27, 10, 9)),
    DemoUser(
      key: "kemi", name: "Kemi Laine", facebookID: "10206677889900112", hasFbIdField: true,
      friendSource: .graph, picture: .none, joined: DemoDate(7, 20, 12, 0)),
  ]

  /// Friendships, each mutual: written once from each side, through that side's source.
  static let friendships: [(String, String)] = [
    ("ada", "bram"), ("ada", "chiara"), ("ada", "dmitri"), ("ada", "esi"), ("bram", "chiara"),
    ("bram", "dmitri"), ("chiara", "esi"), ("dmitri", "esi"),
    ("farid", "greta"), ("farid", "hiro"), ("farid", "ines"), ("greta", "hiro"),
    ("greta", "luca"), ("hiro", "ines"), ("hiro", "luca"), ("ines", "luca"),
    ("chiara", "farid"),
  ]

  /// The one role: images shared with it are seen only by its members (who are also friends
  /// of the uploader).
  static let climbingClub = (name: "climbing-club", members: ["ada", "bram", "esi"])

  /// Users by key.
  static let byKey: [String: DemoUser] = Dictionary(
    users.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

  /// The keys of a user's friends, sorted.
  static func friends(of key: String) -> [String] {
    friendships.compactMap { pair in
      pair.0 == key ? pair.1 : (pair.1 == key ? pair.0 : nil)
    }.sorted()
  }
}
