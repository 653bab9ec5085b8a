import WallImaging
import WallModel
import WallSupport

/// The names of derived files, in one place: the media step names what it makes with these, and
/// a sharded build names what it predicts other shards make with the same (`PlannedMedia`).
extension MediaStore {
  /// The recipe of a generated avatar's key.
  package static let generatedAvatarRecipe = "generated avatar"

  /// The label of a variant in its file name: `a<side>` for an avatar, `w<width>` for a photo.
  /// - Parameters:
  ///   - avatar: Whether the variant is an avatar's.
  ///   - width: The variant's width (an avatar's side).
  package static func variantLabel(avatar: Bool, width: Int) -> String {
    "\(avatar ? "a" : "w")\(width)"
  }

  /// One display variant of the source of `key`: its file, and its WebP sibling's when one is
  /// made (`media/ab/<key>-w320.jpg`, `media/ab/<key>-w320.webp`).
  /// - Parameters:
  ///   - key: The source's content key.
  ///   - avatar: Whether it is an avatar (`a<side>`) rather than a photo (`w<width>`).
  ///   - size: The variant's size.
  ///   - format: The variant's format.
  ///   - webp: Whether a WebP sibling is made.
  package static func variant(
    key: String, avatar: Bool, size: PixelSize, format: ImageFormat, webp: Bool
  ) -> StoredImage {
    let label = variantLabel(avatar: avatar, width: size.width)
    var stored = StoredImage(
      path: path(key: key, variant: label, fileExtension: format.fileExtension),
      width: size.width, height: size.height)
    if webp { stored.webp = path(key: key, variant: label, fileExtension: "webp") }
    return stored
  }

  /// The copy of the original of the source of `key` (`media/ab/<key>-original.jpg`).
  /// - Parameters:
  ///   - key: The source's content key.
  ///   - format: The source's format.
  ///   - size: Its upright size.
  package static func original(key: String, format: ImageFormat, size: PixelSize) -> StoredImage {
    StoredImage(
      path: path(key: key, variant: "original", fileExtension: format.fileExtension),
      width: size.width, height: size.height)
  }

  /// The generated avatar of a user without a usable picture (an SVG of their initials):
  /// its site-relative path, named by its content, and its bytes.
  ///
  /// Every stand-in (`User.isStandIn`) shares one: a "?" whose colour says nothing of whom.
  /// - Parameter user: The user.
  package static func generatedAvatar(of user: User) -> (path: String, svg: [UInt8]) {
    let (key, svg) = generatedAvatarContent(of: user)
    return (path(key: key, variant: "avatar", fileExtension: "svg"), svg)
  }

  /// The content key of `user`'s generated avatar: what a sharded build places it by
  /// (`users.avatarHash`).
  package static func generatedAvatarKey(of user: User) -> String {
    generatedAvatarContent(of: user).key
  }

  private static func generatedAvatarContent(of user: User) -> (key: String, svg: [UInt8]) {
    let svg = Array(
      GeneratedAvatar.svg(
        userID: user.isStandIn ? "" : user.objectId, name: user.isStandIn ? "" : user.displayName
      ).utf8)
    return (key(for: svg, recipe: generatedAvatarRecipe), svg)
  }

  /// Writes (or stages) the generated avatar of `user` (`generatedAvatar(of:)`) unless the file
  /// already holds it, or `claim` declines its path (a shard writes each avatar once): the one
  /// writer of generated avatars, for every build.
  /// - Returns: Its site-relative path.
  /// - Throws: `WriteError` when it cannot be written, or what `claim` throws.
  @discardableResult
  package func writeGeneratedAvatar(
    of user: User, claim: (String) throws(WriteError) -> Bool = { _ in true }
  ) throws(WriteError) -> String {
    let (path, svg) = Self.generatedAvatar(of: user)
    if try claim(path) { try write(svg, at: path) }
    return path
  }
}
