import Synchronization
import WallMedia
import WallModel
import WallRender
import WallReport
import WallSupport

extension SiteBuilder {
  /// The most bytes of rendered cards a build keeps for reuse across walls (a card is 1–2 KB).
  static let renderMemoBudget = 128 << 20

  /// Where the walls go: `walls/<objectId>/`, or `walls/<token>/` in a private build.
  package func layout(for users: [User]) throws(SiteLayoutError) -> SiteLayout {
    if let secret = settings.privateSecret { return try SiteLayout(users: users, secret: secret) }
    return try SiteLayout(users: users)
  }

  /// Renders every wall (in parallel) and the index pages (not in a private build).
  func renderPages(
    index: WallIndex, catalog: MediaCatalog, templates: TemplateLibrary, layout: SiteLayout,
    report: inout ProblemReport
  ) throws(BuildError) -> (paths: [String], written: Int) {
    let isPrivate = settings.privateSecret != nil
    let plainModel = WallPageModel(
      index: index, catalog: catalog, layout: layout, zone: settings.pipeline.timeZone,
      pageSize: settings.pipeline.pageSize, linkIndex: !isPrivate,
      isPublic: !isPrivate)
    let reuse = settings.reuseRenderings
    let model = reuse ? plainModel.cached() : plainModel
    let (output, staging) = (settings.output, staging)
    // After one page could not be written (a full disk), the others are not rendered.
    let failed = Atomic<Bool>(false)
    // Most of a wall page is cards that other walls show too: render each once.
    let memo = reuse ? templates.makeMemo(byteBudget: Self.renderMemoBudget) : nil
    struct WallResult: Sendable {
      var paths: [String] = []
      var written = 0
      var failure: BuildError?
    }
    let results = ParallelWork.map(
      count: index.users.count, jobs: settings.pipeline.jobs, progress: progress
    ) {
      position -> WallResult in
      var result = WallResult()
      guard !failed.load(ordering: .relaxed) else { return result }
      let user = index.users[position]
      let wall = model.pages(for: user)
      var expectedSize = 16_384
      for page in wall.pages {
        do throws(BuildError) {
          let (outcome, size) = try Self.writePage(
            "wall", page.context, at: page.path, in: output, staging: staging,
            templates: templates, capacity: expectedSize, memo: memo)
          expectedSize = size + 4_096
          if outcome == .written { result.written += 1 }
          result.paths.append(page.path)
        } catch {
          result.failure = error
          failed.store(true, ordering: .relaxed)
          break
        }
      }
      return result
    }
    if let failure = results.lazy.compactMap(\.failure).first { throw failure }
    if !isPrivate { layout.reportRenamedWalls(of: index.users, into: &report) }
    if isPrivate {
      return (results.flatMap(\.paths), results.reduce(0) { $0 + $1.written })
    }

    let indexPages = try renderIndex(
      index: index, catalog: catalog, layout: layout, templates: templates)
    let paths = results.flatMap(\.paths) + indexPages.paths
    let written = results.reduce(0) { $0 + $1.written } + indexPages.written
    return (paths, written)
  }

  /// Renders the template `name` and writes it to the site file `relative` of `siteRoot` (or
  /// stages it in `staging`) unless the file already holds those bytes; returns what happened
  /// and the page's size.
  static func writePage(
    _ name: String, _ context: TemplateValue, at relative: String, in siteRoot: String,
    staging: StagingArea?, templates: TemplateLibrary, capacity: Int = 0,
    memo: FragmentMemo? = nil
  ) throws(BuildError) -> (outcome: SiteWriter.Outcome, size: Int) {
    let html: [UInt8]
    do {
      html = try templates.renderUTF8(name, context, capacity: capacity, memo: memo)
    } catch {
      throw .template(error)
    }
    do {
      let outcome = try SiteWriter.write(html, at: relative, in: siteRoot, staging: staging)
      return (outcome, html.count)
    } catch {
      throw .write(step: "render", error)
    }
  }
}
