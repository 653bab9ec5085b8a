import WallJSON
import WallSupport

/// Content-addressed storage of derived images under `media/`: names come from a hash of the source
/// bytes and the pipeline version, so an output that exists is never recomputed.
///
/// A small record per source, kept in the build's state folder (outside the published site), says
/// what was made, or why it failed.
public struct MediaStore: Sendable {
  /// Bump when the thumbnails' bytes would change for the same source (3: variants no taller
  /// than `ImageLimits.maxOutputSide`, so records of earlier builds are not reused; 4: each
  /// smaller variant made from the next larger one, PNG variants compressed with zlib's Z_RLE;
  /// 5: JPEGs in five spectral-selection scans instead of libjpeg's ten, CJPEGShim).
  public static let pipelineVersion = "wallgen-media-5"

  /// The site's output folder.
  public let siteRoot: String
  /// The folder of the build's state, where records are kept.
  public let stateRoot: String
  /// Where files and records are written until the build is published; nil writes them in
  /// place.
  public let staging: StagingArea?

  /// Creates a store writing derived files under `siteRoot` and records under `stateRoot`.
  /// - Parameters:
  ///   - siteRoot: The site's folder.
  ///   - stateRoot: The state folder.
  ///   - staging: When given, files and records are staged there instead (its roots must be
  ///     `siteRoot` and `stateRoot`), and published with the rest of the build.
  public init(siteRoot: String, stateRoot: String, staging: StagingArea? = nil) {
    self.siteRoot = siteRoot
    self.stateRoot = stateRoot
    self.staging = staging
  }

  /// The key of a source: the first 32 hex digits of the double SHA-256 of
  /// `"<pipeline version>\n<recipe>\n"` followed by the SHA-256 of the bytes.
  public static func key(for bytes: [UInt8], recipe: String) -> String {
    key(digest: SHA256.digest(bytes), recipe: recipe)
  }

  /// The key of a source whose bytes have the SHA-256 `digest` (as a plan records it).
  public static func key(digest: [UInt8], recipe: String) -> String {
    var hashed = Array("\(pipelineVersion)\n\(recipe)\n".utf8)
    hashed.append(contentsOf: digest)
    // 32 hex digits: the first 16 bytes.
    return Hex.encode(SHA256.doubleDigest(hashed).prefix(16))
  }

  /// Site-relative path of one derived file: `media/<first two>/<key>-<variant>.<ext>`.
  public static func path(key: String, variant: String, fileExtension: String) -> String {
    "media/\(key.prefix(2))/\(key)-\(variant).\(fileExtension)"
  }

  /// Where the record of a key lives, relative to the state folder.
  package static func recordPath(key: String) -> String {
    "media/\(key.prefix(2))/\(key).json"
  }

  /// The stored outcome for `key`, if an earlier build recorded one whose files all exist.
  func cached(key: String) -> MediaOutcome? {
    let path = "\(stateRoot)/\(Self.recordPath(key: key))"
    guard FileSystem.kind(of: path) == .regular,
      let bytes = try? FileSystem.readFile(path, limit: 1 << 20),
      let record = try? JSONReader.parse(bytes),
      let outcome = MediaRecord.decode(record)
    else { return nil }
    if case .ready(let variants, let original) = outcome {
      let files = (variants + (original.map { [$0] } ?? [])).map(\.path)
      let siblings = variants.compactMap(\.webp)
      guard
        (files + siblings).allSatisfy({ FileSystem.kind(of: "\(siteRoot)/\($0)") == .regular })
      else { return nil }
    }
    return outcome
  }

  /// Writes derived files, then the record (last, so a killed build leaves no record that
  /// points at missing files).
  func store(key: String, files: [(path: String, bytes: [UInt8])], outcome: MediaOutcome)
    throws(WriteError)
  {
    let record = Array(MediaRecord.encode(outcome).serialized.utf8)
    guard let staging else {
      for file in files {
        try FileSystem.writeAtomically(file.bytes, to: "\(siteRoot)/\(file.path)")
      }
      try FileSystem.writeAtomically(record, to: "\(stateRoot)/\(Self.recordPath(key: key))")
      return
    }
    for file in files { try staging.stage(file.bytes, at: file.path, in: .site) }
    try staging.stage(record, at: Self.recordPath(key: key), in: .state)
  }

  /// Writes (or stages) `bytes` as the site file `path` unless it already holds them.
  /// - Parameter bytes: The file's content.
  /// - Parameter path: Site-relative.
  /// - Returns: Whether the file was written or staged.
  /// - Throws: `WriteError` when it cannot be.
  @discardableResult
  package func write(_ bytes: [UInt8], at path: String) throws(WriteError) -> Bool {
    if let staging { return try staging.stageIfChanged(bytes, at: path, in: .site) }
    if StagingArea.file(at: "\(siteRoot)/\(path)", holds: bytes) { return false }
    try FileSystem.writeAtomically(bytes, to: "\(siteRoot)/\(path)")
    return true
  }
}

/// The JSON form of a `MediaOutcome` kept between builds.
package enum MediaRecord {
  package static func encode(_ outcome: MediaOutcome) -> JSONValue {
    func image(_ stored: StoredImage) -> JSONValue {
      var members: [String: JSONValue] = [
        "path": .string(stored.path), "width": .number(Double(stored.width)),
        "height": .number(Double(stored.height)),
      ]
      if let webp = stored.webp { members["webp"] = .string(webp) }
      return .object(members)
    }
    switch outcome {
    case .ready(let variants, let original):
      return ["variants": .array(variants.map(image)), "original": original.map(image) ?? .null]
    case .failed(let reason):
      return ["error": .string(reason)]
    }
  }

  package static func decode(_ value: JSONValue) -> MediaOutcome? {
    if let reason = value["error"]?.stringValue { return .failed(reason: reason) }
    func image(_ value: JSONValue?) -> StoredImage? {
      guard let value, let path = value["path"]?.stringValue,
        let width = value["width"]?.integerValue, let height = value["height"]?.integerValue
      else { return nil }
      return StoredImage(
        path: path, width: Int(clamping: width), height: Int(clamping: height),
        webp: value["webp"]?.stringValue)
    }
    guard let list = value["variants"]?.arrayValue else { return nil }
    let variants = list.compactMap { image($0) }
    guard variants.count == list.count, !variants.isEmpty else { return nil }
    return .ready(variants: variants, original: image(value["original"]))
  }
}
