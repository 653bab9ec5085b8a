import Synchronization
import WallModel
import WallRender
import WallSupport

/// Renders pages with the theme's templates and writes them into a site, in place or into a
/// staging area, leaving a file that already holds the bytes untouched; the walls in parallel.
///
/// The one-process build, a shard and finalize write every page and asset through this, so
/// their errors are the same: a template's names the theme's file (`ThemeTemplates`), a write's
/// is `BuildError.write` with the step being written (`render`, `assets`).
package struct PageWriter: Sendable {
  /// The site's folder.
  package let siteRoot: String
  /// Where the build stages what it changes; nil writes in place (a shard, finalize).
  package let staging: StagingArea?
  /// The theme's templates.
  package let templates: ThemeTemplates

  /// A writer into `siteRoot`, staging into `staging` when it is given.
  package init(siteRoot: String, staging: StagingArea?, templates: ThemeTemplates) {
    self.siteRoot = siteRoot
    self.staging = staging
    self.templates = templates
  }

  /// What some pages came to.
  package struct Written: Sendable {
    /// Site-relative paths of the files, written or found unchanged, in order.
    package var paths: [String] = []
    /// How many of them were written.
    package var written = 0

    /// Adds what `other` wrote after these.
    package mutating func append(_ other: Written) {
      paths += other.paths
      written += other.written
    }

    /// Adds the file `path`, counted as written when `outcome` says so.
    package mutating func add(_ path: String, _ outcome: SiteWriter.Outcome) {
      paths.append(path)
      if outcome == .written { written += 1 }
    }
  }

  /// Renders the template `name` and writes it as the site file `relative` unless it already
  /// holds those bytes.
  /// - Parameters:
  ///   - name: The template (`wall`, `index`).
  ///   - context: Its data.
  ///   - relative: The page's path in the site.
  ///   - capacity: The expected size of the page.
  ///   - memo: Where renderings of keyed cards are kept and reused.
  ///   - expand: Makes the card a stand-in stands for.
  /// - Returns: Whether the file was written, and the page's size.
  /// - Throws: `BuildError.template` naming the theme's file, or `.write` with step `render`.
  package func write(
    _ name: String, _ context: TemplateValue, at relative: String, capacity: Int = 0,
    memo: FragmentMemo? = nil, expand: TemplateExpander? = nil
  ) throws(BuildError) -> (outcome: SiteWriter.Outcome, size: Int) {
    let html: [UInt8]
    do {
      html = try templates.render(name, context, capacity: capacity, memo: memo, expand: expand)
    } catch {
      throw .template(error)
    }
    return (try write(html, at: relative, step: .render), html.count)
  }

  /// Writes `bytes` as the site file `relative` unless it already holds them.
  /// - Parameters:
  ///   - bytes: The file's content.
  ///   - relative: Its path in the site.
  ///   - step: The step its write error names.
  /// - Throws: `BuildError.write` with `step`.
  package func write(_ bytes: [UInt8], at relative: String, step: BuildStep) throws(BuildError)
    -> SiteWriter.Outcome
  {
    do {
      return try SiteWriter.write(bytes, at: relative, in: siteRoot, staging: staging)
    } catch {
      throw .write(step: step, error)
    }
  }

  /// Renders and writes every page of the walls of `users` as `model` makes them, `jobs` walls
  /// at a time; once a page fails, no further wall is rendered.
  /// - Parameters:
  ///   - users: The walls' owners.
  ///   - model: Their pages' data.
  ///   - jobs: Workers.
  ///   - progress: Told of each wall done.
  ///   - memo: Where renderings of keyed cards are kept and reused across walls.
  ///   - expand: Makes the card a stand-in stands for.
  ///   - alongside: Other pages to write with the same workers (the index pages), first, so
  ///     that they are not a last step on one core; their pages come after the walls'.
  /// - Returns: The pages, wall by wall in the order of `users`.
  /// - Throws: As `write(_:_:at:capacity:memo:expand:)`: the first failure in that order, the
  ///   walls' before those of `alongside`.
  package func writeWalls(
    of users: [User], model: WallPageModel, jobs: Int, progress: any BuildProgress,
    memo: FragmentMemo?, expand: TemplateExpander? = nil,
    alongside: (@Sendable () throws(BuildError) -> Written)? = nil
  ) throws(BuildError) -> Written {
    // After one page could not be written (a full disk), the others are not rendered.
    let failed = Atomic<Bool>(false)
    struct Wall: Sendable {
      var pages = Written()
      var failure: BuildError?
    }
    // Without an expander of its own (a shard's), a build lists its model's cards as stand-ins.
    let standIns = expand == nil && memo != nil
    let expand = standIns ? TemplateExpander { model.expandSharedCard($0) } : expand
    // Item 0 is `alongside`, when there is one; the walls follow.
    let first = alongside == nil ? 0 : 1
    // Progress counts walls only.
    let walls = ParallelWork.map(count: users.count + first, jobs: jobs) { item -> Wall in
      var wall = Wall()
      guard !failed.load(ordering: .relaxed) else { return wall }
      if item < first, let alongside {
        do throws(BuildError) { wall.pages = try alongside() } catch {
          wall.failure = error
          failed.store(true, ordering: .relaxed)
        }
        return wall
      }
      let position = item - first
      defer { progress.advanced() }
      var expectedSize = 16_384
      let user = users[position]
      // The wall's images, worked out once for its pages, its grid and its viewer data. Its
      // pages are made and written one at a time: a hub's wall has hundreds.
      let feed = model.feed(for: user)
      for number in 1...feed.pageCount {
        let page = model.page(number, of: feed, standIns: standIns)
        do throws(BuildError) {
          let (outcome, size) = try write(
            "wall", page.context, at: page.path, capacity: expectedSize, memo: memo,
            expand: expand)
          expectedSize = size + 4_096
          wall.pages.add(page.path, outcome)
        } catch {
          wall.failure = error
          failed.store(true, ordering: .relaxed)
          return wall
        }
      }
      do throws(BuildError) {
        wall.pages.append(
          try writePhotoViews(of: feed, model: model, memo: memo))
      } catch {
        wall.failure = error
        failed.store(true, ordering: .relaxed)
      }
      return wall
    }
    let inOrder = walls.dropFirst(first) + walls.prefix(first)
    if let failure = inOrder.lazy.compactMap(\.failure).first { throw failure }
    var written = Written()
    for wall in inOrder { written.append(wall.pages) }
    return written
  }

  /// Writes the photo grid of `feed`'s wall and the viewer's data of its photos, beside its
  /// pages (`WallPageModel.photoGrid(for:)`, `writePhotoData(of:)`).
  ///
  /// Both grow with the wall's photos, so both are made and written a piece at a time
  /// (`ChangedFileStream`): the grid's tiles are made as they are rendered, and the page goes
  /// to disk a megabyte at a time. With a memo, tiles a build's model keyed
  /// (`WallPageModel.cached()`) are rendered once and reused on other walls.
  /// - Returns: Their site-relative paths, and how many were written.
  /// - Throws: As `write(_:_:at:capacity:memo:expand:)`.
  package func writePhotoViews(
    of feed: WallPageModel.Feed, model: WallPageModel, memo: FragmentMemo? = nil
  ) throws(BuildError) -> Written {
    let (user, wall) = (feed.user, feed.images)
    var written = Written()
    let grid = model.photoGrid(
      for: user, wall: wall, positions: feed.positions, standIns: true,
      listed: feed.listsViewerData)
    let tiles = TemplateExpander { model.expandGridTile($0) }
    if try writeStreamed("photos", grid.context, at: grid.path, memo: memo, expand: tiles)
      == .written
    {
      written.written += 1
    }
    written.paths.append(grid.path)
    let dataPath = model.photoDataPath(of: user)
    guard model.sharesViewerEntries else {
      let data = SiteWriter.stream(at: dataPath, in: siteRoot, staging: staging)
      model.writePhotoData(of: feed) { data.append($0) }
      if try finish(data) == .written { written.written += 1 }
      written.paths.append(dataPath)
      return written
    }
    if let list = model.viewerList(of: feed) {
      written.add(dataPath, try write(list, at: dataPath, step: .render))
    }
    try model.forEachViewerEntryFile(of: feed) { path, bytes throws(BuildError) in
      written.add(path, try write(bytes, at: path, step: .render))
    }
    return written
  }

  /// Renders the template `name` and writes it as the site file `relative` a chunk at a time
  /// (`TemplateSink`, `ChangedFileStream`) unless it already holds those bytes: for a page
  /// that grows with the export.
  /// - Parameters:
  ///   - name: The template.
  ///   - context: Its data.
  ///   - relative: The page's path in the site.
  ///   - memo: Where renderings of keyed list elements are kept and reused.
  ///   - expand: Makes the element a stand-in stands for.
  /// - Throws: `BuildError.template` naming the theme's file, or `.write` with step `render`.
  package func writeStreamed(
    _ name: String, _ context: TemplateValue, at relative: String, memo: FragmentMemo? = nil,
    expand: TemplateExpander?
  ) throws(BuildError) -> SiteWriter.Outcome {
    let stream = SiteWriter.stream(at: relative, in: siteRoot, staging: staging)
    do {
      stream.append(
        try templates.render(
          name, context, memo: memo, expand: expand, sink: TemplateSink { stream.append($0) }))
    } catch {
      throw .template(error)
    }
    return try finish(stream)
  }

  /// Puts a streamed file in place.
  /// - Throws: `BuildError.write` with step `render`.
  private func finish(_ stream: ChangedFileStream) throws(BuildError) -> SiteWriter.Outcome {
    do {
      return try stream.finish() ? .written : .unchanged
    } catch {
      throw .write(step: .render, error)
    }
  }

  /// Writes the theme's assets under `assets/`, in name order; for a private site, also a
  /// blank `index.html` in each folder that has no page of its own (`FolderIndexes`).
  /// - Parameter folderPages: The language of a private site's blank folder pages; nil for a
  ///   public site, which gets none.
  /// - Returns: Their site-relative paths, and how many were written.
  /// - Throws: `BuildError.write` with step `assets`.
  package func writeAssets(folderPages language: String? = nil) throws(BuildError) -> Written {
    var written = Written()
    let assets = templates.theme.assets.sorted(by: { $0.key < $1.key })
    for (path, bytes) in assets {
      let relative = "assets/\(path)"
      written.add(relative, try write(bytes, at: relative, step: .assets))
    }
    guard let language else { return written }
    let page = FolderIndexes.page(language: language)
    for relative in FolderIndexes.paths(assets: assets.map(\.key)) {
      written.add(relative, try write(page, at: relative, step: .assets))
    }
    return written
  }
}
