/// Renders the walls of a sharded build a batch of owners at a time, from the plan's rows of
/// their neighbourhood only, so that memory follows the batch, not the export.
///
/// Each batch is an ordinary `WallIndex` and `WallPageModel` over a partial dataset that holds
/// everything its walls show (their owners' friends' images, all comments on those, everyone
/// named): the pages come out as a one-process build renders them.
struct WallBatchRenderer {
  /// The most friends a batch's walls may have together (each owner counting once more).
  ///
  /// A batch's memory follows its neighbourhood: the images of these users, the
  /// comments on them and everyone those name. Bounded by a count of walls (512), a batch of
  /// the 10,000-user scale export reached 67 % of its images and all its users, and a shard
  /// peaked at 472 MiB whatever its share; bounded by 2,048 friends, a batch reaches about a
  /// sixth of them (docs/sharding.md). Smaller batches prepare shared cards more often.
  static let friendBudget = 2_048
  /// The most bytes of rendered cards kept for reuse within a batch.
  static let memoBudget = 32 << 20

  let plan: PlanReader
  let media: PlannedMedia
  let settings: SiteBuilder.Settings
  let templates: TemplateLibrary
  let corrections: MediaCorrections
  var progress: any BuildProgress = SilentProgress()

  /// What the walls of some owners came to.
  struct Outcome: Sendable {
    /// Site-relative paths of the pages.
    var paths: [String] = []
    /// How many of them were written (the others held these bytes already).
    var written = 0
    /// Each owner's first page, by objectId.
    var wallPages: [String: String] = [:]
    /// Each owner's photo count and cover for the index, by objectId (public builds only).
    var covers: [String: WallCover] = [:]
  }

  /// Renders the walls of `owners` (sorted objectIds) and writes those that changed.
  /// - Throws: `PlanError.database` when the plan cannot be read, `.build` for a template
  ///   that fails or a page that cannot be written.
  func render(_ owners: [String]) throws(PlanError) -> Outcome {
    var outcome = Outcome()
    let friendCounts = try plan.friendCounts(of: owners)
    var start = 0
    while start < owners.count {
      var end = start + 1
      var friends = 1 + friendCounts[owners[start], default: 0]
      while end < owners.count {
        let more = 1 + friendCounts[owners[end], default: 0]
        guard friends + more <= Self.friendBudget else { break }
        friends += more
        end += 1
      }
      let batch = Array(owners[start..<end])
      start = end
      let neighborhood = try plan.neighborhood(of: batch)
      let part = try render(batch, in: neighborhood)
      outcome.paths += part.paths
      outcome.written += part.written
      outcome.wallPages.merge(part.wallPages) { first, _ in first }
      outcome.covers.merge(part.covers) { first, _ in first }
    }
    return outcome
  }

  private func render(_ owners: [String], in neighborhood: Neighborhood) throws(PlanError)
    -> Outcome
  {
    let index = WallIndex(dataset: neighborhood.dataset)
    let layout: SiteLayout
    do {
      if let secret = settings.privateSecret {
        layout = try SiteLayout(users: index.users, secret: secret)
      } else {
        layout = try SiteLayout(users: index.users)
      }
    } catch {
      throw .build(.layout(error))
    }
    let isPrivate = settings.privateSecret != nil
    let plain = WallPageModel(
      index: index, catalog: media.catalog(for: neighborhood, corrections: corrections),
      layout: layout, zone: settings.pipeline.timeZone, pageSize: settings.pipeline.pageSize,
      linkIndex: !isPrivate, isPublic: !isPrivate)
    let reuse = settings.reuseRenderings
    let model = reuse ? plain.cached() : plain
    let memo = reuse ? templates.makeMemo(byteBudget: Self.memoBudget) : nil
    let users = owners.compactMap { index.user($0) }
    let (output, templates) = (settings.output, templates)
    struct WallResult: Sendable {
      var paths: [String] = []
      var written = 0
      var failure: PlanError?
    }
    let results = ParallelWork.map(
      count: users.count, jobs: settings.pipeline.jobs, progress: progress
    ) { position -> WallResult in
      var result = WallResult()
      var expectedSize = 16_384
      for page in model.pages(for: users[position]).pages {
        do {
          let html = try templates.renderUTF8(
            "wall", page.context, capacity: expectedSize, memo: memo)
          expectedSize = html.count + 4_096
          if try SiteWriter.write(html, to: "\(output)/\(page.path)") == .written {
            result.written += 1
          }
          result.paths.append(page.path)
        } catch let error as TemplateError {
          result.failure = .build(.template(error))
        } catch let error as WriteError {
          result.failure = .build(.write(step: "render", error))
        } catch {
          result.failure = .build(
            .write(step: "render", WriteError(path: page.path, reason: "\(error)")))
        }
      }
      return result
    }
    if let failure = results.lazy.compactMap(\.failure).first { throw failure }
    var outcome = Outcome()
    for (position, user) in users.enumerated() {
      outcome.paths += results[position].paths
      outcome.written += results[position].written
      outcome.wallPages[user.objectId] = layout.wallPage(userID: user.objectId, page: 1)
      if !isPrivate {
        outcome.covers[user.objectId] = WallCover(
          of: user.objectId, index: index, catalog: plain.catalog)
      }
    }
    return outcome
  }
}
