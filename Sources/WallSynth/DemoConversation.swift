import WallKit

/// The demo export's comments: a few written to show a feature, and everyday ones spread
/// over the photos, each by someone who can see the photo.
enum DemoConversation {
  /// Comments that each show something: newlines, non-ASCII text, HTML-looking text that
  /// must be shown as text, a comment private to its author, comments on the special photos.
  static let featured: [DemoComment] = [
    DemoComment(
      key: "multiline", photo: "ada-2", author: "chiara", minutesAfter: 42,
      text: "Where was this?\nI need to go there this summer.\n\nTake me with you!"),
    DemoComment(
      key: "unicode", photo: "greta-1", author: "luca", minutesAfter: 95,
      text: "Magnifique ! Très belle vue, ça me rappelle Zürich — 東京の夜景みたい 🌃✨"),
    DemoComment(
      key: "html", photo: "farid-1", author: "hiro", minutesAfter: 17,
      text: "<b>not bold</b> & \"quotes\" & 'apostrophes' <script>alert('not run')</script>"),
    DemoComment(
      key: "private-note", photo: "hiro-1", author: "ines", minutesAfter: 230,
      text: "Note to self: ask Hiro for the full-size file (only I can see this comment).",
      isPrivate: true),
    DemoComment(
      key: "broken", photo: "greta-4", author: "hiro", minutesAfter: 12,
      text: "The upload seems to have failed, I only see a grey box?"),
    DemoComment(
      key: "broken-reply", photo: "greta-4", author: "greta", minutesAfter: 31,
      text: "Yes, the train went into a tunnel halfway through. I'll try again at home."),
    DemoComment(
      key: "private-photo", photo: "hiro-2", author: "hiro", minutesAfter: 3,
      text: "Keeping this one to myself."),
    DemoComment(
      key: "club", photo: "bram-2", author: "ada", minutesAfter: 64,
      text: "Climbing club only! Same crag next Saturday?"),
    DemoComment(
      key: "welcome", photo: "old-ada", author: "bram", minutesAfter: 120,
      text: "Welcome! Nice first photo."),
  ]

  /// Everyday comments, reused in turn.
  private static let phrases = [
    "Wow!", "Beautiful light.", "Take me back!", "Great shot 👍", "When was this?",
    "Love the colours.", "Is that near the lake?", "So jealous right now.", "Stunning.",
    "This should be a postcard.", "Haha, I remember that day.", "What camera is this?",
    "Gorgeous!", "Miss this place.", "Frame it!", "The sky 😍", "Next time I'm coming too.",
    "Perfect timing.", "Looks cold up there!", "Such a calm picture.",
  ]

  /// How many everyday comments each photo gets, in turn.
  private static let counts = [2, 1, 1, 2, 0, 1, 2]

  /// Every comment: the featured ones and, for each photo in turn, a few everyday ones by its
  /// viewers (its uploader's friends allowed by its ACL; the uploader when there is nobody else).
  static var comments: [DemoComment] {
    var result = featured
    var phrase = 0
    for (position, photo) in DemoAlbum.allPhotos.enumerated() {
      let friends = DemoCast.friends(of: photo.uploader).filter { DemoAlbum.canSee($0, photo) }
      let viewers = friends.isEmpty ? [photo.uploader] : friends
      for index in 0..<counts[position % counts.count] {
        let author = viewers[(position + index) % viewers.count]
        result.append(
          DemoComment(
            key: "\(photo.key)/\(index)", photo: photo.key, author: author,
            minutesAfter: 20 + 97 * index + (position * 37) % 300,
            text: phrases[phrase % phrases.count]))
        phrase += 1
      }
    }
    return result
  }
}
