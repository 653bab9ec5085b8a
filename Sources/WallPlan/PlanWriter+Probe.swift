import WallImaging
import WallImport
import WallSite
import WallSupport

extension PlanWriter {
  /// What the plan records of one image file: its content's digest and its header.
  struct Probe: Sendable {
    var digest: String?
    var readError: String?
    var info: ImageInfo?
    var probeError: String?
    /// The `sources.hash`: what places the file's media in a shard.
    var hash: Int64 = 0

    /// The hash of a file by its content, or by its path when it could not be read.
    static func hash(of path: String, avatar: Bool, digest: String?) -> Int64 {
      StableHash.of("\(avatar ? "avatar" : "photo") \(digest ?? "unread \(path)")")
    }

    /// The columns of `sources` from `digest` to `probeError`, then `hash`.
    var columns: [SQLiteValue] {
      func integer(_ value: Int?) -> SQLiteValue { value.map { .integer(Int64($0)) } ?? .null }
      func text(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
      return [
        text(digest), text(readError), text(info?.format.rawValue), integer(info?.width),
        integer(info?.height), integer(info?.orientation),
        integer(info.map { $0.hasAlpha ? 1 : 0 }),
        text(probeError), .integer(hash),
      ]
    }
  }

  /// Reads every file once, in parallel: its SHA-256 and its header, probed with no pixel
  /// limit (a build's `--max-pixels` is applied when it predicts, see `PlannedMedia`).
  static func probe(
    _ sources: [(path: String, avatar: Bool)], source: any ExportSource, jobs: Int,
    progress: any BuildProgress
  ) -> [Probe] {
    let limits = PipelineSettings().limits
    var unlimited = limits
    unlimited.maxPixels = Int.max
    unlimited.maxSide = Int.max
    let relaxed = unlimited
    return ParallelWork.map(count: sources.count, jobs: jobs, progress: progress) {
      position in
      let bytes: [UInt8]
      do throws(ImportError) {
        bytes = try source.read(sources[position].path, limit: limits.maxFileBytes)
      } catch {
        var failed = Probe(readError: error.reason)
        failed.hash = Probe.hash(
          of: sources[position].path, avatar: sources[position].avatar, digest: nil)
        return failed
      }
      var probe = Probe(digest: Hex.encode(SHA256.digest(bytes)))
      probe.hash = Probe.hash(
        of: sources[position].path, avatar: sources[position].avatar, digest: probe.digest)
      do throws(ImagingError) {
        probe.info = try ImageProbe.inspect(bytes, limits: relaxed)
      } catch {
        probe.probeError = error.description
      }
      return probe
    }
  }
}
