import WallWACZ

/// The options several commands share, each declared once: names, value, range, help
/// (argument-parser's `@OptionGroup` habit). A command's table (`CommandTables`) takes them by
/// the key path of its own field.
extension CommandOption {
  /// `-o, --output DIR`, for the commands whose output is a site folder.
  static func siteOutput(_ key: Field<String>) -> Self {
    .text(
      ["-o", "--output"], value: "DIR", key,
      help: [
        "Output folder (default: \(SiteOutputDefaults.output)): a new or empty folder, or one",
        "wallgen built (see --force)",
      ])
  }

  /// `--report FILE`: the problems as JSON lines; `outsideSite` says that the file may not be
  /// in the output folder (a site's command refuses that: the report names objectIds and files).
  static func report(
    _ key: Field<String?>, of what: String = "problems", outsideSite: Bool = false
  )
    -> Self
  {
    let help =
      outsideSite
      ? [
        "Also write the \(what) as JSON lines to FILE (never inside",
        "the output folder: it names objectIds and files)",
      ] : ["Also write the \(what) as JSON lines to FILE"]
    return .text(["--report"], value: "FILE", key, help: help)
  }

  /// `-j, --jobs N`: parallel workers.
  static func jobs(
    _ key: Field<Int?>, workers: String = "Image workers"
  )
    -> Self
  {
    .integer(
      ["-j", "--jobs"], in: 1...256, key, help: ["\(workers) (default: one per core)"])
  }

  /// `--max-pixels N`: the largest image accepted.
  static func maxPixels(_ key: Field<Int>) -> Self {
    .integer(
      ["--max-pixels"], in: 1...10_000_000_000, key,
      help: ["Refuse images larger than N pixels (default: \(ImageLimits.defaultMaxPixels))"])
  }

  /// `--max-export-bytes N`: the most a zip export may hold uncompressed.
  static func maxExportBytes(
    _ key: Field<UInt64>, showingDefault: Bool = true
  )
    -> Self
  {
    let first = "Refuse a zip export holding more than N bytes uncompressed"
    let gibibytes = ZipLimits.standard.totalBytes >> 30
    return .byteCount(
      ["--max-export-bytes"], key,
      help: showingDefault
        ? [first, "(default: \(gibibytes)G; K, M, G and T suffixes are powers of 1024)"] : [first])
  }

  /// `--base-url URL`: where the site is published (`BaseURL`), for full links.
  static func baseURL(_ key: Field<BaseURL?>, use: [String]) -> Self {
    Self(
      ["--base-url"], value: "URL",
      help: ["The address the site is published at (http:// or https://)"] + use
    ) { reader, name, options throws(UsageError) in
      let text = try reader.value(for: name)
      do {
        options[keyPath: key] = try BaseURL(text)
      } catch {
        throw UsageError("option '\(name)': \(error)", command: reader.command)
      }
    }
  }

  /// `--engine memory|plan`: which engine builds the site from the export (`BuildEngine`).
  static func engine(_ key: Field<BuildEngine?>) -> Self {
    Self(
      ["--engine"], value: "memory|plan",
      help: [
        "How to build from an export: 'memory' (the default) imports it",
        "into memory; 'plan' plans it, then builds as one shard and",
        "finalizes, in memory that does not grow with the export",
        "(docs/cli.md)",
      ]
    ) { reader, name, options throws(UsageError) in
      let text = try reader.value(for: name)
      guard let engine = BuildEngine(rawValue: text) else {
        throw UsageError(
          "option '\(name)' needs 'memory' or 'plan', not '\(text)'", command: reader.command)
      }
      options[keyPath: key] = engine
    }
  }

  /// `-q, --quiet`.
  static func quiet(
    _ key: Field<Bool>, printing what: String = "problems"
  )
    -> Self
  {
    .flag(["-q", "--quiet"], key, help: ["Print only \(what)"])
  }
}

/// The defaults of the commands that write a site.
enum SiteOutputDefaults {
  /// The output folder of `build` and `serve`.
  static let output = "_site"
  /// The output folder of `archive`.
  static let archiveOutput = "_archive"
}

extension CommandOption where Options: RenderingOptions {
  /// `--force`: write into a folder wallgen did not make.
  static var force: Self {
    .flag(
      ["--force"], \.force,
      help: [
        "Write into a non-empty output folder that wallgen did not",
        "make (files of the same names are replaced, nothing else is",
        "removed); /, your home folder and folders holding the export",
        "are refused all the same",
      ])
  }

  /// `--wait`: wait for another wallgen writing into the output instead of exiting 75.
  static var wait: Self {
    .flag(
      ["--wait"], \.wait,
      help: [
        "When another wallgen is writing into the output folder, wait",
        "for it to finish instead of exiting 75",
      ])
  }

  /// How walls are rendered: `--config`, `--language`, `--page-size`, `--timezone`, `-j`,
  /// `--theme`, `--webp` and the hidden `--no-webp`.
  static func rendering(workers: String = "Image workers") -> [Self] {
    [
      .text(
        ["--config"], value: "FILE", \.config,
        help: [
          "The site's configuration (default: \(SiteConfig.fileName) in the",
          "current folder, if any); options given here override it",
        ]),
      .text(
        ["--language"], value: "LANG", \.language,
        help: [
          "Language of the pages' texts and dates: en (default), fr, de,",
          "es, ja, or one a --theme folder adds",
        ]),
      .integer(
        ["--page-size"], in: SiteConfig.pageSizes, \.pageSize,
        help: ["Images per wall page (default: \(PipelineSettings.defaultPageSize))"]),
      .text(
        ["--timezone"], value: "TZ", \.timeZone,
        help: ["Time zone of shown dates: UTC (default), +02:00, Europe/Paris"]),
      .jobs(\.jobs, workers: workers),
      .text(
        ["--theme"], value: "DIR", \.theme,
        help: ["Templates/ and Public/ files in DIR override the built-in ones"]),
      .flag(
        ["--webp"], \.webp,
        help: [
          "Also make a WebP copy of each photo size for browsers that",
          "take it: about 25 % fewer photo bytes, twice the build's CPU",
          "time (default: --no-webp; docs/media.md, \"WebP\")",
        ]),
      .flag(["--no-webp"], \.webp, to: false, help: []),
    ]
  }
}
