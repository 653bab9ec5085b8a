import WallKit

/// The demo export's photos: 40 `WallImage` rows and 3 older `WallImageObject` rows.
enum DemoAlbum {
  /// The `WallImage` rows, by uploader.
  ///
  /// Sizes run from 800 to 1600 px on the long side.
  static let photos: [DemoPhoto] = [
    DemoPhoto("ada-1", by: "ada", .mountains, 1200, 800, .baselineJPEG, DemoDate(3, 9, 10, 14)),
    DemoPhoto("ada-2", by: "ada", .sunset, 1024, 768, .progressiveJPEG, DemoDate(3, 22, 19, 2)),
    DemoPhoto("ada-3", by: "ada", .mountains, 1600, 480, .progressiveJPEG, DemoDate(4, 13, 12, 30)),
    DemoPhoto(
      "ada-4", by: "ada", .starryNight, 1200, 900, .progressiveJPEG, DemoDate(5, 3, 23, 41)),
    DemoPhoto("ada-5", by: "ada", .sunset, 800, 1200, .baselineJPEG, DemoDate(6, 21, 20, 55)),
    DemoPhoto("bram-1", by: "bram", .mountains, 1024, 768, .baselineJPEG, DemoDate(3, 15, 9, 20)),
    DemoPhoto("bram-2", by: "bram", .mountains, 960, 640, .progressiveJPEG, DemoDate(4, 5, 14, 47))
      .with(.role(DemoCast.climbingClub.name)),
    DemoPhoto(
      "bram-3", by: "bram", .starryNight, 768, 1024, .progressiveJPEG, DemoDate(5, 17, 22, 10)),
    DemoPhoto("bram-4", by: "bram", .sunset, 1440, 960, .baselineJPEG, DemoDate(6, 28, 20, 31)),
    DemoPhoto(
      "chiara-1", by: "chiara", .sunset, 1200, 900, .progressiveJPEG, DemoDate(3, 30, 18, 45)),
    DemoPhoto("chiara-2", by: "chiara", .tiles, 900, 900, .png, DemoDate(4, 19, 11, 5)),
    DemoPhoto(
      "chiara-3", by: "chiara", .mountains, 1024, 768, .baselineJPEG, DemoDate(5, 10, 8, 30)
    )
    .blackAndWhite(),
    DemoPhoto(
      "chiara-4", by: "chiara", .skyline, 1200, 800, .progressiveJPEG, DemoDate(6, 7, 21, 15)),
    DemoPhoto(
      "dmitri-1", by: "dmitri", .starryNight, 1024, 768, .progressiveJPEG, DemoDate(4, 1, 1, 12)),
    DemoPhoto(
      "dmitri-2", by: "dmitri", .mountains, 800, 1200, .baselineJPEG, DemoDate(5, 24, 7, 5)),
    DemoPhoto(
      "dmitri-3", by: "dmitri", .sunset, 1000, 1000, .progressiveJPEG, DemoDate(7, 4, 20, 40)),
    DemoPhoto("esi-1", by: "esi", .circles, 1000, 1000, .progressiveJPEG, DemoDate(3, 27, 16, 22)),
    DemoPhoto("esi-2", by: "esi", .mountains, 1200, 800, .progressiveJPEG, DemoDate(4, 26, 13, 13)),
    DemoPhoto("esi-3", by: "esi", .sunset, 1024, 768, .baselineJPEG, DemoDate(6, 14, 19, 48)),
    DemoPhoto(
      "farid-1", by: "farid", .skyline, 1200, 800, .progressiveJPEG, DemoDate(3, 12, 20, 5)),
    DemoPhoto("farid-2", by: "farid", .tiles, 1024, 768, .baselineJPEG, DemoDate(4, 9, 12, 40))
      .with(.everyone),
    DemoPhoto(
      "farid-3", by: "farid", .skyline, 768, 1024, .progressiveJPEG, DemoDate(5, 29, 21, 33)),
    DemoPhoto("farid-4", by: "farid", .circles, 800, 800, .png, DemoDate(7, 11, 15, 50)),
    DemoPhoto(
      "greta-1", by: "greta", .skyline, 1600, 1200, .progressiveJPEG, DemoDate(3, 18, 19, 25)),
    DemoPhoto("greta-2", by: "greta", .circles, 900, 900, .progressiveJPEG, DemoDate(5, 6, 17, 0)),
    DemoPhoto("greta-3", by: "greta", .tiles, 900, 900, .progressiveJPEG, DemoDate(5, 6, 17, 0)),
    DemoPhoto("greta-4", by: "greta", .sunset, 1024, 768, .progressiveJPEG, DemoDate(6, 2, 10, 10))
      .broken(),
    DemoPhoto("hiro-1", by: "hiro", .skyline, 1024, 768, .baselineJPEG, DemoDate(3, 25, 22, 45)),
    DemoPhoto(
      "hiro-2", by: "hiro", .starryNight, 1200, 800, .progressiveJPEG, DemoDate(4, 22, 0, 30)
    )
    .with(.uploaderOnly),
    DemoPhoto("hiro-3", by: "hiro", .sticker, 800, 800, .png, DemoDate(5, 15, 14, 14)),
    DemoPhoto("hiro-4", by: "hiro", .circles, 768, 1024, .progressiveJPEG, DemoDate(6, 25, 18, 18)),
    DemoPhoto("ines-1", by: "ines", .tiles, 960, 640, .progressiveJPEG, DemoDate(4, 3, 10, 50)),
    DemoPhoto("ines-2", by: "ines", .skyline, 1200, 900, .baselineJPEG, DemoDate(5, 21, 20, 20)),
    DemoPhoto("ines-3", by: "ines", .sunset, 1200, 800, .progressiveJPEG, DemoDate(7, 19, 19, 59)),
    DemoPhoto("luca-1", by: "luca", .circles, 1024, 768, .progressiveJPEG, DemoDate(4, 16, 16, 16)),
    DemoPhoto("luca-2", by: "luca", .skyline, 800, 1200, .progressiveJPEG, DemoDate(6, 11, 21, 40)),
    DemoPhoto("luca-3", by: "luca", .tiles, 1000, 1000, .png, DemoDate(7, 26, 9, 9)),
    DemoPhoto("jonas-1", by: "jonas", .circles, 1200, 900, .progressiveJPEG, DemoDate(3, 5, 15, 0)),
    DemoPhoto("jonas-2", by: "jonas", .tiles, 1024, 768, .baselineJPEG, DemoDate(5, 12, 11, 11)),
    DemoPhoto(
      "jonas-3", by: "jonas", .starryNight, 960, 640, .progressiveJPEG, DemoDate(7, 8, 23, 5)),
  ]

  /// The `WallImageObject` rows of the app's first version: a username and a caption.
  static let legacyPhotos: [DemoPhoto] = [
    DemoPhoto("old-ada", by: "ada", .mountains, 1024, 768, .progressiveJPEG, DemoDate(2, 18, 17, 3))
      .captioned("First photo with the new app!"),
    DemoPhoto("old-bram", by: "bram", .sunset, 800, 600, .baselineJPEG, DemoDate(2, 23, 18, 26))
      .captioned("Sunday hike"),
    DemoPhoto("old-jonas", by: "jonas", .tiles, 800, 800, .progressiveJPEG, DemoDate(2, 27, 16, 40))
      .captioned(nil),
  ]

  /// Every photo, current and older schema.
  static var allPhotos: [DemoPhoto] { photos + legacyPhotos }

  /// Whether `reader` sees `photo` on their wall: the uploader or a friend of theirs, and the
  /// ACL allows it (docs/input-format.md, "Who sees what").
  static func canSee(_ reader: String, _ photo: DemoPhoto) -> Bool {
    guard reader == photo.uploader || DemoCast.friends(of: photo.uploader).contains(reader) else {
      return false
    }
    switch photo.access {
    case .noACL, .everyone: return true
    case .uploaderOnly: return reader == photo.uploader
    case .role(let name):
      let club = DemoCast.climbingClub
      return reader == photo.uploader || (name == club.name && club.members.contains(reader))
    }
  }
}
