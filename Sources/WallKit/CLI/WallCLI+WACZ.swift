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

  /// Writes the whole site in `options.output` as a WACZ at `options.waczFile` after a build.
  ///
  /// Its date is `SOURCE_DATE_EPOCH`, else the newest date the site shows (`BuildResult.newest`),
  /// else 1980-01-01, as the archive's; its pages are the index page and each wall's first page.
  /// - Returns: nil when it was written (or not asked for), else the exit code to return.
  static func writeSiteWACZ(
    _ result: BuildResult, options: BuildOptions, baseURL: BaseURL?, console: Console
  ) -> ExitCode? {
    guard let file = options.waczFile else { return nil }
    let base: WACZBase
    let epoch: Int64?
    do throws(UsageError) {
      base = try waczBase(baseURL, command: "build")
      epoch = try sourceDateEpoch(ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
    } catch {
      console.err(error.description)
      return .usage
    }
    let seconds =
      epoch ?? result.newest.map { $0.millisecondsSince1970 / 1000 } ?? Archiver.fallbackEpoch
    // The archive holds every file's path (`WACZWriter` indexes them all) and so the walls'
    // first pages too: unlike the build, it grows with the site.
    let resources = WACZResource.files(under: options.output)
    let present = Set(resources.map(\.path))
    var pages = present.contains("index.html") ? ["index.html"] : []
    do {
      try result.walls.forEachWall { wall throws(WriteError) in
        if present.contains(wall.page) { pages.append(wall.page) }
      }
    } catch {
      console.err("error: \(error)")
      return .failure
    }
    do throws(WACZError) {
      let summary = try WACZWriter.write(
        WACZWriter.Contents(resources: resources, pages: pages, title: nil), to: file,
        base: base, time: WARCTime(unixSeconds: seconds))
      if !options.quiet && !options.json {
        console.err(
          "wrote the web archive \(file) (\(count(summary.resources, "file")), "
            + "\(count(summary.pages, "page")), under \(base.text))")
      }
      return nil
    } catch {
      console.err(error.description)
      return .failure
    }
  }
}
