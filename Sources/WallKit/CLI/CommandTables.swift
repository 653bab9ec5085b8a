import WallWACZ

/// Each command's table of options, in the order of its help: the parser reads by it, and
/// `HelpText` prints it.
enum CommandTables {
  /// `wallgen build`.
  static let build: [CommandOption<BuildOptions>] =
    [.siteOutput(\.output), .force, .wait, .report(\.reportFile, outsideSite: true)]
    + CommandOption.rendering() + [
      .maxPixels(\.maxPixels), .maxExportBytes(\.maxExportBytes),
      .flag(
        ["--no-originals"], \.copyOriginals, to: false,
        help: ["Do not copy original images into the site"]),
      .flag(
        ["--precompress"], \.precompress,
        help: [
          "Also write a gzip copy (FILE.gz) beside each text file, for",
          "hosts that serve one (nginx gzip_static); a build without it",
          "removes them (docs/cli.md, \"Precompressed copies\")",
        ]),
      .flag(
        ["--strict"], \.strict,
        help: [
          "Publish nothing, and exit 1, if any problem was reported",
          "(a theme warning too: then nothing is built)",
        ]),
      .flag(
        ["--allow-missing"], \.allowMissing,
        help: [
          "Publish even when the export lacks a part the last build read",
          "(a class file of the walls, the files in files/, graph/);",
          "without it such a build is refused",
        ]),
      .quiet(\.quiet), .flag(["--json"], \.json, help: ["Print the summary as JSON on stdout"]),
    ] + CommandOption.privateSite + [
      .text(
        ["--urls-file"], value: "FILE", \.urlsFile,
        help: [
          "Where --private lists \"objectId<TAB>walls/<token>/index.html\"",
          "(default: <output>.urls.tsv; never inside the output folder);",
          "a CSV of names and links goes beside it (<FILE without .tsv>.csv)",
        ]),
      .baseURL(
        \.baseURL,
        use: [
          "(the og: link-preview tags of public pages; --private: the",
          "CSV's links are full URLs under it; default: the config file's)",
        ]),
      .text(
        ["--wacz"], value: "FILE", \.waczFile,
        help: [
          "After the build, also write the whole site as a WACZ web archive",
          "to FILE (never inside the output folder; not with --private),",
          "its files under --base-url (else \(WACZBase.placeholder))",
        ]),
    ] + sharding

  /// `--engine`, `--plan`, `--shard` and `--finalize` of `wallgen build`.
  private static let sharding: [CommandOption<BuildOptions>] = [
    .engine(\.engine),
    .text(
      ["--plan"], value: "PLAN", \.plan,
      help: [
        "Build from a plan ('wallgen plan') instead of an export, as",
        "one shard (--shard) or the last step (--finalize)",
      ]),
    CommandOption(
      ["--shard"], value: "K/N",
      help: [
        "Make shard K of N (0 <= K < N <= \(ShardList.grouped(ShardSpec.maximumCount))): the walls and media",
        "that fall in it; shards may run at once, on machines sharing",
        "the output",
      ]
    ) { reader, name, options throws(UsageError) in
      try reader.shardingOption(name, into: &options)
    },
    .flag(
      ["--finalize"], \.finalize,
      help: [
        "After every shard: the index, assets, manifest and record;",
        "exit 1 naming the shards that have not finished or were made",
        "with other options or from another plan",
      ]),
  ]

  /// `wallgen check`.
  static let check: [CommandOption<CheckOptions>] = [
    .flag(
      ["--deep"], \.deep, help: ["Decode every image fully, as 'wallgen build' does (slower)"]),
    .flag(
      ["--errors-only"], \.showWarnings, to: false,
      help: ["Do not print warnings (they are still counted)"]),
    .maxPixels(\.maxPixels), .maxExportBytes(\.maxExportBytes), .jobs(\.jobs),
    .text(
      ["--config"], value: "FILE", \.config,
      help: [
        "The site's configuration (default: \(SiteConfig.fileName) in the",
        "current folder, if any); lists what its 'exclude' leaves out",
      ]),
  ]

  /// `wallgen serve`.
  static let serve: [CommandOption<ServeOptions>] =
    [
      .integer(
        ["-p", "--port"], in: 0...65_535, \.port,
        help: ["Port to listen on (default: 8080; 0 picks a free one)"]),
      .text(
        ["--host"], value: "ADDR", \.host,
        help: [
          "IPv4 address to listen on (default: 127.0.0.1, this machine",
          "only; 0.0.0.0 shows the site to your whole network)",
        ]),
      .siteOutput(\.output), .force, .wait,
    ] + CommandOption.rendering() + CommandOption.privateSite + [
      .maxExportBytes(\.maxExportBytes), .engine(\.engine),
      .quiet(\.quiet, printing: "problems, errors and the URL"),
    ]

  /// `wallgen archive`.
  static let archive: [CommandOption<ArchiveOptions>] =
    [
      CommandOption(
        ["-u", "--user"], value: "ID",
        help: ["Archive this user's wall; ID is an objectId or a username (repeatable)"]
      ) { reader, name, options throws(UsageError) in
        options.userIDs.append(try reader.value(for: name))
      },
      .flag(["--all"], \.all, help: ["Archive every user's wall"]),
      .text(
        ["-o", "--output"], value: "DIR", \.output,
        help: [
          "Output folder (default: \(SiteOutputDefaults.archiveOutput)): a new or empty folder, or",
          "one wallgen archived into (see --force); a bundle replaces only",
          "a bag wallgen wrote",
        ]),
      .force, .wait,
      .flag(
        ["--zip"], \.zip,
        help: [
          "Also write DIR/<username>-wall.zip (deterministic: sorted entries,",
          "fixed timestamps from SOURCE_DATE_EPOCH or the data)",
        ]),
      .flag(
        ["--wacz"], \.wacz,
        help: [
          "Also write DIR/<bundle name>.wacz, a web archive of the bundle's",
          "files (deterministic, as --zip), under --base-url (else",
          "\(WACZBase.placeholder))",
        ]),
    ] + CommandOption.rendering(workers: "Workers") + [
      .maxPixels(\.maxPixels), .maxExportBytes(\.maxExportBytes),
      .flag(["--strict"], \.strict, help: ["Exit 1 if any problem was reported"]),
      .baseURL(
        \.baseURL, use: ["(--wacz puts the files under it; default: the config file's)"]),
      .quiet(\.quiet),
    ]

  /// `wallgen plan`.
  static let plan: [CommandOption<PlanOptions>] = [
    .text(
      ["-o", "--output"], value: "PLAN", \.output,
      help: ["The plan file (required; replaced atomically)"]),
    .jobs(\.jobs), .maxExportBytes(\.maxExportBytes, showingDefault: false),
    .report(\.reportFile, of: "import's problems"), .quiet(\.quiet),
    .text(
      ["--config"], value: "FILE", \.config,
      help: [
        "The site's configuration (default: \(SiteConfig.fileName) in the",
        "current folder, if any); the plan leaves out what its 'exclude' lists",
      ]),
    CommandOption(
      ["--part"], value: "K/N",
      help: [
        "Write only part K of N (0 <= K < N) into PLAN.parts/K-of-N.sqlite:",
        "every N-th row of the class files and the image files they name;",
        "parts may run at once, then '--merge N' makes the plan",
      ]
    ) { reader, name, options throws(UsageError) in
      try reader.planPartOption(name, into: &options)
    },
    CommandOption(
      ["--merge"], value: "N",
      help: [
        "Make the plan from its N parts (exit 1 naming a part missing or made",
        "from another export), then remove them",
      ]
    ) { reader, name, options throws(UsageError) in
      try reader.planPartOption(name, into: &options)
    },
  ]
}

extension CommandOption where Options: PrivateSiteOptions {
  /// `--private` and `--secret-file FILE`, as `build` and `serve` take them.
  static var privateSite: [Self] {
    [
      .flag(
        ["--private"], \.privateBuild,
        help: [
          "Put each wall at walls/<token>/, token = hex HMAC-SHA256(secret,",
          "objectId); write no index page and no link to one",
        ]),
      .text(
        ["--secret-file"], value: "FILE", \.secretFile,
        help: [
          "The secret of --private: at least \(WallCLI.minimumSecretBytes) bytes once trailing",
          "newlines are stripped (make one with",
          "'head -c 32 /dev/urandom | base64 > FILE')",
        ]),
    ]
  }
}
