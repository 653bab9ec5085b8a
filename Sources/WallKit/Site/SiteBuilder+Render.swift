extension SiteBuilder {
  /// The most bytes of rendered cards a build keeps for reuse across walls (a card is 1–2 KB).
  static let renderMemoBudget = 128 << 20

  /// Where the walls go: `walls/<objectId>/`, or `walls/<token>/` in a private build.
  func layout(for users: [User]) throws(SiteLayoutError) -> SiteLayout {
    if let secret = settings.privateSecret { return try SiteLayout(users: users, secret: secret) }
    return try SiteLayout(users: users)
  }

  /// Renders every wall (in parallel) and the index page (not in a private build).
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
    let output = settings.output
    // Most of a wall page is cards that other walls show too: render each once.
    let memo = reuse ? templates.makeMemo(byteBudget: Self.renderMemoBudget) : nil
    struct WallResult: Sendable {
      var paths: [String] = []
      var written = 0
      var imageCount: Int
      var failure: BuildError?
    }
    let results = ParallelWork.map(
      count: index.users.count, jobs: settings.pipeline.jobs, progress: progress
    ) {
      position -> WallResult in
      let user = index.users[position]
      let wall = model.pages(for: user)
      var result = WallResult(imageCount: wall.imageCount)
      var expectedSize = 16_384
      for page in wall.pages {
        do throws(BuildError) {
          let (outcome, size) = try Self.writePage(
            "wall", page.context, to: "\(output)/\(page.path)", templates: templates,
            capacity: expectedSize, memo: memo)
          expectedSize = size + 4_096
          if outcome == .written { result.written += 1 }
          result.paths.append(page.path)
        } catch {
          result.failure = error
        }
      }
      return result
    }
    if let failure = results.lazy.compactMap(\.failure).first { throw failure }
    if !isPrivate { layout.reportRenamedWalls(of: index.users, into: &report) }
    if isPrivate {
      return (results.flatMap(\.paths), results.reduce(0) { $0 + $1.written })
    }

    let indexPage = try renderIndex(
      index: index, layout: layout, model: model, wallSizes: results.map(\.imageCount),
      templates: templates)
    let paths = results.flatMap(\.paths) + ["index.html"]
    let written = results.reduce(0) { $0 + $1.written } + (indexPage == .written ? 1 : 0)
    return (paths, written)
  }

  /// Renders the index page: every wall by its owner's name, with its size.
  ///
  /// `wallSizes` are by position in `index.users`. The finalize step of a sharded build
  /// renders its index through this too.
  func renderIndex(
    index: WallIndex, layout: SiteLayout, model: WallPageModel, wallSizes: [Int],
    templates: TemplateLibrary
  ) throws(BuildError) -> SiteWriter.Outcome {
    let order = index.users.indices.sorted {
      let (a, b) = (index.users[$0], index.users[$1])
      let (nameA, nameB) = (a.displayName.lowercased(), b.displayName.lowercased())
      return nameA != nameB ? nameA < nameB : a.objectId < b.objectId
    }
    let walls: [TemplateValue] = order.map { position in
      let user = index.users[position]
      var entry = model.person(user, root: "")
      if case .object(var fields) = entry {
        fields["href"] = .string(layout.wallPage(userID: user.objectId, page: 1))
        fields["imageCount"] = .int(wallSizes[position])
        fields["one"] = .bool(wallSizes[position] == 1)
        entry = .object(fields)
      }
      return entry
    }
    return try Self.writePage(
      "index", ["root": "", "walls": .array(walls), "wallCount": .int(walls.count)],
      to: "\(settings.output)/index.html", templates: templates
    ).outcome
  }

  /// Renders the template `name` and writes it to `path` unless the file already holds those
  /// bytes; returns what happened and the page's size.
  private static func writePage(
    _ name: String, _ context: TemplateValue, to path: String, templates: TemplateLibrary,
    capacity: Int = 0, memo: FragmentMemo? = nil
  ) throws(BuildError) -> (outcome: SiteWriter.Outcome, size: Int) {
    let html: [UInt8]
    do {
      html = try templates.renderUTF8(name, context, capacity: capacity, memo: memo)
    } catch {
      throw .template(error)
    }
    do {
      return (try SiteWriter.write(html, to: path), html.count)
    } catch {
      throw .write(step: "render", error)
    }
  }
}
