// swift-tools-version:6.0
import PackageDescription

/// Settings shared by every Swift target: Swift 6 mode plus the stricter upcoming features.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "wallgen",
  products: [
    .executable(name: "wallgen", targets: ["wallgen"]),
    .library(name: "WallKit", targets: ["WallKit"]),
  ],
  targets: [
    // C libraries
    .target(
      name: "CJPEGShim",
      linkerSettings: [.linkedLibrary("jpeg")]
    ),
    .target(
      name: "CPNGShim",
      linkerSettings: [.linkedLibrary("png16")]
    ),
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    .target(
      name: "CLCMS",
      linkerSettings: [.linkedLibrary("lcms2"), .linkedLibrary("m")]
    ),

    // Library
    .target(
      name: "WallKit",
      dependencies: ["CJPEGShim", "CPNGShim", "CZlib", "CLCMS"],
      swiftSettings: swiftSettings,
      plugins: ["EmbedTheme"]
    ),

    // Executable
    .executableTarget(
      name: "wallgen",
      dependencies: ["WallKit"],
      swiftSettings: swiftSettings
    ),

    .executableTarget(
      name: "make-demo",
      dependencies: ["WallKit"],
      swiftSettings: swiftSettings
    ),

    // Benchmarks (run by hand: Benchmarks/run-*-bench.sh)
    .executableTarget(
      name: "scale-bench",
      dependencies: ["WallKit"],
      path: "Benchmarks/ScaleBench",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "media-bench",
      dependencies: ["WallKit"],
      path: "Benchmarks/MediaBench",
      swiftSettings: swiftSettings
    ),

    // Build tools
    .executableTarget(name: "theme-embedder"),
    .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["theme-embedder"]),

    // Tests
    .target(
      name: "WallKitTestSupport",
      dependencies: ["WallKit"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "WallKitTests",
      dependencies: ["WallKit", "WallKitTestSupport"],
      swiftSettings: swiftSettings
    ),
  ]
)
