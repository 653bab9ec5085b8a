import Foundation
import WallArchive
import WallModel
import WallSite
import WallWACZ

extension WallCLI {
  /// The `--base-url` of `command`, or the placeholder when it is not given.
  /// - Throws: `UsageError` (exit 64) naming the value and what is wrong with it.
  static func baseURL(_ value: String?, command: String) throws(UsageError) -> BaseURL {
    guard let value else { return .standard }
    do {
      return try BaseURL(value)
    } catch {
      throw UsageError(error.description, command: command)
    }
  }

  /// Writes the whole site in `options.output` as a WACZ at `options.waczFile` after a build.
  ///
  /// Its date is `SOURCE_DATE_EPOCH`, else the newest date the site shows (`BuildResult.newest`),
  /// else 1980-01-01, as the archive's; its pages are the index page and each wall's first page.
  /// - Returns: nil when it was written (or not asked for), else the exit code to return.
  static func writeSiteWACZ(_ result: BuildResult, options: BuildOptions, console: Console)
    -> ExitCode?
  {
    guard let file = options.waczFile else { return nil }
    let base: BaseURL
    let epoch: Int64?
    do throws(UsageError) {
      base = try baseURL(options.baseURL, command: "build")
      epoch = try sourceDateEpoch(ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
    } catch {
      console.err(error.description)
      return .usage
    }
    let seconds =
      epoch ?? result.newest.map { $0.millisecondsSince1970 / 1000 } ?? Archiver.fallbackEpoch
    let resources = WACZResource.files(under: options.output)
    let present = Set(resources.map(\.path))
    let walls = result.wallPages.sorted { $0.key < $1.key }.map(\.value)
    let pages = (["index.html"] + walls).filter { present.contains($0) }
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
