import WallSite

/// The pipeline's front refuses an export for an archive as for a build (`PreparationError`).
extension ArchiveError: PreparationRefusal {}
