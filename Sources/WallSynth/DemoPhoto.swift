import WallKit

/// A photo in the demo export: who uploaded it, what it shows, how it is stored, who may see it.
struct DemoPhoto: Sendable {
  /// How the bytes are stored.
  enum Encoding: Sendable {
    case progressiveJPEG, baselineJPEG, png

    /// The file name extension.
    var fileExtension: String { self == .png ? "png" : "jpg" }
  }

  /// The image's `ACL`.
  enum Access: Sendable, Equatable {
    /// No `ACL` field: public, Parse's default.
    case noACL
    /// `{"*": read, uploader: read+write}`: public, written out.
    case everyone
    /// `{uploader: read+write}`: only the uploader sees it.
    case uploaderOnly
    /// `{"role:<name>": read, uploader: read+write}`: the role's members (and the uploader).
    case role(String)
  }

  /// A short stable key ("ada-1") that ids and the picture's seed are derived from.
  let key: String
  /// The uploader's user key.
  let uploader: String
  private(set) var picture: ProceduralPicture
  let width: Int
  let height: Int
  let encoding: Encoding
  let date: DemoDate
  var access = Access.noACL
  /// For `WallImageObject` rows (older schema): the caption.
  var caption: String?
  /// Whether the file is deliberately truncated.
  var isBroken = false

  /// Creates a photo whose picture seed comes from its key.
  init(
    _ key: String, by uploader: String, _ kind: ProceduralPicture.Kind, _ width: Int,
    _ height: Int, _ encoding: Encoding, _ date: DemoDate
  ) {
    self.key = key
    self.uploader = uploader
    self.picture = ProceduralPicture(kind: kind, seed: DemoIdentifier.seed("picture:\(key)"))
    self.width = width
    self.height = height
    self.encoding = encoding
    self.date = date
  }

  /// The objectId of its `WallImage` or `WallImageObject` row.
  var objectId: String { DemoIdentifier.objectId("image:\(key)") }

  /// The Parse File name, also its path under `files/`.
  var fileName: String { DemoIdentifier.fileName("file:\(key)", ext: encoding.fileExtension) }

  /// The same photo with another access.
  func with(_ access: Access) -> DemoPhoto {
    var copy = self
    copy.access = access
    return copy
  }

  /// The same photo with its pixels in shades of gray.
  func blackAndWhite() -> DemoPhoto {
    var copy = self
    copy.picture.blackAndWhite = true
    return copy
  }

  /// The same photo stored truncated.
  func broken() -> DemoPhoto {
    var copy = self
    copy.isBroken = true
    return copy
  }

  /// The same photo as an older-schema row with an optional caption.
  func captioned(_ caption: String?) -> DemoPhoto {
    var copy = self
    copy.caption = caption
    return copy
  }
}
