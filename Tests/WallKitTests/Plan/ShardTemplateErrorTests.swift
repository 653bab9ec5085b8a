import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// A sharded build's template error names the theme's file, as a one-process build's does
/// (docs/themes.md): the shards and finalize render through the same templates.
@Suite(.fullTier) struct ShardTemplateErrorTests {
  /// A theme folder in `folder` whose `Templates/NAME.html` is `source`; returns the theme and
  /// the file's path.
  static func theme(_ name: String, _ source: String, in folder: TemporaryDirectory) throws
    -> (Theme, String)
  {
    let root = folder.url("theme")
    try FileManager.default.createDirectory(
      atPath: "\(root)/Templates", withIntermediateDirectories: true)
    let path = "\(root)/Templates/\(name).html"
    try FileSystem.writeAtomically(source, to: path)
    return (try Theme.loading(overridesFrom: root), path)
  }

  /// `ShardFixture`'s settings of `site` with `theme`.
  static func settings(_ site: String, theme: Theme, export: String = "") -> SiteBuilder.Settings {
    var settings = ShardFixture.settings(site, export: export)
    settings.pipeline.theme = theme
    return settings
  }

  /// The template error in `error`, or nil.
  static func templateError(_ error: PlanError?) -> TemplateError? {
    guard case .build(.template(let template))? = error else { return nil }
    return template
  }

  @Test("a shard's template that does not parse names the theme's file, line and column")
  func parseError() throws {
    let folder = try TemporaryDirectory("shard-template")
    let (_, _, plan) = try ShardFixture.plannedSmallExport(in: folder)
    let (theme, path) = try Self.theme("wall", "hello\n  {{#x}\n", in: folder)
    let shard = try #require(ShardSpec("0/2"))
    let error = #expect(throws: PlanError.self) {
      try ShardBuilder(
        plan: plan, shard: shard, settings: Self.settings(folder.url("site"), theme: theme)
      ).build()
    }
    #expect(Self.templateError(error)?.template == path)
    #expect(error?.description.hasPrefix("\(path):2:3: ") == true, "\(String(describing: error))")
  }

  @Test("a shard's template that fails only when rendered names the theme's file, as a build's")
  func renderError() throws {
    let folder = try TemporaryDirectory("shard-template")
    let (_, root, plan) = try ShardFixture.plannedSmallExport(in: folder)
    // Each wall includes itself again inside its owner: too deep only once rendered.
    let (theme, path) = try Self.theme("wall", "{{#owner}}{{>wall}}{{/owner}}\n", in: folder)
    let shard = try #require(ShardSpec("0/1"))
    let error = #expect(throws: PlanError.self) {
      try ShardBuilder(
        plan: plan, shard: shard, settings: Self.settings(folder.url("site"), theme: theme)
      ).build()
    }
    #expect(Self.templateError(error)?.template == path)
    let build = #expect(throws: BuildError.self) {
      try SiteBuilder(
        settings: Self.settings(folder.url("one"), theme: theme, export: root)
      ).build()
    }
    #expect(build != nil)
    #expect(error?.description == build?.description)
  }

  @Test("finalize's index template that fails only when rendered names the theme's file")
  func finalizeRenderError() throws {
    let folder = try TemporaryDirectory("shard-template")
    let (_, _, plan) = try ShardFixture.plannedSmallExport(in: folder)
    let (theme, path) = try Self.theme("index", "{{#walls}}{{>index}}{{/walls}}\n", in: folder)
    let site = folder.url("site")
    for index in 0..<2 {
      let shard = try #require(ShardSpec(index: index, count: 2))
      _ = try ShardBuilder(plan: plan, shard: shard, settings: Self.settings(site, theme: theme))
        .build()
    }
    let error = #expect(throws: PlanError.self) {
      try ShardFinalizer(plan: plan, settings: Self.settings(site, theme: theme)).build()
    }
    #expect(Self.templateError(error)?.template == path)
    #expect(error?.description.hasPrefix("\(path):1:11: ") == true, "\(String(describing: error))")
  }
}
