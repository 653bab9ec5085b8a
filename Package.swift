// swift-tools-version:6.0
import PackageDescription

/// Settings shared by every Swift target: Swift 6 mode plus the stricter upcoming features.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// The pixel loops (decoding, resizing, colour conversion) are optimised in debug builds too:
/// unoptimised, they make a build of the demo take 100 times as long (48 s instead of 0.5 s),
/// and the test suite builds real photos many times.
let pixelSettings: [SwiftSetting] =
  swiftSettings + [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
  name: "wallgen",
  products: [
    .executable(name: "wallgen", targets: ["wallgen"]),
    .library(name: "WallKit", targets: ["WallKit"]),
  ],
  targets: [
    // C libraries, each from a Debian -dev package found through pkg-config. `make deps`
    // (scripts/deps.sh) checks for them and installs what is missing before anything compiles.
    .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
    .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
    .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    // Without pkgConfig: simdjson.pc's only flag besides /usr/include is
    // -DSIMDJSON_THREADS_ENABLED=1, which SwiftPM refuses (a "prohibited flag" warning on every
    // first build) and so never passed; the shim reads single documents and needs no threads.
    // scripts/deps.sh still checks the library through pkg-config before anything compiles.
    .systemLibrary(name: "CSimdjson", providers: [.apt(["libsimdjson-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
    // The build plan of sharded builds (docs/sharding.md).
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // gzip members of WACZ web archives (each WARC record compressed on its own).
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // The renderings a build keeps for reuse, compressed in memory (WallRender's FragmentMemo).
    .systemLibrary(name: "CLZ4", pkgConfig: "liblz4", providers: [.apt(["liblz4-dev"])]),
    // Linux's epoll and eventfd (glibc), which Swift's Glibc module leaves out: the preview
    // server's event loops.
    .systemLibrary(name: "CEpoll"),
    // glibc's mallopt, for the process's allocator settings (WallSupport's AllocatorSettings).
    .systemLibrary(name: "CMalloc"),
    // glibc's renameat2 (RENAME_EXCHANGE), which Swift's Glibc module leaves out: publishing a
    // staged build swaps each file with the one it replaces (WallSupport's FileSystem.exchange).
    .systemLibrary(name: "CFileExchange"),
    // HTTP(S) downloads of `wallgen fetch` (docs/fetch.md).
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),

    // C shims: libjpeg and libpng report errors with setjmp/longjmp, which must stay in C.
    .target(name: "CJPEGShim", dependencies: ["CJPEG"]),
    .target(name: "CPNGShim", dependencies: ["CPNG"]),
    .target(name: "CLCMSShim", dependencies: ["CLCMS2"], linkerSettings: [.linkedLibrary("m")]),
    // simdjson is C++: a C interface over its On-Demand API, with error codes (no exceptions).
    .target(
      name: "CSimdjsonShim", dependencies: ["CSimdjson"],
      cxxSettings: [.define("SIMDJSON_EXCEPTIONS", to: "0")],
      // What pkg-config's -lsimdjson gave (CSimdjson has no pkgConfig: see above).
      linkerSettings: [.linkedLibrary("simdjson")]),

    // Library: one target per stage, each depending only on the stages (and C modules) it uses,
    // so the compiler refuses a back-reference (docs/architecture.md draws the graph). A
    // declaration another stage uses is `package`; `public` is WallKit's API.
    .target(
      name: "WallSupport", dependencies: ["CCrypto", "CMalloc", "CFileExchange"],
      swiftSettings: swiftSettings),
    .target(name: "WallReport", dependencies: ["WallSupport"], swiftSettings: swiftSettings),
    .target(name: "WallJSON", dependencies: ["CSimdjsonShim"], swiftSettings: swiftSettings),
    .target(
      name: "WallZip", dependencies: ["WallSupport", "CZip", "CZlib"], swiftSettings: swiftSettings),
    .target(
      name: "WallModel", dependencies: ["WallSupport", "WallReport"], swiftSettings: swiftSettings),
    .target(
      name: "WallImport",
      dependencies: ["WallSupport", "WallReport", "WallJSON", "WallZip", "WallModel"],
      swiftSettings: swiftSettings),
    // The codecs: libjpeg, libpng, Little CMS and libwebp stay behind this target.
    .target(
      name: "WallImaging", dependencies: ["CJPEGShim", "CPNGShim", "CLCMSShim", "CWebP"],
      swiftSettings: pixelSettings),
    .target(
      name: "WallMedia",
      dependencies: [
        "WallSupport", "WallReport", "WallJSON", "WallModel", "WallImport", "WallImaging",
      ],
      swiftSettings: swiftSettings),
    .target(
      name: "WallRender", dependencies: ["WallSupport", "CLZ4"], swiftSettings: swiftSettings),
    // The default theme (Templates/ and Public/) is compiled into the Site stage.
    .target(
      name: "WallSite",
      dependencies: [
        "WallSupport", "WallReport", "WallJSON", "WallZip", "WallModel", "WallImport",
        "WallImaging", "WallMedia", "WallRender",
      ],
      swiftSettings: swiftSettings,
      plugins: ["EmbedTheme"]),
    // Sharded builds: the SQLite plan, shards and finalize.
    .target(
      name: "WallPlan",
      dependencies: [
        "WallSupport", "WallReport", "WallJSON", "WallZip", "WallModel", "WallImport",
        "WallImaging", "WallMedia", "WallRender", "WallSite", "CSQLite",
      ],
      swiftSettings: swiftSettings),
    // The file watcher of `serve` (inotify, polling as the fallback).
    .target(name: "WallWatch", dependencies: ["WallSupport"], swiftSettings: swiftSettings),
    // The HTTP server of `serve`.
    .target(
      name: "WallPreview", dependencies: ["WallSupport", "WallReport", "WallJSON", "CEpoll"],
      swiftSettings: swiftSettings),
    // WACZ web archives (WARC records, CDXJ index, data package) of a folder of files.
    .target(
      name: "WallWACZ",
      dependencies: ["WallSupport", "WallJSON", "WallZip", "WallPreview"],
      swiftSettings: swiftSettings),
    .target(
      name: "WallArchive",
      dependencies: [
        "WallSupport", "WallReport", "WallJSON", "WallZip", "WallModel", "WallImport",
        "WallMedia", "WallRender", "WallSite", "WallWACZ",
      ],
      swiftSettings: swiftSettings),
    // `wallgen fetch`: the files an export's File fields link to, downloaded with libcurl.
    .target(
      name: "WallFetch", dependencies: ["WallSupport", "WallJSON", "WallImport", "CCurl"],
      swiftSettings: swiftSettings),
    // The commands (Sources/WallKit/CLI); WallKit.swift re-exports every stage, so
    // `import WallKit` sees them all.
    .target(
      name: "WallKit",
      dependencies: [
        "WallSupport", "WallReport", "WallJSON", "WallZip", "WallModel", "WallImport",
        "WallImaging", "WallMedia", "WallRender", "WallSite", "WallPlan", "WallWatch",
        "WallPreview", "WallArchive", "WallFetch", "WallWACZ",
      ],
      swiftSettings: swiftSettings
    ),
    // The demo and synthetic export generators: used by make-demo, scale-bench and the tests,
    // never by WallKit.
    .target(
      name: "WallSynth",
      dependencies: ["WallKit"],
      swiftSettings: swiftSettings
    ),

    // Executable
    .executableTarget(
      name: "wallgen",
      dependencies: ["WallKit"],
      swiftSettings: swiftSettings
    ),

    .executableTarget(
      name: "make-demo",
      dependencies: ["WallSynth"],
      swiftSettings: swiftSettings
    ),

    // Benchmarks (run by hand: Benchmarks/run-*-bench.sh)
    .executableTarget(
      name: "scale-bench",
      dependencies: ["WallKit", "WallSynth"],
      path: "Benchmarks/ScaleBench",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "media-bench",
      dependencies: ["WallKit"],
      path: "Benchmarks/MediaBench",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "webp-bench",
      dependencies: ["WallKit"],
      path: "Benchmarks/WebPBench",
      swiftSettings: swiftSettings
    ),

    // Fuzzing (docs/fuzzing.md): the harnesses, and one executable that is a libFuzzer target
    // when built with `-DFUZZING -sanitize=fuzzer,address` (scripts/fuzz.sh), else a replay tool.
    .target(
      name: "WallFuzz",
      dependencies: ["WallKit"],
      path: "Fuzz/Harnesses",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "wallgen-fuzz",
      dependencies: ["WallFuzz"],
      path: "Fuzz/Main",
      swiftSettings: swiftSettings
    ),

    // Build tools
    .executableTarget(name: "theme-embedder"),
    .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["theme-embedder"]),

    // Tests
    .target(
      name: "WallKitTestSupport",
      dependencies: ["WallKit", "WallSynth"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "WallKitTests",
      // The stages whose internals some tests reach with `@testable import`.
      dependencies: [
        "WallKit", "WallKitTestSupport", "WallSynth", "WallFuzz", "WallImaging", "WallMedia",
        "WallPlan", "WallPreview", "WallWatch", "WallFetch",
      ],
      // Golden pages, compared byte for byte (Snapshot), not sources.
      exclude: ["Snapshots"],
      swiftSettings: swiftSettings
    ),
  ],
  cxxLanguageStandard: .cxx17
)
