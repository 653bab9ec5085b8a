/// A derived image file in the site, with its pixel size.
public struct StoredImage: Sendable, Hashable {
  /// Path relative to the site root (`media/ab/<key>-w320.jpg`).
  public var path: String
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// Path of the same image as WebP (`media/ab/<key>-w320.webp`), when WebP siblings are made.
  public var webp: String? = nil

  /// Creates a record of a stored file.
  package init(path: String, width: Int, height: Int, webp: String? = nil) {
    self.path = path
    self.width = width
    self.height = height
    self.webp = webp
  }
}

/// What the media stage made of one source image.
public enum MediaOutcome: Sendable, Hashable {
  /// Display variants, narrowest first, and the original's copy when kept.
  case ready(variants: [StoredImage], original: StoredImage?)
  /// The image could not be used; the reason is in the report.
  case failed(reason: String)
}

/// A user's picture at two sizes (both the same file for a generated SVG avatar).
public struct AvatarImage: Sendable, Hashable {
  /// The 64 px picture.
  public var small: String
  /// The 128 px picture.
  public var large: String

  /// Creates an avatar from its two files.
  package init(small: String, large: String) {
    self.small = small
    self.large = large
  }
}

extension MediaOutcome {
  /// The avatar a picture's outcome gives: its smallest and largest variants; nil when it
  /// failed (the user then gets a generated avatar).
  public var avatar: AvatarImage? {
    guard case .ready(let variants, _) = self, let small = variants.first,
      let large = variants.last
    else { return nil }
    return AvatarImage(small: small.path, large: large.path)
  }
}

/// The media of a build: what each image and each user's picture became.
public struct MediaCatalog: Sendable {
  /// Outcomes by source path inside the export (`files/…`).
  public var images: [String: MediaOutcome] = [:]
  /// Avatars by user objectId.
  public var avatars: [String: AvatarImage] = [:]
  /// State-relative paths of the media store's records this build used.
  public var records: Set<String> = []

  /// An empty catalog.
  public init() {}
}

extension MediaCatalog {
  /// Every site-relative file the catalog refers to: variants, originals and avatars.
  /// (The records live in the state folder; see `records`.)
  public var allPaths: [String] {
    var paths: [String] = []
    for outcome in images.values {
      if case .ready(let variants, let original) = outcome {
        paths += variants.map(\.path) + variants.compactMap(\.webp)
        if let original { paths.append(original.path) }
      }
    }
    for avatar in avatars.values { paths += [avatar.small, avatar.large] }
    return paths
  }
}
