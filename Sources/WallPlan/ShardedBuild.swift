import WallImport
import WallMedia
import WallSite
import WallSupport

/// What the shards and the finalize step of one sharded build share.
enum ShardedBuild {
  /// The fingerprint of building `plan` with `settings`: the shards' records and the finalize
  /// step must agree on it.
  static func fingerprint(plan: String, settings: SiteBuilder.Settings) -> String {
    let text = "sharded\nplan \(plan)\n" + BuildFingerprint.settingsText(settings)
    return Hex.encode(SHA256.doubleDigest(Array(text.utf8)))
  }

  /// The fingerprint finalize writes in the build record of a site built from `plan` with
  /// `settings`: what a build on the plan engine with nothing to do finds there.
  static func recordFingerprint(plan: String, settings: SiteBuilder.Settings) -> String {
    "sharded \(fingerprint(plan: plan, settings: settings))"
  }

  /// Refuses a plan made with another takedown list than `settings`' (`ExportExclusion`): its
  /// walls would show, or miss, what this build's configuration says.
  /// - Throws: `PlanError.exclusionDiffers` naming the plan.
  static func checkExclusion(of reader: PlanReader, path: String, settings: SiteBuilder.Settings)
    throws(PlanError)
  {
    guard reader.exclusion == settings.pipeline.exclusion.digest else {
      throw .exclusionDiffers(path: path)
    }
  }

  /// Whether two outcomes give the same page: both failed (whatever the reason), or both the
  /// same files of the same sizes.
  static func same(_ a: MediaOutcome, _ b: MediaOutcome) -> Bool {
    switch (a, b) {
    case (.failed, .failed): true
    case (.ready, .ready): a == b
    default: false
    }
  }
}
