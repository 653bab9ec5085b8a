import Synchronization
import WallImaging
import WallImport
import WallModel
import WallReport
import WallSupport

/// Turns every source image of the export into display variants (and avatars), in parallel, reusing
/// what earlier builds stored.
///
/// One bad image never stops the stage: it is reported and shown as a placeholder. A file that
/// cannot be written does: that is the output's fault, not the image's, so it is thrown, never
/// shown as a placeholder nor recorded as the image's failure.
package struct MediaStage {
  /// Display widths of wall photos.
  package static let photoWidths = [320, 640, 1280]
  /// Avatar sizes (small and large).
  package static let avatarSizes = [64, 128]

  let source: any ExportSource
  let store: MediaStore
  let thumbnailer: Thumbnailer
  let jobs: Int
  let copyOriginals: Bool
  var progress: any BuildProgress = SilentProgress()

  /// Creates the step: `jobs` images at a time from `source` into `store`.
  package init(
    source: any ExportSource, store: MediaStore, thumbnailer: Thumbnailer, jobs: Int,
    copyOriginals: Bool, progress: any BuildProgress = SilentProgress()
  ) {
    self.source = source
    self.store = store
    self.thumbnailer = thumbnailer
    self.jobs = jobs
    self.copyOriginals = copyOriginals
    self.progress = progress
  }

  /// Counts of what the stage did, for the summary and for tests.
  package struct Counters: Sendable, Equatable {
    package var processed = 0
    package var reused = 0
    package var failed = 0
  }

  /// The result of one source file.
  private struct Job: Sendable {
    var outcome: MediaOutcome
    var problem: String?
    var warnings: [String] = []
    var reused: Bool
    /// Why the outputs could not be stored; the stage then fails.
    var writeFailure: WriteError?
  }

  /// What the one pass over the sources found for one of them.
  private enum Pass: Sendable {
    /// The file could not be read.
    case unreadable(ImportError)
    /// Another source with the same content key claimed it first and made its outputs.
    case duplicate(key: String)
    /// This source's content was processed (or found stored) here.
    case done(key: String, Job)
    /// Not looked at: an earlier source's outputs could not be written, so the stage fails.
    case abandoned
  }

  /// Processes the photos of `images` and the pictures of `users`.
  /// - Throws: `WriteError` when an output or a record cannot be written (the first, in the
  ///   sources' order, of those met); the sources after it are then not processed.
  package func run(images: [WallImage], users: [User], report: inout ProblemReport)
    throws(WriteError)
    -> (MediaCatalog, Counters)
  {
    var catalog = MediaCatalog()
    var counters = Counters()
    // Each file once, however many images or walls use it; in a fixed order.
    let plan = MediaPlan(images: images, users: users)
    let sources = plan.sources
    // One pass: each file is read once, hashed for its key and decoded from the same bytes.
    // The largest files go first, so the workers finish together instead of one waiting for
    // the other's last big photo. Equal contents have equal keys: the first worker to hash one
    // claims it, and it is made once. Outputs depend only on the content, so neither the order
    // nor which source claims a key changes them.
    let order = Self.largestFirst(sources.map { source.byteCount(of: $0.path) ?? 0 })
    let claimed = Mutex<Set<String>>([])
    let writeFailed = Atomic<Bool>(false)
    progress.counting(sources.count)
    let passes = ParallelWork.map(count: order.count, jobs: jobs, progress: progress) {
      [self] position -> Pass in
      // Once the output refused a write (a full disk), decoding the rest is wasted work.
      guard !writeFailed.load(ordering: .relaxed) else { return .abandoned }
      let result = pass(sources[order[position]], claimed: claimed)
      if case .done(_, let job) = result, job.writeFailure != nil {
        writeFailed.store(true, ordering: .relaxed)
      }
      return result
    }
    var results = [Pass?](repeating: nil, count: sources.count)
    for (position, index) in order.enumerated() { results[index] = passes[position] }
    for case .done(_, let job)? in results {
      if let failure = job.writeFailure { throw failure }
    }
    var jobByKey: [String: Job] = [:]
    for case .done(let key, let job)? in results {
      jobByKey[key] = job
      catalog.records.insert(MediaStore.recordPath(key: key))
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
      switch results[index] {
      case .done(_, let done)?:
        job = done
      case .duplicate(let key)?:
        job = jobByKey[key] ?? Job(outcome: .failed(reason: "not processed"), reused: false)
      case .unreadable(let error)?:
        counters.failed += 1
        job = Job(outcome: .failed(reason: error.reason), problem: error.reason, reused: false)
      case .abandoned?, nil:
        job = Job(outcome: .failed(reason: "not processed"), reused: false)
      }
      plan.report(
        MediaPlan.Finding(problem: job.problem, warnings: job.warnings), source: index,
        into: &report)
      let path = source.path
      let isPhoto = !source.avatar
      if isPhoto {
        catalog.images[path] = job.outcome
      } else if let avatar = job.outcome.avatar {
        catalog.avatars[plan.pictureOwner(index)] = avatar
      }
    }
    return (catalog, counters)
  }

  /// The indices of `sizes`, largest first; equal sizes keep their order.
  static func largestFirst(_ sizes: [Int]) -> [Int] {
    sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
  }

  typealias Source = MediaPlan.Source

  /// Reads one source, keys it by content and, unless another source claimed that key first,
  /// makes (or finds stored) its outputs from the same bytes.
  private func pass(_ source: Source, claimed: borrowing Mutex<Set<String>>) -> Pass {
    let bytes: [UInt8]
    do {
      bytes = try self.source.read(source.path, limit: thumbnailer.limits.maxFileBytes)
    } catch {
      return .unreadable(error)
    }
    let recipe = Self.recipe(
      avatar: source.avatar, jpegQuality: thumbnailer.jpegQuality, copyOriginals: copyOriginals,
      webp: thumbnailer.webp)
    let key = MediaStore.key(for: bytes, recipe: recipe)
    guard claimed.withLock({ $0.insert(key).inserted }) else { return .duplicate(key: key) }
    return .done(key: key, process(bytes, avatar: source.avatar, key: key))
  }

  /// How a source is processed, as its key includes it: an avatar's sizes, or a photo's widths,
  /// quality and whether its original is kept.
  package static func recipe(
    avatar: Bool, jpegQuality: Int, copyOriginals: Bool, webp: WebPSettings?
  )
    -> String
  {
    avatar
      ? "avatar \(avatarSizes)"
      : "photo \(photoWidths) q\(jpegQuality) original=\(copyOriginals)"
        + (webp.map { " " + $0.recipe } ?? "")
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

  /// Decodes and stores the bytes of one source, or reuses what is stored for its key.
  ///
  /// A file that cannot be decoded is recorded as failed, so a rebuild does not decode it
  /// again; a file that cannot be written is the job's `writeFailure`, and nothing is recorded.
  private func process(_ bytes: [UInt8], avatar: Bool, key: String) -> Job {
    if let cached = store.cached(key: key) {
      if case .failed(let reason) = cached {
        return Job(outcome: cached, problem: reason, reused: true)
      }
      return Job(outcome: cached, reused: true)
    }
    let set: ThumbnailSet
    do {
      set = try Self.variants(of: bytes, avatar: avatar, thumbnailer: thumbnailer)
    } catch {
      let reason = error.description
      var job = Job(outcome: .failed(reason: reason), problem: reason, reused: false)
      do {
        try store.store(key: key, files: [], outcome: .failed(reason: reason))
      } catch {
        job.writeFailure = error
      }
      return job
    }
    var files: [(path: String, bytes: [UInt8])] = []
    var variants: [StoredImage] = []
    for (position, variant) in set.variants.enumerated() {
      let stored = MediaStore.variant(
        key: key, avatar: avatar, size: PixelSize(width: variant.width, height: variant.height),
        format: variant.format, webp: position < set.webpVariants.count)
      files.append((stored.path, variant.bytes))
      if let webp = stored.webp { files.append((webp, set.webpVariants[position])) }
      variants.append(stored)
    }
    var original: StoredImage?
    if copyOriginals && !avatar, let format = ImageFormat.sniff(bytes) {
      let copy = MediaStore.original(
        key: key, format: format,
        size: PixelSize(width: set.sourceWidth, height: set.sourceHeight))
      files.append((copy.path, bytes))
      original = copy
    }
    let outcome = MediaOutcome.ready(variants: variants, original: original)
    var job = Job(outcome: outcome, warnings: set.warnings, reused: false)
    do {
      try store.store(key: key, files: files, outcome: outcome)
    } catch {
      job.writeFailure = error
    }
    return job
  }
}
