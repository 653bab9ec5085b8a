/// Turns every source image of the export into display variants (and avatars), in parallel,
/// reusing what earlier builds stored. One bad image never stops the stage: it is reported
/// and shown as a placeholder.
struct MediaStage {
  /// Display widths of wall photos.
  static let photoWidths = [320, 640, 1280]
  /// Avatar sizes (small and large).
  static let avatarSizes = [64, 128]

  let source: any ExportSource
  let store: MediaStore
  let thumbnailer: Thumbnailer
  let jobs: Int
  let copyOriginals: Bool

  /// Counts of what the stage did, for the summary and for tests.
  struct Counters: Sendable, Equatable {
    var processed = 0
    var reused = 0
    var failed = 0
  }

  /// The result of one source file.
  private struct Job: Sendable {
    var outcome: MediaOutcome
    var problem: String?
    var warnings: [String] = []
    var reused: Bool
  }

  /// Processes the photos of `images` and the pictures of `users`.
  func run(images: [WallImage], users: [User], report: inout ProblemReport) -> (MediaCatalog, Counters) {
    var catalog = MediaCatalog()
    var counters = Counters()
    // Each file once, however many images or walls use it; in a fixed order.
    var owners: [String: WallImage] = [:]
    for image in images.sorted(by: { $0.objectId < $1.objectId }) {
      if let path = image.file?.path, owners[path] == nil { owners[path] = image }
    }
    let photoPaths = owners.keys.sorted()
    let pictured = users.filter { $0.picture != nil }.sorted { $0.objectId < $1.objectId }
    let total = photoPaths.count + pictured.count
    let results = ParallelWork.map(count: total, jobs: jobs) { [self] index -> Job in
      if index < photoPaths.count {
        return process(path: photoPaths[index], avatar: false)
      }
      let picture = pictured[index - photoPaths.count].picture?.path ?? ""
      return process(path: picture, avatar: true)
    }
    for (index, job) in results.enumerated() {
      let isPhoto = index < photoPaths.count
      let path = isPhoto ? photoPaths[index] : pictured[index - photoPaths.count].picture?.path ?? ""
      if job.reused { counters.reused += 1 } else if case .failed = job.outcome { counters.failed += 1 } else { counters.processed += 1 }
      let (className, objectId) =
        isPhoto ? (owners[path]?.className ?? "", owners[path]?.objectId ?? "") : ("_User", pictured[index - photoPaths.count].objectId)
      if let problem = job.problem {
        report.error(path, className, objectId, problem + (isPhoto ? "; shown as a placeholder" : "; a generated avatar is used"))
      }
      for warning in job.warnings {
        report.warning(path, className, objectId, "decoded with a warning: \(warning)")
      }
      if isPhoto {
        catalog.images[path] = job.outcome
      } else if case .ready(let variants, _) = job.outcome, let small = variants.first, let large = variants.last {
        catalog.avatars[pictured[index - photoPaths.count].objectId] = AvatarImage(small: small.path, large: large.path)
      }
    }
    return (catalog, counters)
  }

  /// Reads, decodes and stores one source, or reuses what is stored for its bytes.
  private func process(path: String, avatar: Bool) -> Job {
    let bytes: [UInt8]
    do {
      bytes = try source.read(path, limit: thumbnailer.limits.maxFileBytes)
    } catch {
      return Job(outcome: .failed(reason: error.reason), problem: error.reason, reused: false)
    }
    let recipe = avatar ? "avatar \(Self.avatarSizes)" : "photo \(Self.photoWidths) q\(thumbnailer.jpegQuality) original=\(copyOriginals)"
    let key = MediaStore.key(for: bytes, recipe: recipe)
    if let cached = store.cached(key: key) {
      if case .failed(let reason) = cached { return Job(outcome: cached, problem: reason, reused: true) }
      return Job(outcome: cached, reused: true)
    }
    do {
      let set =
        avatar
        ? try thumbnailer.squareVariants(of: bytes, sizes: Self.avatarSizes)
        : try thumbnailer.variants(of: bytes, widths: Self.photoWidths)
      var files: [(path: String, bytes: [UInt8])] = []
      var variants: [StoredImage] = []
      for variant in set.variants {
        let name = MediaStore.path(key: key, variant: "\(avatar ? "a" : "w")\(variant.width)", fileExtension: variant.format.fileExtension)
        files.append((name, variant.bytes))
        variants.append(StoredImage(path: name, width: variant.width, height: variant.height))
      }
      var original: StoredImage?
      if copyOriginals && !avatar, let format = ImageFormat.sniff(bytes) {
        let name = MediaStore.path(key: key, variant: "original", fileExtension: format.fileExtension)
        files.append((name, bytes))
        original = StoredImage(path: name, width: set.sourceWidth, height: set.sourceHeight)
      }
      let outcome = MediaOutcome.ready(variants: variants, original: original)
      try store.store(key: key, files: files, outcome: outcome)
      return Job(outcome: outcome, warnings: set.warnings, reused: false)
    } catch let error as ImagingError {
      let reason = error.description
      // Failures are recorded too, so a rebuild does not decode a bad file again.
      try? store.store(key: key, files: [], outcome: .failed(reason: reason))
      return Job(outcome: .failed(reason: reason), problem: reason, reused: false)
    } catch {
      return Job(outcome: .failed(reason: "\(error)"), problem: "\(error)", reused: false)
    }
  }
}
