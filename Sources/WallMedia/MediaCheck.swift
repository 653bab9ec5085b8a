import WallImaging
import WallImport
import WallModel
import WallReport
import WallSupport

/// The media step of `wallgen check`: every image file a build would process, read and looked
/// at without storing anything, its problems reported as the build reports them
/// (`MediaPlan.report`).
package struct MediaCheck: Sendable {
  /// How far each file is read.
  package enum Depth: Sendable {
    /// Format, size and limits from the header (`ImageProbe`); no pixel is decoded.
    case header
    /// Decoded and resized exactly as the build does, the variants then dropped.
    case decode
  }

  let source: any ExportSource
  let thumbnailer: Thumbnailer
  let jobs: Int
  let depth: Depth
  var progress: any BuildProgress = SilentProgress()

  /// Creates the step: `jobs` files at a time from `source`, each read as far as `depth`.
  package init(
    source: any ExportSource, thumbnailer: Thumbnailer, jobs: Int, depth: Depth,
    progress: any BuildProgress = SilentProgress()
  ) {
    self.source = source
    self.thumbnailer = thumbnailer
    self.jobs = jobs
    self.depth = depth
    self.progress = progress
  }

  /// Looks at the photos of `images` and the pictures of `users`.
  /// - Parameter report: Receives an error for each file that cannot be used and, when
  ///   decoding, a warning for each of the decoder's warnings.
  package func run(images: [WallImage], users: [User], report: inout ProblemReport) {
    let plan = MediaPlan(images: images, users: users)
    progress.counting(plan.sources.count)
    let findings = ParallelWork.map(count: plan.sources.count, jobs: jobs, progress: progress) {
      [self] index in
      look(at: plan.sources[index])
    }
    for (index, finding) in findings.enumerated() {
      plan.report(finding, source: index, into: &report)
    }
  }

  /// Reads one file and probes or decodes it.
  private func look(at file: MediaPlan.Source) -> MediaPlan.Finding {
    let bytes: [UInt8]
    do {
      bytes = try source.read(file.path, limit: thumbnailer.limits.maxFileBytes)
    } catch {
      return MediaPlan.Finding(problem: error.reason)
    }
    do throws(ImagingError) {
      switch depth {
      case .header:
        _ = try ImageProbe.inspect(bytes, limits: thumbnailer.limits)
        return MediaPlan.Finding()
      case .decode:
        let set = try MediaStage.variants(
          of: bytes, avatar: file.avatar, thumbnailer: thumbnailer)
        return MediaPlan.Finding(warnings: set.warnings)
      }
    } catch {
      return MediaPlan.Finding(problem: error.description)
    }
  }
}
