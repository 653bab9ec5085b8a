import WallImaging
import WallImport
import WallJSON
import WallMedia
import WallModel
import WallReport
import WallSupport

/// One hash over everything a build's output depends on.
///
/// That is the identity of every file of the export (at any depth, `ExportContentDigest`: one walk,
/// constant memory), the theme's templates and assets, the
/// options, and wallgen's version. When it equals the one recorded by the last complete build,
/// and that build's files are all still there, the build has nothing to do.
package enum BuildFingerprint {
  /// The fingerprint of building `source` with `settings`.
  static func compute(source: any ExportSource, settings: SiteBuilder.Settings) -> String {
    var text = settingsText(settings)
    text += "export \(ExportContentDigest.of(source))\n"
    return Hex.encode(SHA256.doubleDigest(Array(text.utf8)))
  }

  /// Everything but the export that the output depends on: wallgen's version, the options,
  /// the theme (a sharded build fingerprints its plan with this).
  package static func settingsText(_ settings: SiteBuilder.Settings) -> String {
    namedSettings(settings).map { "\($0.name) \($0.value)\n" }.joined()
  }

  /// The text a private build's secret digest is an HMAC of (`namedSettings`).
  static let secretDigestMessage = Array("wallgen shard record: the private build's secret".utf8)

  /// Every setting but the export that the output depends on, by name and value, in a fixed
  /// order: the lines of `settingsText`, and what a shard record keeps to name a difference.
  ///
  /// The secret appears only as an HMAC of a fixed text under it, the theme as a digest of its
  /// templates and assets.
  package static func namedSettings(_ settings: SiteBuilder.Settings) -> [(
    name: String, value: String
  )] {
    let pipeline = settings.pipeline
    var theme = ""
    for (name, template) in pipeline.theme.templates.sorted(by: { $0.key < $1.key }) {
      theme += "template \(name) \(Hex.encode(SHA256.digest(Array(template.utf8))))\n"
    }
    for (path, bytes) in pipeline.theme.assets.sorted(by: { $0.key < $1.key }) {
      theme += "asset \(path) \(Hex.encode(SHA256.digest(bytes)))\n"
    }
    for (language, bytes) in pipeline.theme.translations.sorted(by: { $0.key < $1.key }) {
      theme += "texts \(language) \(Hex.encode(SHA256.digest(bytes)))\n"
    }
    let site = pipeline.site
    let identity = [site.title, site.description, site.baseURL?.string].map {
      $0.map { JSONValue.string($0).serialized } ?? "none"
    }
    let secret = settings.privateSecret.map {
      Hex.encode(HMAC.sha256(key: $0, message: secretDigestMessage))
    }
    return [
      ("wallgen", ProgramIdentity.current), ("media pipeline", MediaStore.pipelineVersion),
      ("audience", secret == nil ? "public" : "private"), ("secret", secret ?? "none"),
      ("page size", "\(pipeline.pageSize)"), ("index page size", "\(settings.indexPageSize)"),
      ("time zone", pipeline.timeZone.name), ("language", pipeline.language.code),
      ("site title", identity[0]), ("site description", identity[1]), ("base URL", identity[2]),
      ("theme", Hex.encode(SHA256.digest(Array(theme.utf8)))),
      ("webp", pipeline.webp ? WebPSettings.standard.recipe : "no"),
      ("precompress", pipeline.precompress ? "gzip level \(Precompression.level)" : "no"),
      ("originals", settings.copyOriginals ? "yes" : "no"),
      ("max pixels", "\(pipeline.limits.maxPixels)"),
      ("max file bytes", "\(pipeline.limits.maxFileBytes)"),
      ("import limits", pipeline.importLimits.summary),
      ("exclude", pipeline.exclusion.digest),
      ("link rotations", secret == nil ? "none" : pipeline.linkRotations.digest),
    ]
  }

}

/// What the last complete build recorded beside its manifest: its fingerprint and its result,
/// so a build with nothing to do can report the same summary and problems without working.
package struct BuildRecord: Sendable {
  package static let fileName = "last-build.json"

  var fingerprint: String
  /// The wallgen that made the build (`ProgramIdentity.current`); nil in a record of a wallgen
  /// that did not write it.
  var program: String? = ProgramIdentity.current
  var summary: BuildSummary
  var problems: [Problem]
  var wallPages: [String: String]
  /// The names of each wall's owner, by objectId.
  var owners: [String: OwnerNames] = [:]
  /// What of the export the build read; nil in a record of an older wallgen or a sharded build.
  package var parts: ExportParts?
  /// The newest `createdAt` the site shows (`BuildResult.newest`); nil when it shows nothing,
  /// and in a record of an older wallgen or a sharded build.
  var newest: Timestamp?
  /// The site's files as the build left them (`SiteStamp`); nil in a record of an older
  /// wallgen, which a build with nothing to do then does not trust.
  var siteStamp: String?

  /// Creates a record of a build's outcome.
  package init(
    fingerprint: String, summary: BuildSummary, problems: [Problem], wallPages: [String: String],
    owners: [String: OwnerNames] = [:], parts: ExportParts? = nil
  ) {
    self.fingerprint = fingerprint
    self.summary = summary
    self.problems = problems
    self.wallPages = wallPages
    self.owners = owners
    self.parts = parts
  }

  /// The record in `stateRoot`, if a complete build left one.
  package static func load(stateRoot: String) -> BuildRecord? {
    let path = "\(stateRoot)/\(fileName)"
    guard FileSystem.kind(of: path) == .regular,
      let bytes = try? FileSystem.readFile(path, limit: 1 << 30),
      let document = try? JSONReader.parse(bytes),
      let fingerprint = document["fingerprint"]?.stringValue,
      let counts = document["summary"]?.objectValue
    else { return nil }
    func count(_ key: String) -> Int {
      counts[key]?.integerValue.map { Int(clamping: $0) } ?? 0
    }
    var summary = BuildSummary()
    summary.walls = count("walls")
    summary.pages = count("pages")
    summary.imagesProcessed = count("imagesProcessed")
    summary.imagesReused = count("imagesReused")
    summary.imagesFailed = count("imagesFailed")
    summary.errors = count("errors")
    summary.warnings = count("warnings")
    summary.filesUnchanged = count("files")
    summary.publicOmissions = PublicOmissions(
      photos: count("publicPhotosLeftOut"), comments: count("publicCommentsLeftOut"),
      people: count("publicPeopleLeftOut"))
    let problems = (document["problems"]?.arrayValue ?? []).compactMap(Problem.init(reportLine:))
    var pages: [String: String] = [:]
    for (user, page) in document["wallPages"]?.objectValue ?? [:] { pages[user] = page.stringValue }
    var record = BuildRecord(
      fingerprint: fingerprint, summary: summary, problems: problems, wallPages: pages,
      parts: document["export"].flatMap(ExportParts.init(json:)))
    for (user, names) in document["owners"]?.objectValue ?? [:] {
      guard let names = names.arrayValue, names.count == 2, let username = names[0].stringValue,
        let displayName = names[1].stringValue
      else { continue }
      record.owners[user] = OwnerNames(username: username, displayName: displayName)
    }
    record.newest = document["newest"]?.integerValue.map(Timestamp.init(millisecondsSince1970:))
    record.program = document["program"]?.stringValue
    record.siteStamp = document["site"]?.stringValue
    return record
  }

  /// Writes the record (only when it changed).
  package func save(stateRoot: String, fileCount: Int) throws(WriteError) {
    _ = try SiteWriter.write(serialized(fileCount: fileCount), to: "\(stateRoot)/\(Self.fileName)")
  }

  /// The record's file, `fileCount` being the number of files the build's manifest lists.
  func serialized(fileCount: Int) -> [UInt8] {
    let counts: JSONValue = [
      "walls": .number(Double(summary.walls)), "pages": .number(Double(summary.pages)),
      "imagesProcessed": .number(Double(summary.imagesProcessed)),
      "imagesReused": .number(Double(summary.imagesReused)),
      "imagesFailed": .number(Double(summary.imagesFailed)),
      "errors": .number(Double(summary.errors)), "warnings": .number(Double(summary.warnings)),
      "files": .number(Double(fileCount)),
      "publicPhotosLeftOut": .number(Double(summary.publicOmissions.photos)),
      "publicCommentsLeftOut": .number(Double(summary.publicOmissions.comments)),
      "publicPeopleLeftOut": .number(Double(summary.publicOmissions.people)),
    ]
    var document: JSONValue = [
      "fingerprint": .string(fingerprint), "summary": counts,
      "program": program.map { .string($0) } ?? .null,
      "problems": .array(problems.map(\.reportLine)),
      "wallPages": .object(wallPages.mapValues { .string($0) }),
      "owners": .object(owners.mapValues { [.string($0.username), .string($0.displayName)] }),
    ]
    if let parts, case .object(var members) = document {
      members["export"] = parts.json
      document = .object(members)
    }
    if let newest, case .object(var members) = document {
      members["newest"] = .integer(newest.millisecondsSince1970)
      document = .object(members)
    }
    if let siteStamp, case .object(var members) = document {
      members["site"] = .string(siteStamp)
      document = .object(members)
    }
    return Array(document.serialized.utf8)
  }

  /// Why a build whose fingerprint differs from this record's makes every page again, when
  /// the reason is that wallgen itself changed: one line for the console; nil when the same
  /// program made this record, so the difference is the export's, the theme's or an option's.
  /// - Parameter current: The running program's identity.
  package func programChange(to current: String = ProgramIdentity.current) -> String? {
    guard program != current else { return nil }
    let before = program.map { "wallgen \($0)" } ?? "a wallgen that did not record its build"
    return "note: the last build was made by \(before) and this is wallgen \(current): "
      + "every page is rendered again"
  }

  /// Removes the record, before a build starts changing the output: a build killed midway must
  /// never leave a record that claims its output complete.
  ///
  /// Makes the state folder first when it is missing: its being there is what marks the output
  /// as wallgen's (`OutputPlacement.claim`), so it must exist before the output's first file.
  package static func invalidate(stateRoot: String) throws(WriteError) {
    try FileSystem.createDirectory(stateRoot)
    try FileSystem.removeFile("\(stateRoot)/\(fileName)")
  }
}
