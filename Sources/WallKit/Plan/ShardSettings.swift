/// The settings a shard ran with, by name, as its completion record keeps them, so that the
/// finalize step can say which of its own options a shard was not given.
///
/// They are the plan's identity, whether the build is public or private, a digest of the
/// private build's secret (an HMAC of a fixed text under the secret: never the secret), and
/// every option that changes the output. The record's `fingerprint` covers all of this and
/// anything else `BuildFingerprint.settingsText` holds; these names only explain a difference.
struct ShardSettings: Sendable, Equatable {
  /// Each setting's value, by name (`ShardSettings.names`).
  var values: [String: String]

  /// The names, in the order a difference lists them.
  static let names = [
    "plan", "wallgen", "media pipeline", "audience", "secret", "page size", "index page size",
    "time zone", "theme", "webp", "originals", "max pixels", "max file bytes", "import limits",
  ]

  /// The settings whose values are digests: a difference says only "another plan".
  static let opaque: Set<String> = ["plan", "secret", "theme"]

  /// The text the secret's digest is an HMAC of.
  static let secretDigestMessage = Array("wallgen shard record: the private build's secret".utf8)

  /// Creates settings from values read from a record.
  init(values: [String: String]) {
    self.values = values
  }

  /// The settings of building `plan` (its identity) with `settings`.
  init(plan: String, settings: SiteBuilder.Settings) {
    let pipeline = settings.pipeline
    var theme = ""
    for (name, template) in pipeline.theme.templates.sorted(by: { $0.key < $1.key }) {
      theme += "template \(name) \(Hex.encode(SHA256.digest(Array(template.utf8))))\n"
    }
    for (path, bytes) in pipeline.theme.assets.sorted(by: { $0.key < $1.key }) {
      theme += "asset \(path) \(Hex.encode(SHA256.digest(bytes)))\n"
    }
    let limits = pipeline.importLimits
    values = [
      "plan": plan, "wallgen": wallgenVersion, "media pipeline": MediaStore.pipelineVersion,
      "audience": settings.privateSecret == nil ? "public" : "private",
      "secret": settings.privateSecret.map {
        Hex.encode(HMAC.sha256(key: $0, message: Self.secretDigestMessage))
      } ?? "none",
      "page size": "\(pipeline.pageSize)", "index page size": "\(settings.indexPageSize)",
      "time zone": pipeline.timeZone.name,
      "theme": Hex.encode(SHA256.digest(Array(theme.utf8))),
      "webp": pipeline.webp ? "yes" : "no", "originals": settings.copyOriginals ? "yes" : "no",
      "max pixels": "\(pipeline.limits.maxPixels)",
      "max file bytes": "\(pipeline.limits.maxFileBytes)",
      "import limits":
        "\(limits.classFileBytes) \(limits.graphFileBytes) \(limits.maximumDepth)",
    ]
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
