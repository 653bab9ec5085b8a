import WallImport
import WallMedia
import WallModel
import WallReport
import WallSite
import WallSupport

extension ShardBuilder {
  /// How many image files the media stage takes at once: the shard's files are read from the
  /// plan and made `mediaChunk` at a time (files with the same bytes together), so its memory
  /// follows the chunk, not the shard's files.
  static let mediaChunk = 4_096

  /// Runs the media stage over the shard's image files, `chunk` at a time, and notes in
  /// `record` and `lists` what it made and where that came out otherwise than predicted.
  /// - Returns: The path of a file that no longer holds the bytes the plan recorded (the
  ///   export changed since), nil when none.
  func makeMedia(
    reader: PlanReader, source: any ExportSource, media: PlannedMedia, chunk: Int = mediaChunk,
    into record: inout ShardRecord, lists: ShardLists
  ) throws(PlanError) -> String? {
    var report = ProblemReport()
    var changed: String?
    var made = record
    // The step's count is the shard's files, not a chunk's.
    progress.counting(try reader.sourceCount(in: shard, audience: settings.audience))
    try reader.forEachSourceChunk(in: shard, audience: settings.audience, chunk: chunk) {
      sources throws(PlanError) in
      guard changed == nil else { return }
      changed = try makeMedia(
        reader: reader, sources: sources, source: source, media: media, into: &made,
        lists: lists, report: &report)
    }
    record = made
    record.problems = report.problems
    return changed
  }

  /// Runs the media stage over `sources` (one chunk) and notes what it made.
  private func makeMedia(
    reader: PlanReader, sources: [PlannedSource], source: any ExportSource, media: PlannedMedia,
    into record: inout ShardRecord, lists: ShardLists, report: inout ProblemReport
  ) throws(PlanError) -> String? {
    var images: [WallImage] = []
    var pictured: [User] = []
    for planned in sources {
      if planned.avatar {
        pictured += try reader.users(withPicture: planned.path)
      } else {
        // The image the file is reported under stands for every image that shows it.
        images.append(
          WallImage(
            objectId: planned.ownerId, className: planned.ownerClass, uploaderID: "",
            file: FileReference(path: planned.path, originalName: ""),
            createdAt: Timestamp(millisecondsSince1970: 0), acl: nil))
      }
    }
    let stage = MediaStage(
      source: source,
      store: MediaStore(
        siteRoot: settings.output,
        stateRoot: settings.stateFolder ?? SiteBuilder.stateFolder(for: settings.output),
        staging: staging),
      thumbnailer: media.thumbnailer, jobs: settings.pipeline.jobs,
      copyOriginals: settings.copyOriginals, progress: WholeStepProgress(progress))
    let catalog: MediaCatalog
    let counters: MediaStage.Counters
    do {
      (catalog, counters) = try stage.run(images: images, users: pictured, report: &report)
      for path in catalog.allPaths { try lists.add(file: path) }
      for path in catalog.records { try lists.add(record: path) }
    } catch {
      throw .write(step: .media, error)
    }
    // The key of every file read must be the plan's: else the export changed since. A
    // photo's files name the key it was made under: another file with the plan's bytes
    // cannot hide that this one changed.
    for planned in sources {
      guard let key = media.key(of: planned) else { continue }
      var made: String?
      if !planned.avatar, case .ready(let variants, let original)? = catalog.images[planned.path] {
        made = variants.first?.path ?? original?.path
      }
      if !catalog.records.contains(MediaStore.recordPath(key: key))
        || made.map({ !$0.contains("/\(key)-") }) == true
      {
        return "\(reader.exportPath)/\(planned.path)"
      }
    }
    var pictureOwner: [String: String] = [:]
    for user in pictured.reversed() {
      if let path = user.picture?.path { pictureOwner[path] = user.objectId }
    }
    for planned in sources {
      let predicted = media.outcome(of: planned)
      if planned.avatar {
        let owner = pictureOwner[planned.path] ?? ""
        let made = catalog.avatars[owner]
        if made != predicted.avatar {
          record.corrections.pictures[planned.path] =
            made.map {
              .ready(
                variants: [
                  StoredImage(path: $0.small, width: 0, height: 0),
                  StoredImage(path: $0.large, width: 0, height: 0),
                ], original: nil)
            } ?? .failed(reason: "")
        }
      } else if let made = catalog.images[planned.path], !ShardedBuild.same(made, predicted) {
        record.corrections.photos[planned.path] = made
      }
    }
    record.processed += counters.processed
    record.reused += counters.reused
    record.failed += counters.failed
    return nil
  }

  /// Writes the generated avatars of the shard's slice that the plan's predictions need, and
  /// adds them to `lists`, as the plan's users are read.
  func makeGeneratedAvatars(reader: PlanReader, media: PlannedMedia, lists: ShardLists)
    throws(PlanError)
  {
    let store = MediaStore(siteRoot: settings.output, stateRoot: "", staging: staging)
    func write(_ user: User) throws(PlanError) {
      do throws(WriteError) {
        try store.writeGeneratedAvatar(of: user) { path throws(WriteError) in
          try lists.add(generatedAvatar: path)
        }
      } catch {
        throw .write(step: .media, error)
      }
    }
    try reader.forEachGeneratedAvatarUser(in: shard) { user, picture throws(PlanError) in
      // Stand-ins share one avatar, written below by one shard.
      if user.isStandIn { return }
      if let picture, media.outcome(of: picture).avatar != nil { return }
      try write(user)
    }
    // Placed as the plan places every generated avatar (`users.avatarHash`): by its key.
    let standIn = User.standIn(for: "")
    if shard.owns(StableHash.of(MediaStore.generatedAvatarKey(of: standIn))),
      try reader.hasStandIns()
    {
      try write(standIn)
    }
  }
}
