import WallImport
import WallMedia
import WallModel
import WallReport
import WallSite

extension ShardBuilder {
  /// Runs the media stage over the shard's image files (`sources`) and notes in `record` what
  /// it made and where that came out otherwise than predicted.
  /// - Returns: The path of a file that no longer holds the bytes the plan recorded (the
  ///   export changed since), nil when none.
  func makeMedia(
    reader: PlanReader, sources: [PlannedSource], source: any ExportSource, media: PlannedMedia,
    into record: inout ShardRecord
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
        stateRoot: settings.stateFolder ?? SiteBuilder.stateFolder(for: settings.output)),
      thumbnailer: media.thumbnailer, jobs: settings.pipeline.jobs,
      copyOriginals: settings.copyOriginals, progress: progress)
    var report = ProblemReport()
    let catalog: MediaCatalog
    let counters: MediaStage.Counters
    do {
      (catalog, counters) = try stage.run(images: images, users: pictured, report: &report)
    } catch {
      throw .write(step: "media", error)
    }
    record.files += catalog.allPaths
    record.records = Array(catalog.records)
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
    for planned in sources {
      let predicted = media.outcome(of: planned)
      if planned.avatar {
        let owner = pictured.first { $0.picture?.path == planned.path }?.objectId ?? ""
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
    record.problems = report.problems
    record.processed = counters.processed
    record.reused = counters.reused
    record.failed = counters.failed
    return nil
  }

  /// Writes the generated avatars of the shard's slice that the plan's predictions need.
  func makeGeneratedAvatars(reader: PlanReader, media: PlannedMedia) throws(PlanError)
    -> [String]
  {
    var written: Set<String> = []
    for (user, picture) in try reader.generatedAvatarUsers(in: shard) {
      if let picture, media.outcome(of: picture).avatar != nil { continue }
      let (path, svg) = MediaStore.generatedAvatar(of: user)
      guard written.insert(path).inserted else { continue }
      do {
        _ = try SiteWriter.write(svg, to: "\(settings.output)/\(path)")
      } catch {
        throw .write(step: "media", error)
      }
    }
    return written.sorted()
  }
}
