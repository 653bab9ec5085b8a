import Foundation
import WallArchive
import WallModel
import WallSite
import WallSupport
import WallWACZ

extension WallCLI {
  /// The URL a web archive puts its files under: the site's base URL (`--base-url`, else the
  /// configuration file's), or the placeholder when it has none.
  /// - Throws: `UsageError` (exit 64) when a WACZ cannot use that address (a host that is not
  ///   a plain name, a path that needs escaping).
  static func waczBase(_ value: BaseURL?, command: String) throws(UsageError) -> WACZBase {
    guard let value else { return .standard }
    do {
      return try WACZBase(value.string)
    } catch {
      throw UsageError(error.description, command: command)
    }
  }

  /// Writes the site in `options.output` as a WACZ at `options.waczFile` after a build or a
  /// sharded build's finalize.
  ///
  /// It holds exactly the files of the build's manifest: nothing else that lies in the output
  /// (`.env`, `.git/`, what an earlier build or another audience left) becomes a record. Its
  /// memory is bounded whatever the site's size: the files are read from the manifest as a
  /// stream, the pages from a list written beside the archive, and the index is sorted on
  /// disk (`WACZWriter`). Its date is `SOURCE_DATE_EPOCH`, else the newest date the site
  /// shows (`BuildResult.newest`), else 1980-01-01, as the archive's; its pages are the index
  /// page and each wall's first page.
  /// - Returns: nil when it was written (or not asked for), else the exit code to return.
  static func writeSiteWACZ(
    _ result: BuildResult, options: BuildOptions, settings: SiteBuilder.Settings,
    console: Console
  ) -> ExitCode? {
    guard let file = options.waczFile else { return nil }
    let base: WACZBase
    let epoch: Int64?
    do throws(UsageError) {
      base = try waczBase(settings.pipeline.site.baseURL, command: "build")
      epoch = try sourceDateEpoch(ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
    } catch {
      console.err(error.description)
      return .usage
    }
    let seconds =
      epoch ?? result.newest.map { $0.millisecondsSince1970 / 1000 } ?? Archiver.fallbackEpoch
    let stateRoot = settings.stateFolder ?? SiteBuilder.stateFolder(for: settings.output)
    let pageList = "\(file)\(FileSystem.temporarySuffix)pages-\(getpid())"
    defer { try? FileSystem.removeFile(pageList) }
    do {
      let summary = try WACZWriter.write(
        WACZWriter.Contents(
          resources: WACZFolderFiles(
            root: settings.output, paths: try BuildManifest.files(stateRoot: stateRoot)),
          pages: try writePageList(result, publicIndex: !options.privateBuild, to: pageList),
          title: nil),
        to: file, base: base, time: WARCTime(unixSeconds: seconds))
      if !options.quiet && !options.json {
        console.err(
          "wrote the web archive \(file) (\(count(summary.resources, "file")), "
            + "\(count(summary.pages, "page")), under \(base.text))")
      }
      return nil
    } catch let error as WACZError {
      console.err(error.description)
    } catch {
      console.err("error: \(error)")
    }
    return .failure
  }

  /// Writes the archive's pages to `path`, one a line (the index first when the site has one,
  /// then each wall's first page, in the walls' order), and returns them as a stream.
  private static func writePageList(_ result: BuildResult, publicIndex: Bool, to path: String)
    throws(WriteError) -> any LineSource
  {
    let list = try SortedLineWriter(path: path, ordered: false)
    if publicIndex { try list.append("index.html") }
    try result.walls.forEachWall { wall throws(WriteError) in try list.append(wall.page) }
    try list.install()
    return try LineFileReader(path: path)
  }
}
