#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wallgen fetch`: downloads every file an export's File fields link to into its `files/`.
///
/// One thread drives up to `FetchSettings.jobs` transfers through libcurl's multi interface.
/// A file already in `files/` is checked with a HEAD request: when the server's
/// `Content-Length` equals its size it is not downloaded again (so a rerun after an interrupted
/// run fetches only the rest); otherwise it is downloaded and replaced. Each download goes to a
/// temporary file that is renamed over its name once complete. A failed file is recorded and
/// never stops the others.
public struct Fetcher {
  /// How to fetch.
  public let settings: FetchSettings
  private let progress: any FetchProgress

  /// Creates a fetcher.
  /// - Parameters:
  ///   - settings: the export and how to fetch.
  ///   - progress: told of each failure and of the progress.
  public init(settings: FetchSettings, progress: any FetchProgress) {
    self.settings = settings
    self.progress = progress
  }

  /// Fetches every file of `list` (by default, the export's own).
  /// - Returns: What arrived and what did not.
  /// - Throws: `FetchError` when the export is not a folder, `files/` cannot be used or libcurl
  ///   cannot be set up; nothing is fetched then.
  public func run(list given: FetchList? = nil) throws(FetchError) -> FetchResult {
    guard isFolder(settings.export) else { throw .notAFolder(path: settings.export) }
    let started = ContinuousClock.now
    let list = given ?? FetchList.read(export: settings.export)
    let folder = try FilesFolder(export: settings.export)
    folder.removeLeftovers()
    var run = FetchRun(
      settings: settings, folder: folder, multi: try CurlMulti(), progress: progress)
    run.result.total = list.items.count
    progress.started(total: list.items.count)
    for record in list.refused { run.fail(record) }
    run.queue(list.items)
    run.drive()
    folder.removeTemporaryFolder()
    run.result.records.sort { ($0.file, $0.objectId, $0.url) < ($1.file, $1.objectId, $1.url) }
    run.result.seconds = Self.seconds(ContinuousClock.now - started)
    progress.finished(run.result)
    return run.result
  }

  private func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
