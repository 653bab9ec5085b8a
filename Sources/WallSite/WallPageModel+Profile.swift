import WallMedia
import WallModel
import WallRender

/// The side column of a wall's first page (`profile` in `wall.html`), shown beside the feed on
/// a wide screen as a profile page shows its owner: their picture, their wall's photo count,
/// the friends whose photos are on it (their faces linking to their walls on a public site) and
/// the newest photos, linking to the grid.
///
/// Only the first page has it: later pages are found from the first, and each page that
/// repeated it would weigh a few kilobytes more.
extension WallPageModel {
  /// How many friends' faces the column shows at most.
  static let profileFaces = 9
  /// How many of the newest photos the column shows at most.
  static let profilePhotos = 6

  /// The side column of `user`'s wall, whose images are `images` (newest first).
  ///
  /// The friends are the uploaders of the wall's photos other than its owner (a wall shows its
  /// owner's photos and their friends'), in the order of their newest photo there; the count
  /// is of them all.
  func profile(of user: User, images: [WallImage]) -> TemplateValue {
    let root = layout.pageToRoot
    let strings = language.strings
    var seen: Set<String> = [user.objectId]
    var faces: [TemplateValue] = []
    var friendCount = 0
    for image in images where seen.insert(image.uploaderID).inserted {
      guard let friend = index.user(image.uploaderID) else { continue }
      friendCount += 1
      // A stand-in (a row the reader may not read) is counted, but has no face to show.
      if faces.count < Self.profileFaces, !friend.isStandIn {
        faces.append(person(friend, root: root))
      }
    }
    var photos: [TemplateValue] = []
    for image in images where photos.count < Self.profilePhotos {
      guard let (variants, _) = readyMedia(image), let smallest = variants.first else { continue }
      photos.append([
        "src": .string(root + smallest.path), "srcset": Self.pageSrcset(variants, root: root),
        "width": .int(smallest.width),
        "height": .int(smallest.height), "alt": .string(shownAlt(image)),
      ])
    }
    return [
      "label": .string(strings.text("profileLabel", ["name": user.displayName])),
      "owner": person(user, root: root),
      "photoCount": .string(strings.text("photoCount", count: images.count)),
      "friendCount": .string(strings.text("profileFriendCount", count: friendCount)),
      "friendsHeading": .string(strings.text("profileFriends")),
      "friends": .array(faces), "hasFriends": .bool(!faces.isEmpty),
      "photosHeading": .string(strings.text("profilePhotos")),
      "photos": .array(photos), "hasPhotos": .bool(!photos.isEmpty),
      "gridHref": .string(SiteLayout.photoGridFileName),
      "gridText": .string(strings.text("profileAllPhotos")),
    ]
  }
}
