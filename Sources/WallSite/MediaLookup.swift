import WallMedia

/// Where a wall page model finds what the media step made of each photo and each user's
/// picture, when that is not a whole `MediaCatalog`: a sharded build's batches work it out
/// only for the cards they actually make.
package struct MediaLookup: Sendable {
  /// A photo's outcome by its path inside the export; nil when it has none.
  package let photo: @Sendable (String) -> MediaOutcome?
  /// A user's avatar by objectId; nil when they have none.
  let avatar: @Sendable (String) -> AvatarImage?

  /// Creates a lookup from its two functions.
  package init(
    photo: @escaping @Sendable (String) -> MediaOutcome?,
    avatar: @escaping @Sendable (String) -> AvatarImage?
  ) {
    self.photo = photo
    self.avatar = avatar
  }
}
