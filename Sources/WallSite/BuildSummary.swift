import WallJSON
import WallModel
import WallSupport

/// What a build did, for the final summary line and for tests.
public struct BuildSummary: Sendable, Equatable {
  /// Walls rendered (one per user).
  public var walls = 0
  /// HTML pages produced (wall pages and the index).
  public var pages = 0
  /// Pages and assets written because they were new or changed.
  public var filesWritten = 0
  /// Pages and assets already up to date.
  public var filesUnchanged = 0
  /// Files of the previous build that this one no longer produces, removed.
  public var filesRemoved = 0
  /// Source images decoded and stored in this build.
  public var imagesProcessed = 0
  /// Source images whose stored variants were reused.
  public var imagesReused = 0
  /// Source images that could not be used (shown as placeholders).
  public var imagesFailed = 0
  /// Errors reported.
  public var errors = 0
  /// Warnings reported.
  public var warnings = 0
  /// Photos and comments a public build left out because anyone may not read them.
  public var publicOmissions = PublicOmissions()

  /// Creates an empty summary.
  public init() {}

  /// One line: "12 walls, 14 pages (3 files written, 11 unchanged, 0 removed); images: 40
  /// processed, 0 reused, 1 failed; 1 error, 0 warnings", each noun in the number it counts.
  public var line: String {
    "\(Self.count(walls, "wall")), \(Self.count(pages, "page")) "
      + "(\(Self.count(filesWritten, "file")) written, \(filesUnchanged) unchanged, "
      + "\(filesRemoved) removed); "
      + "images: \(imagesProcessed) processed, \(imagesReused) reused, \(imagesFailed) failed; "
      + "\(Self.count(errors, "error")), \(Self.count(warnings, "warning"))"
  }

  /// "1 wall", "2 walls": a number and its noun, singular for one.
  /// - Parameter number: How many.
  /// - Parameter noun: The singular noun.
  public static func count(_ number: Int, _ noun: String) -> String {
    NumberText.counted(number, noun)
  }
}

extension BuildSummary {
  /// The summary as a JSON object, with the build's duration in seconds and, under `steps`,
  /// each step's (`{"import": 1.2, "media": 3.4, …}`; a no-op build has only `import`).
  public func json(
    seconds: Double, output: String, steps: [(step: String, seconds: Double)] = []
  ) -> JSONValue {
    let milliseconds = { (seconds: Double) in JSONValue.number((seconds * 1000).rounded() / 1000) }
    return [
      "output": .string(output), "walls": .number(Double(walls)), "pages": .number(Double(pages)),
      "filesWritten": .number(Double(filesWritten)),
      "filesUnchanged": .number(Double(filesUnchanged)),
      "filesRemoved": .number(Double(filesRemoved)),
      "imagesProcessed": .number(Double(imagesProcessed)),
      "imagesReused": .number(Double(imagesReused)), "imagesFailed": .number(Double(imagesFailed)),
      "errors": .number(Double(errors)), "warnings": .number(Double(warnings)),
      "leftOutOfPublicSite": [
        "photos": .number(Double(publicOmissions.photos)),
        "comments": .number(Double(publicOmissions.comments)),
        "people": .number(Double(publicOmissions.people)),
      ],
      "seconds": milliseconds(seconds),
      "steps": .object(
        Dictionary(
          steps.map { ($0.step, $0.seconds) }, uniquingKeysWith: +
        ).mapValues(milliseconds)),
    ]
  }
}
