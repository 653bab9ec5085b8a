/// Every step a wallgen command runs, or names when it fails, in one table.
///
/// The lists below are the steps each command announces, in order: the console's `[2/5]
/// media`, `--json`'s step times, and `WALLGEN_TEST_PAUSE_AT` (which names a step by its raw
/// value) all read them. A write that fails names its step (`BuildError.write(step:_:)`), which
/// is one of these too; the last few are named only there.
public enum BuildStep: String, Sendable, CaseIterable {
  /// Reading and checking the export.
  case `import`
  /// Making the display sizes of photos and avatars.
  case media
  /// Rendering the wall pages (and, in a one-process build, the index).
  case render
  /// Copying the theme's assets and the folder pages.
  case assets
  /// Moving the staged files into place.
  case publish
  /// A plan's reading of its image files (digests and headers).
  case images
  /// Writing the plan's database.
  case write
  /// A shard's reading of the plan.
  case plan
  /// A shard's generated avatars.
  case avatars
  /// Finalize's check of the shards' records.
  case shards
  /// Finalize's rendering again of walls whose media came out otherwise than predicted.
  case corrections
  /// Finalize's index pages and list of walls.
  case index
  /// An archive's bundles.
  case bundle
  /// The state folder (records, journals), beside the site.
  case state
  /// The manifest of the files a build made.
  case manifest
  /// The build's record.
  case record
  /// Removing what a build no longer makes.
  case prune
  /// The gzip copies of the site's text files (`--precompress`).
  case precompress
  /// The output folder itself.
  case output

  /// The steps of `wallgen build EXPORT`.
  public static let build: [BuildStep] = [.import, .media, .render, .assets, .publish]
  /// The steps of `wallgen plan`.
  public static let planning: [BuildStep] = [.import, .images, .write]
  /// The steps of a shard (`build --plan --shard`).
  public static let shard: [BuildStep] = [.plan, .media, .avatars, .render]
  /// The steps of finalize (`build --plan --finalize`).
  public static let finalize: [BuildStep] = [.shards, .corrections, .index, .assets]
  /// The steps of `wallgen archive`.
  public static let archive: [BuildStep] = [.import, .media, .bundle]

  /// The step of `build` (`BuildStep.build`) that this step of the plan, a shard or finalize
  /// is part of when a one-process build runs them (`wallgen build EXPORT --engine plan`).
  public var partOfBuild: BuildStep {
    switch self {
    case .images, .write, .plan: .import
    case .avatars: .media
    case .shards, .corrections, .index: .render
    default: self
    }
  }

  /// Whether some command announces the step (so that `WALLGEN_TEST_PAUSE_AT` can stop there).
  public var isAnnounced: Bool {
    [Self.build, Self.planning, Self.shard, Self.finalize, Self.archive].contains {
      $0.contains(self)
    }
  }
}
