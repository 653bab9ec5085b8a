import Testing
import WallKit
import WallKitTestSupport

/// The site's configuration file, `wallgen.json` or `--config FILE` (issue 24): what it sets,
/// the options that override it, and the errors that name the file, the key and the reason.
@Suite(.fullTier) struct SiteConfigTests {
  /// Writes the long-name export and a configuration file holding `config`; returns their paths.
  static func prepare(_ folder: TemporaryDirectory, config: String) throws -> (
    export: String, config: String
  ) {
    let export = folder.url("export")
    try PageLayoutTests.LongNameExport.write(to: export)
    let file = folder.url("site.json")
    try FileSystem.writeAtomically(Array(config.utf8), to: file)
    return (export, file)
  }

  /// Runs `wallgen build` on the prepared export into `folder/site`.
  static func build(
    _ folder: TemporaryDirectory, _ paths: (export: String, config: String), _ extra: [String] = []
  ) -> (WallCLI.ExitCode, CapturedConsole) {
    let captured = CapturedConsole()
    let code = WallCLI.run(
      ["build", paths.export, "-o", folder.url("site"), "-q", "-j", "1", "--config", paths.config]
        + extra, console: captured.console)
    return (code, captured)
  }

  static func page(_ folder: TemporaryDirectory, _ path: String) throws -> String {
    String(
      decoding: try FileSystem.readFile(folder.url("site/\(path)"), limit: 1 << 24), as: UTF8.self)
  }

  @Test(
    "a configuration file sets the title, description, language, time zone, base URL and page size")
  func validConfig() throws {
    let folder = try TemporaryDirectory()
    let paths = try Self.prepare(
      folder,
      config: """
        {"title": "Nos murs", "description": "La promo 2014", "language": "fr",
         "timeZone": "+02:00", "baseURL": "https://example.org/walls", "pageSize": 2}
        """)
    let (code, captured) = Self.build(folder, paths)
    #expect(code == .success, "\(captured.err)")
    let index = try Self.page(folder, "index.html")
    #expect(index.contains(#"<html lang="fr">"#))
    #expect(index.contains("<title>Nos murs</title>"))
    #expect(index.contains("<h1>Nos murs</h1>"))
    #expect(index.contains(#"<p class="description">La promo 2014</p>"#))
    #expect(index.contains(#"<meta property="og:url" content="https://example.org/walls/">"#))
    let wall = try Self.page(folder, "walls/u0/index.html")
    // 2014-07-04 20:20 UTC is 22:20 at +02:00.
    #expect(wall.contains(">4 juil. 2014, 22:2"))
    #expect(wall.contains(#"<a href="../../index.html">Nos murs</a>"#))
    // Nine photos, two a page.
    #expect(FileSystem.kind(of: folder.url("site/walls/u0/page-5.html")) == .regular)
  }

  @Test("options given on the command line override the configuration file")
  func flagsOverrideFile() throws {
    let folder = try TemporaryDirectory()
    let paths = try Self.prepare(
      folder, config: #"{"language": "fr", "pageSize": 2, "timeZone": "+02:00"}"#)
    let (code, captured) = Self.build(
      folder, paths, ["--page-size", "3", "--language", "de", "--timezone", "UTC"])
    #expect(code == .success, "\(captured.err)")
    #expect(FileSystem.kind(of: folder.url("site/walls/u0/page-3.html")) == .regular)
    #expect(FileSystem.kind(of: folder.url("site/walls/u0/page-4.html")) == .missing)
    let wall = try Self.page(folder, "walls/u0/index.html")
    #expect(wall.contains(#"<html lang="de">"#))
    #expect(wall.contains(">4. Juli 2014, 20:2"))
  }

  @Test(
    "an unknown key, a value of the wrong kind or out of range is a usage error naming the file, the key and the reason",
    arguments: [
      (
        #"{"pagesize": 20}"#,
        "unknown key 'pagesize'; did you mean 'pageSize'? (the keys are title, description, "
          + "language, timeZone, baseURL, pageSize, exclude, rotateLinks)"
      ),
      (#"{"pageSize": "20"}"#, "'pageSize' must be a whole number from 1 to 10,000, not a string"),
      (#"{"pageSize": 0}"#, "'pageSize' must be a whole number from 1 to 10,000, not 0"),
      (#"{"title": 2014}"#, "'title' must be a string, not a number"),
      (
        #"{"language": "French"}"#,
        #"'language' must be a language code like "fr" or "pt-BR", not "French""#
      ),
      (
        #"{"timeZone": "Mars/Olympus"}"#,
        "'timeZone': unknown time zone 'Mars/Olympus'; use UTC, an offset like +02:00, or a name like Europe/Paris"
      ),
      (
        #"{"baseURL": "example.org"}"#,
        #"'baseURL' must be an absolute http:// or https:// address, not "example.org""#
      ),
      (#"{"title": "a", "title": "b"}"#, "key 'title' is given twice"),
      (
        #"["title"]"#,
        #"the configuration is an array, not an object of settings such as {"title": "Our walls"}"#
      ),
      (#"{"title": "a",}"#, ""),
    ])
  func invalidConfig(config: String, message: String) throws {
    let folder = try TemporaryDirectory()
    let paths = try Self.prepare(folder, config: config)
    let (code, captured) = Self.build(folder, paths)
    #expect(code == .usage)
    let first = captured.err.first ?? ""
    // A file that is not JSON is named with the line and column of the fault.
    let expected =
      message.isEmpty ? "error: \(paths.config):1:" : "error: \(paths.config): \(message)"
    #expect(first.hasPrefix(expected), "\(captured.err)")
    #expect(FileSystem.kind(of: folder.url("site")) == .missing, "nothing is written")
  }

  @Test("a missing --config file, a bad --base-url and a language with no texts are usage errors")
  func badOptions() throws {
    let folder = try TemporaryDirectory()
    let paths = try Self.prepare(folder, config: "{}")
    let missing = Self.build(folder, (paths.export, folder.url("nope.json")))
    #expect(missing.0 == .usage)
    #expect(missing.1.err.first?.hasPrefix("error: cannot read the configuration file: ") == true)
    let url = Self.build(folder, paths, ["--base-url", "ftp://example.org/"])
    #expect(url.0 == .usage)
    #expect(
      url.1.err.first?.hasPrefix(
        "error: option '--base-url': the base URL 'ftp://example.org/' is refused: its scheme is "
          + "'ftp', not http or https") == true)
    let language = Self.build(folder, paths, ["--language", "xx"])
    #expect(language.0 == .usage)
    #expect(language.1.err.first?.hasPrefix("error: no texts for language 'xx'") == true)
  }
}
