/// Where a wall page model finds what the media step made of each photo and each user's
/// picture, when that is not a whole `MediaCatalog`: a sharded build's batches work it out
/// only for the cards they actually make.
struct MediaLookup: Sendable {
  /// A photo's outcome by its path inside the export; nil when it has none.
  let photo: @Sendable (String) -> MediaOutcome?
  /// A user's avatar by objectId; nil when they have none.
  let avatar: @Sendable (String) -> AvatarImage?
}
