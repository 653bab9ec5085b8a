import WallMedia

/// Where a wall page model finds what the media step made of each photo and each user's
/// picture: a one-process build's and an archive's `MediaCatalog`, or a sharded build's
/// predictions, which its batches work out only for the cards they actually make.
package struct MediaLookup: Sendable {
  /// A photo's outcome by its path inside the export; nil when it has none.
  package let photo: @Sendable (String) -> MediaOutcome?
  /// A user's avatar by objectId; nil when they have none.
  let avatar: @Sendable (String) -> AvatarImage?

  /// Looks up photos and avatars with the given functions.
  package init(
    photo: @escaping @Sendable (String) -> MediaOutcome?,
    avatar: @escaping @Sendable (String) -> AvatarImage?
  ) {
    self.photo = photo
    self.avatar = avatar
  }

  /// Looks up what the media step made, as `catalog` holds it.
  package init(_ catalog: MediaCatalog) {
    self.init(photo: { catalog.images[$0] }, avatar: { catalog.avatars[$0] })
  }
}
