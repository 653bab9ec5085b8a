import WallImaging
import WallMedia
import WallModel
import WallSite

/// What the media step will make of each image file, predicted from the plan's record (its
/// digest and header) without decoding: the content key, and the variants' names and sizes.
///
/// A shard renders its walls with these predictions for images other shards make. Only a file
/// whose header reads but whose pixels do not decode (or, for a PNG with an alpha channel,
/// whose pixels all turn out opaque) comes out otherwise; the shard that makes it records the
/// difference, and the finalize step renders again the few walls that show it
/// (docs/sharding.md).
struct PlannedMedia: Sendable {
  let thumbnailer: Thumbnailer
  let copyOriginals: Bool
  /// The recipes of photos' and avatars' keys (`MediaStage.recipe`), worked out once.
  private let photoRecipe: String
  private let avatarRecipe: String

  init(thumbnailer: Thumbnailer, copyOriginals: Bool) {
    self.thumbnailer = thumbnailer
    self.copyOriginals = copyOriginals
    func recipe(avatar: Bool) -> String {
      MediaStage.recipe(
        avatar: avatar, jpegQuality: thumbnailer.jpegQuality, copyOriginals: copyOriginals,
        webp: thumbnailer.webp)
    }
    photoRecipe = recipe(avatar: false)
    avatarRecipe = recipe(avatar: true)
  }

  /// The content key of `source`, as the media stage computes it from the bytes; nil when the
  /// file could not be read.
  func key(of source: PlannedSource) -> String? {
    key(of: PlannedFile(source))
  }

  func key(of file: PlannedFile) -> String? {
    guard let digest = file.digest else { return nil }
    return MediaStore.key(
      digest: digest.bytes, recipe: file.avatar ? avatarRecipe : photoRecipe)
  }

  /// The predicted outcome of `source`: failed when it could not be read, its header could not
  /// be read or is over the limits, else the variants its header gives.
  func outcome(of source: PlannedSource) -> MediaOutcome {
    outcome(of: PlannedFile(source))
  }

  func outcome(of source: PlannedFile) -> MediaOutcome {
    outcome(of: source, key: key(of: source))
  }

  /// The predicted outcome of `source`, whose content key (`key(of:)`) is `key`.
  func outcome(of source: PlannedFile, key: String?) -> MediaOutcome {
    guard let key, let info = source.info else {
      return .failed(reason: source.failure ?? "not planned")
    }
    // The same check as the build's header probe: a file the plan's relaxed probe read may
    // be over this build's limits.
    do {
      try thumbnailer.limits.checkPixels(width: info.width, height: info.height)
    } catch {
      return .failed(reason: error.description)
    }
    let format: ImageFormat = info.hasAlpha ? .png : .jpeg
    if source.avatar {
      let sides = thumbnailer.plannedSquareSizes(of: info, sizes: MediaStage.avatarSizes)
      let variants = sides.map {
        MediaStore.variant(
          key: key, avatar: true, size: PixelSize(width: $0, height: $0), format: format,
          webp: false)
      }
      return .ready(variants: variants, original: nil)
    }
    let sizes = thumbnailer.plannedVariantSizes(of: info, widths: MediaStage.photoWidths)
    let variants = sizes.map {
      MediaStore.variant(
        key: key, avatar: false, size: $0, format: format, webp: thumbnailer.webp != nil)
    }
    let original =
      copyOriginals
      ? MediaStore.original(
        key: key, format: info.format,
        size: PixelSize(width: info.displayWidth, height: info.displayHeight)) : nil
    return .ready(variants: variants, original: original)
  }

}

/// Where the media step came out otherwise than `PlannedMedia` predicted, by the shards that
/// made the files: the finalize step renders the walls that show these again.
struct MediaCorrections: Sendable {
  /// Photos' actual outcomes, by path.
  var photos: [String: MediaOutcome] = [:]
  /// Pictures' actual outcomes, by path.
  var pictures: [String: MediaOutcome] = [:]

  var isEmpty: Bool { photos.isEmpty && pictures.isEmpty }
}

extension PlannedMedia {
  /// What a batch's cards show of `neighborhood`'s media: each photo's outcome as the
  /// neighbourhood holds it (`photoOutcome`), each avatar when a card first shows it, kept in
  /// `avatars` for the next batches.
  func lookup(
    photos: [String: MediaOutcome], pictures: [String: PlannedSource],
    users: @escaping @Sendable (String) -> User?, corrections: MediaCorrections,
    avatars: AvatarCache
  ) -> MediaLookup {
    let media = self
    return MediaLookup(
      photo: { [photos] path in
        photos[path] ?? corrections.photos[path] ?? .failed(reason: "not planned")
      },
      avatar: { userID in
        if let avatar = avatars.avatar(of: userID) { return avatar }
        guard let user = users(userID) else { return nil }
        let avatar = media.avatar(
          of: user, picture: user.picture.flatMap { pictures[$0.path] },
          corrections: corrections)
        avatars.keep(avatar, for: userID)
        return avatar
      })
  }

  /// What the walls show of a photo: its outcome as corrected (`corrections`), else as
  /// predicted from the plan's record.
  ///
  /// A photo is looked up on every wall that shows it (its tile, the viewer's list): its outcome
  /// (content key, the variants' names) is made once, when its record is loaded, and kept with
  /// the rows (`Neighborhood.photos`), from batch to batch while they show it. Working out the
  /// names on each lookup took 7 % of the samples of a 10k re-render, and a table of them made
  /// again for each batch 4 % of the main thread's samples of the 100k render (docs/scale.md).
  func photoOutcome(path: String, file: PlannedFile, corrections: MediaCorrections)
    -> MediaOutcome
  {
    corrections.photos[path] ?? outcome(of: file)
  }

  /// A user's avatar: their picture's variants when it is made (as corrected, else as
  /// predicted), else their generated avatar.
  func avatar(of user: User, picture: PlannedSource?, corrections: MediaCorrections)
    -> AvatarImage
  {
    if let picture {
      let made = corrections.pictures[picture.path] ?? outcome(of: picture)
      if let avatar = made.avatar { return avatar }
    }
    let path = MediaStore.generatedAvatar(of: user).path
    return AvatarImage(small: path, large: path)
  }
}

/// What the predicted outcome of an image file needs of the plan's record of it, in less memory
/// than the whole record (a shard keeps one for each photo its walls show).
struct PlannedFile: Sendable {
  /// Whether it is processed as an avatar.
  var avatar: Bool
  /// The SHA-256 of its bytes; nil when it could not be read (or the plan's is not one).
  var digest: Digest256?
  /// Its header, when it could be read.
  var info: ImageInfo?
  /// Why it could not be read or its header could not.
  var failure: String?

  init(_ source: PlannedSource) {
    avatar = source.avatar
    digest = source.digest.flatMap(PlanSchema.bytes(hex:)).flatMap(Digest256.init)
    info = source.info
    failure = source.readError ?? source.probeError
  }
}

/// A SHA-256 digest held in place, not in an array of its own.
struct Digest256: Sendable {
  private let words: (UInt64, UInt64, UInt64, UInt64)

  /// The digest of 32 bytes; nil for another count.
  init?(_ bytes: [UInt8]) {
    guard bytes.count == 32 else { return nil }
    func word(_ at: Int) -> UInt64 {
      bytes[at..<at + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }
    words = (word(0), word(8), word(16), word(24))
  }

  /// Its 32 bytes.
  var bytes: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    for word in [words.0, words.1, words.2, words.3] {
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
      }
    }
    return bytes
  }
}
