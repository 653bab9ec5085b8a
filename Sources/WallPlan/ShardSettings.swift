import WallJSON
import WallSite

/// The settings a shard ran with, by name, as its completion record keeps them, so that the
/// finalize step can say which of its own options a shard was not given.
///
/// They are the plan's identity and `BuildFingerprint.namedSettings`: whether the build is
/// public or private, a digest of the private build's secret (never the secret), and every
/// option that changes the output. The record's `fingerprint` covers the same; these names
/// only explain a difference.
struct ShardSettings: Sendable, Equatable {
  /// Each setting's value, by name (`ShardSettings.names`).
  var values: [String: String]

  /// The names, in the order a difference lists them.
  static let names =
    ["plan"] + BuildFingerprint.namedSettings(.init(export: "", output: "")).map(\.name)

  /// The settings whose values are digests: a difference says only "another plan".
  static let opaque: Set<String> = ["plan", "secret", "theme", "exclude"]

  /// Creates settings from values read from a record.
  init(values: [String: String]) {
    self.values = values
  }

  /// The settings of building `plan` (its identity) with `settings`.
  init(plan: String, settings: SiteBuilder.Settings) {
    values = ["plan": plan]
    for (name, value) in BuildFingerprint.namedSettings(settings) { values[name] = value }
  }

  /// What differs between a shard's settings (`self`) and the finalize step's, one phrase
  /// each in `names` order: `audience public where finalize's is private`, `another secret`.
  ///
  /// The secret is not compared when the audience differs (a public build has none).
  func differences(from finalize: ShardSettings) -> [String] {
    var result: [String] = []
    for name in Self.names {
      let (theirs, ours) = (values[name] ?? "none", finalize.values[name] ?? "none")
      guard theirs != ours else { continue }
      if name == "secret", values["audience"] != finalize.values["audience"] { continue }
      result.append(
        Self.opaque.contains(name)
          ? "another \(name)" : "\(name) \(theirs) where finalize's is \(ours)")
    }
    return result
  }

  /// The settings as a JSON object.
  var json: JSONValue { .object(values.mapValues { .string($0) }) }

  /// Settings read from a record's JSON object; nil when it is none.
  static func decode(_ value: JSONValue?) -> ShardSettings? {
    guard let members = value?.objectValue else { return nil }
    return ShardSettings(values: members.compactMapValues(\.stringValue))
  }
}
