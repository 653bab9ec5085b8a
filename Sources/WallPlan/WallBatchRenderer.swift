import WallMedia
import WallModel
import WallRender
import WallSite
import WallSupport

/// Renders the walls of a sharded build a batch of owners at a time, from the plan's rows of
/// their neighbourhood only, so that memory follows the batch, not the export.
///
/// Each batch is an ordinary `WallIndex` and `WallPageModel` over a partial dataset that holds
/// everything its walls show (their owners' friends' images, all comments on those, everyone
/// named): the pages come out as a one-process build renders them.
struct WallBatchRenderer {
  /// The most users whose images a batch loads (its walls' owners and their friends, each
  /// counted once): a batch's memory follows their images, the comments on those and everyone
  /// those name.
  ///
  /// Loading is the cost of a batch, and on a graph without locality a batch's walls reach
  /// new users until it holds most of them: bounded by 2,048 friend-list entries, a shard of 4
  /// of the 10,000-user scale export loaded its neighbourhood in 26 batches, each about a fifth
  /// of the export, and spent half its CPU loading and indexing. At 16,384 users it loads the
  /// whole neighbourhood (all 10,000 users, 100,000 images, 300,000 comments) once, in about
  /// 160 MiB (`Neighborhood` keeps rows lean: arrays, shared class names and ACLs, digests in
  /// place), and the shard peaks at about 240 MiB against 191 MiB before, for about 40 % less
  /// CPU (docs/sharding.md, "Measured").
  static let uploaderBudget = 16_384
  /// The most memory the shard's rendered cards take, kept for reuse across all its batches
  /// (`FragmentMemo`: half for renderings, half for the index of those in the spill file).
  static let memoBudget = 32 << 20
  /// The most bytes of rendered cards the shard keeps on disk once `memoBudget` is used, in an
  /// unlinked scratch file in `$TMPDIR` (a card is about 1.9 KB; a shard of the 10,000-user
  /// scale export keeps 107,000 renderings, 176 MiB of them in the file).
  static let spillBudget = 1 << 30
  /// The most users whose avatar the shard keeps for its next batches; past this many, the
  /// others' are worked out again in each batch that shows them.
  ///
  /// Three quarters of 2^17, the most a `Dictionary` of 2^17 slots (48 bytes each, 6 MiB)
  /// holds: at 100,000 it took 2^18 slots, 12 MiB, once a shard reached that many users
  /// (a shard of 8 of 1M users, not one of 100k), besides the avatars' two paths each.
  static let avatarLimit = 98_304

  let plan: PlanReader
  let media: PlannedMedia
  let settings: SiteBuilder.Settings
  /// Writes the pages into the site, in place.
  let writer: PageWriter
  let corrections: MediaCorrections
  var progress: any BuildProgress = SilentProgress()
  /// The budgets in force (the constants above; tests make them small).
  var uploaderLimit = Self.uploaderBudget
  var memoLimit = Self.memoBudget
  var spillLimit = Self.spillBudget
  /// The order of the walls before they are cut into batches (none changes a page).
  var order = Order.locality
  /// The most (wall, user) pairs ordered at once (`orderPairBudget`; tests make it small).
  var pairLimit = Self.orderPairBudget

  /// What the walls of some owners came to.
  ///
  /// Their files and covers go to the lists given to `render(_:into:)` (a shard's
  /// `ShardLists`, on disk); `render(_:)` holds them here.
  struct Outcome: Sendable {
    /// Site-relative paths of the files, sorted (`render(_:)` only).
    var paths: [String] = []
    /// Each owner's photo count and cover for the index, by objectId (`render(_:)` only;
    /// public builds only).
    var covers: [String: WallCover] = [:]
    /// How many files the walls have (pages, photo grids, viewer data).
    var pages = 0
    /// How many of them are HTML pages (as a one-process build counts pages).
    var htmlPages = 0
    /// How many of them were written (the others held these bytes already).
    var written = 0
    /// What the shard's memo of rendered cards did; nil when renderings are not reused.
    var memo: FragmentMemo.Statistics?
    /// What the batches loaded from the plan.
    var loads = Loads()
    /// The time the order of the walls took.
    var orderTime = Duration.zero
  }

  /// What a shard's batches loaded from the plan, summed over its batches.
  struct Loads: Sendable, Equatable {
    /// The batches.
    var batches = 0
    /// The users whose images they loaded from the plan (walls' owners and their friends).
    var uploaders = 0
    /// The images and the comments on them, loaded from the plan.
    var images = 0, comments = 0
    /// Everyone named (uploaders and the comments' authors), loaded from the plan.
    var users = 0

    /// The users whose images were kept from the batch before, not loaded again.
    var keptUploaders = 0

    /// No batch yet.
    init() {}

    /// What one batch holding `neighborhood` holds.
    init(counting neighborhood: Neighborhood) {
      batches = 1
      uploaders = neighborhood.uploaders.count
      images = neighborhood.images.count
      comments = neighborhood.commentsByImage.values.reduce(0) { $0 + $1.count }
      users = neighborhood.users.count
    }

    /// Counts one more batch: `neighborhood`, of which what `kept` counts came from the batch
    /// before.
    mutating func add(_ neighborhood: Neighborhood, kept: Loads) {
      let all = Loads(counting: neighborhood)
      batches += 1
      uploaders += all.uploaders - kept.uploaders
      keptUploaders += kept.uploaders
      images += all.images - kept.images
      comments += all.comments - kept.comments
      users += all.users - kept.users
    }
  }

  /// Renders the walls of `owners` (sorted objectIds) and writes those that changed, in the
  /// batches `batches(of: ordered(owners))` cuts, and adds their files and (in a public build)
  /// covers to `lists`, which sorts them: nothing written depends on the order.
  /// - Throws: `PlanError.database` when the plan cannot be read, `.build` for a template
  ///   that fails or a page that cannot be written, `.write` when a list cannot be written.
  func render(_ owners: [String], into lists: some WallOutputs) throws(PlanError) -> Outcome {
    var outcome = Outcome()
    let memo =
      settings.reuseRenderings
      ? writer.templates.makeSpillingMemo(byteBudget: memoLimit, spillLimit: spillLimit) : nil
    let avatars = AvatarCache(limit: Self.avatarLimit)
    let clock = ContinuousClock()
    let start = clock.now
    let owners = try ordered(owners)
    outcome.orderTime = clock.now - start
    let batches = try batches(of: owners)
    // What the next batch shows again is kept from one batch to the next, and only the rest
    // is loaded: at most two batches' rows are held at once.
    // Each batch's friend lists are read once: for what the batch before keeps, then for
    // the batch itself.
    var kept = Neighborhood()
    var friends: [String: [String]] = [:]
    if let first = batches.first { friends = try plan.friends(of: first) }
    for (number, batch) in batches.enumerated() {
      let held = Loads(counting: kept)
      let neighborhood = try neighborhood(of: batch, friends: friends, reusing: consume kept)
      outcome.loads.add(neighborhood, kept: held)
      kept = Neighborhood()
      if number + 1 < batches.count {
        let next = batches[number + 1]
        friends = try plan.friends(of: next)
        kept = neighborhood.kept(for: Neighborhood.uploaders(of: next, friends: friends))
      }
      let part = try render(batch, in: neighborhood, memo: memo, avatars: avatars, lists: lists)
      outcome.pages += part.pages
      outcome.htmlPages += part.htmlPages
      outcome.written += part.written
    }
    outcome.memo = memo?.statistics
    return outcome
  }

  /// Renders the walls of `owners` as `render(_:into:)` does, with their files and covers
  /// held in the outcome: for a few walls (finalize's corrected ones), not a shard's.
  func render(_ owners: [String]) throws(PlanError) -> Outcome {
    let held = HeldWallOutputs()
    var outcome = try render(owners, into: held)
    outcome.paths = held.paths.sorted()
    outcome.covers = held.covers
    return outcome
  }

  /// `owners` in order, cut into batches whose walls show the images of at most
  /// `uploaderLimit` users (or of one wall, when one alone shows more).
  func batches(of owners: [String]) throws(PlanError) -> [[String]] {
    var batches: [[String]] = []
    var batch: [String] = []
    var uploaders: Set<String> = []
    // Friend lists are read a slice of owners at a time, so that memory follows the slice.
    for start in stride(from: 0, to: owners.count, by: Self.ownerSlice) {
      let slice = owners[start..<min(start + Self.ownerSlice, owners.count)]
      let friends = try plan.friends(of: slice)
      for owner in slice {
        let reached = Set([owner] + (friends[owner] ?? []))
        let added = reached.count { !uploaders.contains($0) }
        if !batch.isEmpty, uploaders.count + added > uploaderLimit {
          batches.append(batch)
          batch = []
          uploaders = []
        }
        batch.append(owner)
        uploaders.formUnion(reached)
      }
    }
    if !batch.isEmpty { batches.append(batch) }
    return batches
  }

  /// The rows the walls of `owners` show
  /// (`PlanReader.neighborhood(of:friends:reusing:photoOutcome:)`), their friend lists read
  /// from the plan unless given, each photo as these walls show it
  /// (`PlannedMedia.photoOutcome`).
  func neighborhood(
    of owners: [String], friends: [String: [String]]? = nil,
    reusing kept: consuming Neighborhood = Neighborhood()
  ) throws(PlanError) -> Neighborhood {
    let lists: [String: [String]]
    if let friends { lists = friends } else { lists = try plan.friends(of: owners) }
    return try plan.neighborhood(of: owners, friends: lists, reusing: kept) { path, file in
      media.photoOutcome(path: path, file: file, corrections: corrections)
    }
  }

  /// How many owners' friend lists `batches(of:)` reads at a time.
  static let ownerSlice = 1_024

  private func render(
    _ owners: [String], in neighborhood: consuming Neighborhood, memo: FragmentMemo?,
    avatars: AvatarCache, lists: some WallOutputs
  ) throws(PlanError) -> Outcome {
    let uploaders = neighborhood.uploaders
    let index = neighborhood.takeIndex(audience: settings.audience)
    let layout: SiteLayout
    do {
      layout = try settings.layout(for: index.users)
    } catch {
      throw .build(.layout(error))
    }
    // Media outcomes are worked out for the cards made, avatars once per shard.
    let lookup = media.lookup(
      photos: neighborhood.photos, pictures: neighborhood.pictures, users: index.user,
      corrections: corrections, avatars: avatars)
    var plain = WallPageModel(
      index: index, media: lookup, layout: layout, zone: settings.pipeline.timeZone,
      language: settings.pipeline.language, site: settings.pipeline.site,
      pageSize: settings.pipeline.pageSize, audience: settings.audience)
    // Cards are keyed by the plan's image numbers, the same in every batch, so the shard's one
    // memo reuses a card rendered in any batch; a card is made only when it is not reused.
    if memo != nil { plain.stableNumbers = neighborhood.imageNumbers }
    // The walls' owners and their friends are named on most cards and pages: their data is
    // made once per batch (at most `uploaderLimit` of them; the authors of comments, who may
    // be many more, are made on each card).
    let model = plain.sharingPeople(uploaders)
    let expander = memo.map { _ in TemplateExpander { model.expandStableCard($0) } }
    // A stand-in (`User.seen(by:)`) has no wall: finalize's corrections may name one.
    let users = owners.compactMap { index.user($0) }.filter { !$0.isStandIn }
    var outcome = Outcome()
    let paths: [String]
    do {
      let pages = try writer.writeWalls(
        of: users, model: model, jobs: settings.pipeline.jobs, progress: progress, memo: memo,
        expand: expander)
      outcome.written = pages.written
      outcome.pages = pages.paths.count
      outcome.htmlPages = pages.paths.count { $0.hasSuffix(".html") }
      paths = pages.paths
    } catch {
      throw .build(error)
    }
    do {
      for path in paths { try lists.add(file: path) }
      if settings.audience == .anyone {
        for user in users {
          try lists.add(
            cover: WallCover(of: user.objectId, index: index, outcome: lookup.photo),
            of: user.objectId)
        }
      }
    } catch {
      throw .write(step: .render, error)
    }
    return outcome
  }
}

/// Where `WallBatchRenderer` puts what its walls made: their files and covers.
protocol WallOutputs: AnyObject {
  /// Adds a site file a wall has.
  func add(file: String) throws(WriteError)
  /// Adds the cover of `owner`'s wall.
  func add(cover: WallCover, of owner: String) throws(WriteError)
}

/// Walls' files and covers held in memory (`WallBatchRenderer.render(_:)`).
final class HeldWallOutputs: WallOutputs {
  /// The files, in the order added.
  var paths: [String] = []
  /// The covers by owner; the first added stays.
  var covers: [String: WallCover] = [:]

  func add(file: String) { paths.append(file) }

  func add(cover: WallCover, of owner: String) {
    if covers[owner] == nil { covers[owner] = cover }
  }
}
