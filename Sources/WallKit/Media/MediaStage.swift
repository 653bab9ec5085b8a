/// Turns every source image of the export into display variants (and avatars), in parallel, reusing
/// what earlier builds stored.
///
/// One bad image never stops the stage: it is reported and shown as a placeholder.
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
  var progress: any BuildProgress = SilentProgress()

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
  func run(images: [WallImage], users: [User], report: inout ProblemReport) -> (
    MediaCatalog, Counters
  ) {
    var catalog = MediaCatalog()
    var counters = Counters()
    // Each file once, however many images or walls use it; in a fixed order.
    let plan = MediaPlan(images: images, users: users)
    let sources = plan.sources
    // Pass 1: key every source by content, so equal files are decoded once.
    let keys = ParallelWork.map(count: sources.count, jobs: jobs) { [self] index in
      key(for: sources[index])
    }
    var firstWithKey: [String: Int] = [:]
    for (index, key) in keys.enumerated() {
      if case .success(let key) = key, firstWithKey[key] == nil { firstWithKey[key] = index }
    }
    let unique = firstWithKey.values.sorted()
    // Pass 2: decode and store each distinct source (or reuse what is stored).
    progress.counting(unique.count)
    let processed = ParallelWork.map(count: unique.count, jobs: jobs, progress: progress) {
      [self] position -> Job in
      let index = unique[position]
      guard case .success(let key) = keys[index] else {
        return Job(outcome: .failed(reason: ""), reused: false)
      }
      return process(sources[index], key: key)
    }
    var jobByKey: [String: Job] = [:]
    for (position, index) in unique.enumerated() {
      if case .success(let key) = keys[index] {
        jobByKey[key] = processed[position]
        catalog.records.insert(MediaStore.recordPath(key: key))
      }
      let job = processed[position]
      // An image that failed counts as failed whether it failed now or in an earlier build
      // (its reason is reported again), so the counts agree with the problems.
      if case .failed = job.outcome {
        counters.failed += 1
      } else if job.reused {
        counters.reused += 1
      } else {
        counters.processed += 1
      }
    }
    for (index, source) in sources.enumerated() {
      let job: Job
      switch keys[index] {
      case .success(let key):
        job = jobByKey[key] ?? Job(outcome: .failed(reason: "not processed"), reused: false)
      case .failure(let error):
        counters.failed += 1
        job = Job(outcome: .failed(reason: error.reason), problem: error.reason, reused: false)
      }
      plan.report(
        MediaPlan.Finding(problem: job.problem, warnings: job.warnings), source: index,
        into: &report)
      let path = source.path
      let isPhoto = !source.avatar
      if isPhoto {
        catalog.images[path] = job.outcome
      } else if case .ready(let variants, _) = job.outcome, let small = variants.first,
        let large = variants.last
      {
        catalog.avatars[plan.pictureOwner(index)] = AvatarImage(
          small: small.path, large: large.path)
      }
    }
    return (catalog, counters)
  }

  typealias Source = MediaPlan.Source

  /// The content key of a source: its bytes' hash and how it is processed.
  private func key(for source: Source) -> Result<String, ImportError> {
    Result { () throws(ImportError) in
      let bytes = try self.source.read(source.path, limit: thumbnailer.limits.maxFileBytes)
      let recipe = Self.recipe(
        avatar: source.avatar, jpegQuality: thumbnailer.jpegQuality, copyOriginals: copyOriginals)
      return MediaStore.key(for: bytes, recipe: recipe)
    }
  }

  /// How a source is processed, as its key includes it: an avatar's sizes, or a photo's widths,
  /// quality and whether its original is kept.
  static func recipe(avatar: Bool, jpegQuality: Int, copyOriginals: Bool) -> String {
    avatar
      ? "avatar \(avatarSizes)"
      : "photo \(photoWidths) q\(jpegQuality) original=\(copyOriginals)"
  }

  /// The display variants of a photo, or the avatars of a picture, as the build makes them.
  /// - Throws: `ImagingError` when the file is refused or cannot be decoded.
  static func variants(of bytes: [UInt8], avatar: Bool, thumbnailer: Thumbnailer)
    throws(ImagingError) -> ThumbnailSet
  {
    avatar
      ? try thumbnailer.squareVariants(of: bytes, sizes: avatarSizes)
      : try thumbnailer.variants(of: bytes, widths: photoWidths)
  }

  /// Decodes and stores one source, or reuses what is stored for its key.
  private func process(_ source: Source, key: String) -> Job {
    let avatar = source.avatar
    if let cached = store.cached(key: key) {
      if case .failed(let reason) = cached {
        return Job(outcome: cached, problem: reason, reused: true)
      }
      return Job(outcome: cached, reused: true)
    }
    let bytes: [UInt8]
    do {
      bytes = try self.source.read(source.path, limit: thumbnailer.limits.maxFileBytes)
    } catch {
      return Job(outcome: .failed(reason: error.reason), problem: error.reason, reused: false)
    }
    do {
      let set = try Self.variants(of: bytes, avatar: avatar, thumbnailer: thumbnailer)
      var files: [(path: String, bytes: [UInt8])] = []
      var variants: [StoredImage] = []
      for variant in set.variants {
        let name = MediaStore.path(
          key: key, variant: "\(avatar ? "a" : "w")\(variant.width)",
          fileExtension: variant.format.fileExtension)
        files.append((name, variant.bytes))
        variants.append(StoredImage(path: name, width: variant.width, height: variant.height))
      }
      var original: StoredImage?
      if copyOriginals && !avatar, let format = ImageFormat.sniff(bytes) {
        let name = MediaStore.path(
          key: key, variant: "original", fileExtension: format.fileExtension)
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
