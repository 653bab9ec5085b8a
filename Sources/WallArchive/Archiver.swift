import Foundation
import WallImport
import WallMedia
import WallModel
import WallReport
import WallSite
import WallSupport
import WallWACZ
import WallZip

#if canImport(Glibc)
  import Glibc
#endif

/// Writes self-contained per-user bundles (`wallgen archive`).
///
/// It runs in named steps: import → media → bundle. Each bundle is a BagIt bag holding one wall (pages, assets, `wall.json`) and only
/// the media that wall shows; with `zip`, also a deterministic zip of the bag.
public struct Archiver: Sendable {
  /// The archive's settings.
  public struct Settings: Sendable {
    /// The export folder or zip.
    public var export: String
    /// The folder the bundles go into.
    public var output: String
    /// The users to archive by objectId; nil means every user.
    public var userIDs: [String]?
    /// Also write `<output>/<username>-wall.zip` for each bundle (`BundleName`).
    public var zip = false
    /// Also write `<output>/<folder>.wacz`, a web archive of each bundle's `data/`.
    public var wacz = false
    /// The URL a WACZ puts the files under: `<waczBase><folder>/<path in data/>`.
    public var waczBase = WACZBase.standard
    /// Page size, time zone, workers, theme and image limits (shared with `SiteBuilder`).
    public var pipeline = PipelineSettings()
    /// Unix seconds for zip timestamps and `Bagging-Date` (`SOURCE_DATE_EPOCH`); nil means
    /// the newest date of what each bundle shows for the timestamps, and the day of the run
    /// (`now`) for `Bagging-Date`.
    public var sourceDateEpoch: Int64?
    /// The time of the run, in Unix seconds, whose UTC day is `Bagging-Date` when
    /// `sourceDateEpoch` is nil; nil means the clock's.
    public var now: Int64?

    /// Settings with defaults for everything but the paths.
    public init(export: String, output: String) {
      self.export = export
      self.output = output
    }
  }

  /// One bundle that was written.
  public struct Bundle: Sendable, Equatable {
    /// The owner's objectId.
    public var userID: String
    /// The bag's folder.
    public var folder: String
    /// The zip, when one was asked for.
    public var zip: String?
    /// The WACZ, when one was asked for.
    public var wacz: String? = nil
    /// The number of payload files.
    public var files: Int
    /// The payload's size in bytes.
    public var bytes: Int
  }

  /// Where the media cache lives inside the output folder: derived images are made once
  /// there and copied into every bundle that shows them; later runs reuse it.
  public static let cacheFolder = ".wallgen-cache"
  /// The timestamp used when neither `SOURCE_DATE_EPOCH` nor the bundle gives one:
  /// 1980-01-01T00:00:00Z, the earliest a zip can hold.
  public static let fallbackEpoch: Int64 = 315_532_800

  let settings: Settings
  let progress: any BuildProgress

  /// Creates an archiver.
  public init(settings: Settings, progress: any BuildProgress = SilentProgress()) {
    self.settings = settings
    self.progress = progress
  }

  static let steps = BuildStep.archive

  private func announce(_ step: BuildStep, total: Int = 0) {
    progress.announce(step, of: Self.steps, total: total)
  }

  /// Runs the archive.
  /// - Throws: `ArchiveError` when the export cannot be opened or is unusable, a requested
  ///   user is unknown, a template is invalid, or a bundle cannot be written.
  public func run() throws(ArchiveError) -> ArchiveResult {
    let lock: OutputLock
    do {
      // A folder of wallgen's bags is wallgen's, also once its cache was deleted. The lock is
      // in the cache folder, held until the archive returns.
      lock = try OutputPlacement.claim(
        export: settings.export, output: settings.output,
        stateFolder: "\(settings.output)/\(Self.cacheFolder)",
        force: settings.pipeline.force || BagOwnership.holdsOwnBag(settings.output),
        wait: settings.pipeline.waitForOutput, waiting: settings.pipeline.waitingForOutput)
    } catch {
      throw .placement(error)
    }
    defer { lock.release() }
    announce(.import)
    let prepared: PreparedSite
    do {
      prepared = try PreparedSite(
        source: PreparedSite.open(settings.export, settings: settings.pipeline),
        settings: settings.pipeline, audience: .owner)
    } catch {
      throw ArchiveError(error)
    }
    let index = prepared.index
    let owners = try selectedUsers(index)
    // Named by every user of the export, so that a name never depends on who is archived.
    let folders = BundleName.stems(for: index.users).mapValues(BundleName.folder(stem:))
    for owner in owners {
      try BagOwnership.checkReplaceable(
        folders[owner.objectId] ?? owner.objectId, in: settings.output, zip: settings.zip)
      if settings.wacz {
        try BagOwnership.checkReplaceableWACZ(
          folders[owner.objectId] ?? owner.objectId, in: settings.output)
      }
    }
    var report = prepared.imported.report
    let cache = "\(settings.output)/\(Self.cacheFolder)"
    do {
      try PreparedSite.prepareFolder(cache)
    } catch {
      throw .write(step: .media, error)
    }
    removeStaleBundles(keeping: Set(folders.values))

    announce(.media)
    let (images, people) = Self.media(shownTo: owners, index: index)
    let catalog: MediaCatalog
    do {
      (catalog, _) = try prepared.runMedia(
        images: images, users: people,
        store: MediaStore(siteRoot: cache, stateRoot: "\(cache)/state"),
        settings: settings.pipeline, copyOriginals: true,
        progress: progress, report: &report)
    } catch {
      throw .write(step: .media, error)
    }

    announce(.bundle, total: owners.count)
    let planner = BundlePlanner(
      index: index, catalog: catalog, templates: prepared.templates,
      assets: settings.pipeline.theme.assets,
      zone: settings.pipeline.timeZone, language: settings.pipeline.language,
      pageSize: settings.pipeline.pageSize, mediaRoot: cache)
    // One Bagging-Date for every bundle of the run, even one that runs past midnight.
    let bagged = settings.sourceDateEpoch ?? settings.now ?? Int64(Date().timeIntervalSince1970)
    let outcomes = ParallelWork.map(
      count: owners.count, jobs: settings.pipeline.jobs, progress: progress
    ) {
      [self] position -> Result<Bundle, ArchiveError> in
      let owner = owners[position]
      return Result { () throws(ArchiveError) in
        try writeBundle(
          owner, folder: folders[owner.objectId] ?? owner.objectId, planner: planner,
          bagged: bagged)
      }
    }
    progress.finished()
    var bundles: [Bundle] = []
    for outcome in outcomes {
      switch outcome {
      case .success(let bundle): bundles.append(bundle)
      case .failure(let error): throw error
      }
    }
    return ArchiveResult(bundles: bundles, report: report)
  }

  /// The users to archive, sorted by objectId.
  ///
  /// Those asked for by objectId or username, or every user. A name that is one user's
  /// objectId and another's username is refused as ambiguous; `id:<objectId>` names a user by
  /// objectId alone.
  private func selectedUsers(_ index: WallIndex) throws(ArchiveError) -> [User] {
    guard let asked = settings.userIDs else { return index.users }
    var byUsername: [String: User] = [:]
    for user in index.users where byUsername[user.username] == nil {
      byUsername[user.username] = user
    }
    // Every objectId and username, for the close matches of an unknown name (made once).
    let names = index.users.flatMap { [$0.objectId, $0.username] }
    var selected: [String: User] = [:]
    var unknown: [ArchiveError.UnknownUser] = []
    var ambiguous: [ArchiveError.AmbiguousUser] = []
    for name in Set(asked).sorted() {
      if name.hasPrefix(Self.objectIdPrefix),
        let user = index.user(String(name.dropFirst(Self.objectIdPrefix.count)))
      {
        selected[user.objectId] = user
        continue
      }
      let (byId, byName) = (index.user(name), byUsername[name])
      if let byId, let byName, byId.objectId != byName.objectId {
        ambiguous.append(.init(asked: name, byObjectId: byId, byUsername: byName))
        continue
      }
      if let user = byId ?? byName {
        selected[user.objectId] = user
        continue
      }
      var close: [String] = []
      for match in EditDistance.closest(to: name, in: names, limit: 10) {
        guard let user = index.user(match) ?? byUsername[match] else { continue }
        let label = "\(user.username) (\(user.objectId))"
        if !close.contains(label) && close.count < 5 { close.append(label) }
      }
      unknown.append(ArchiveError.UnknownUser(asked: name, closeMatches: close))
    }
    guard ambiguous.isEmpty else { throw .ambiguousUsers(ambiguous) }
    guard unknown.isEmpty else { throw .unknownUsers(unknown) }
    return selected.values.sorted { $0.objectId < $1.objectId }
  }

  /// What names a user by objectId alone in `--user` (`id:<objectId>`).
  public static let objectIdPrefix = "id:"

  /// The images on the owners' walls, and everyone named on them
  /// (`WallIndex.contents(ofWallOf:)`): the only media the bundles need.
  static func media(shownTo owners: [User], index: WallIndex) -> (
    images: [WallImage], people: [User]
  ) {
    var images: [String: WallImage] = [:]
    var people: [String: User] = [:]
    for owner in owners {
      let wall = index.contents(ofWallOf: owner)
      for image in wall.images { images[image.objectId] = image }
      for person in wall.people { people[person.objectId] = person }
    }
    return (
      images.values.sorted(by: WallIndex.newestFirst),
      people.values.sorted { $0.objectId < $1.objectId }
    )
  }

  /// Plans, writes and installs one bag, then zips it when asked.
  ///
  /// `bagged` is the time whose UTC date is `Bagging-Date`, read once per run.
  private func writeBundle(
    _ owner: User, folder: String, planner: BundlePlanner, bagged: Int64
  )
    throws(ArchiveError) -> Bundle
  {
    let plan: BundlePlan
    do {
      plan = try planner.plan(for: owner)
    } catch {
      throw .template(error)
    }
    let seconds =
      settings.sourceDateEpoch ?? plan.newest.map { $0.millisecondsSince1970 / 1000 }
      ?? Self.fallbackEpoch
    let info: [(label: String, value: String)] = [
      ("Bag-Software-Agent", "wallgen \(wallgenVersion)"),
      ("Bagging-Date", BagIt.date(unixSeconds: bagged)),
      ("External-Description", "The image wall of \(owner.displayName), as they could see it"),
      ("External-Identifier", owner.objectId),
    ]
    let destination = "\(settings.output)/\(folder)"
    let temporary = destination + FileSystem.temporarySuffix + "\(getpid())"
    let payload: [BagIt.Entry]
    do {
      BagWriter.removeTree(temporary)
      payload = try BagWriter.write(
        plan, to: temporary, info: info, opener: BagOpener.page(ownerName: owner.displayName),
        modified: ZipTimestamp(unixSeconds: seconds))
      try BagWriter.install(temporary, at: destination)
    } catch {
      BagWriter.removeTree(temporary)
      throw .write(step: .bundle, error)
    }
    var zipPath: String?
    if settings.zip {
      let path = "\(settings.output)/\(folder).zip"
      do {
        try BagZipper.zip(
          folder: destination, name: folder, to: path, modified: ZipTimestamp(unixSeconds: seconds))
      } catch {
        throw .zip(error)
      }
      zipPath = path
    }
    var bundle = Bundle(
      userID: owner.objectId, folder: destination, zip: zipPath, files: payload.count,
      bytes: payload.reduce(0) { $0 + $1.size })
    if settings.wacz {
      bundle.wacz = try writeWACZ(
        of: destination, name: folder, owner: owner, time: WARCTime(unixSeconds: seconds))
    }
    return bundle
  }

  /// Removes the half-written bags and zips a killed run left (the media cache's temporaries
  /// go with `PreparedSite.prepareFolder`); never a bundle of `names` or its zip or WACZ,
  /// whatever its name holds (a username may hold `.wallgen-tmp-`).
  private func removeStaleBundles(keeping names: Set<String>) {
    // ZipWriter's are `<name>.zip.tmp-` (or `.wacz.tmp-`) and six characters of mkstemp: no
    // other file is taken for one (the folder may hold a user's files, with --force).
    for name in FileSystem.contents(of: settings.output)
    where !names.contains(name)
      && !(name.hasSuffix(".zip") && names.contains(String(name.dropLast(4))))
      && !(name.hasSuffix(".wacz") && names.contains(String(name.dropLast(5))))
      && (FileSystem.holdsTemporaryMarker(name)
        || name.dropLast(6).hasSuffix(".zip.tmp-") && name.utf8.count > 15
        || name.dropLast(6).hasSuffix(".wacz.tmp-") && name.utf8.count > 16)
    {
      BagWriter.removeTree("\(settings.output)/\(name)")
    }
  }
}
