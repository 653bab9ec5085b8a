import WallKit

/// Deterministic names and sentences for generated data.
enum SyntheticNames {
  static let given = [
    "Ada", "Bram", "Chiara", "Dmitri", "Esi", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kemi",
    "Luca", "Mei", "Nils", "Olga", "Priya", "Quinn", "Rosa", "Sven", "Tara", "Umar", "Vera",
    "Wen", "Xavi", "Yara", "Zeno",
  ]
  static let family = [
    "Abara", "Berg", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad", "Ito",
    "Jensen", "Kowalski", "Laine", "Moreau", "Novak", "Okafor", "Petrov", "Rossi", "Sato",
    "Tanaka", "Varga", "Weber", "Yilmaz", "Zhou",
  ]
  static let words = [
    "lovely", "what a view", "miss this place", "so good", "when was this?", "haha",
    "beautiful light", "take me back", "great shot", "the colours!", "is that you?", "wow",
  ]

  /// A person's name for a user number.
  static func name(for index: Int) -> String {
    "\(given[index % given.count]) \(family[(index / given.count) % family.count])"
  }

  /// A short comment for a comment number.
  static func sentence(_ index: Int) -> String {
    words[index % words.count]
  }
}
