import WallPlan
import WallSite
import WallZip

/// What the user asked for on the command line, after parsing.
public enum Command: Sendable, Equatable {
  /// Print general help, or a command's help.
  case help(command: String?)
  /// Print the version.
  case version
  /// Build the site.
  case build(BuildOptions)
  /// Check an export and print its problems.
  case check(CheckOptions)
  /// Build the site, serve it locally, and rebuild on change.
  case serve(ServeOptions)
  /// Write self-contained per-user bundles.
  case archive(ArchiveOptions)
  /// Import an export once into a plan for a sharded build.
  case plan(PlanOptions)
  /// Download the files an export's File fields link to.
  case fetch(FetchOptions)
}

/// Options of `wallgen build`.
public struct BuildOptions: Sendable, Equatable {
  /// The export folder or zip; nil means the bundled demo.
  public var export: String?
  /// The output folder.
  public var output: String = SiteOutputDefaults.output
  /// Where to write the JSON-lines problem report, if anywhere.
  public var reportFile: String?
  /// Images per wall page; nil: the configuration file's, else
  /// `PipelineSettings.defaultPageSize`.
  public var pageSize: Int?
  /// The time zone dates are shown in: "UTC", an offset like "+02:00", or an IANA name; nil:
  /// the configuration file's, else UTC.
  public var timeZone: String?
  /// The language of the pages (`--language`); nil: the configuration file's, else English.
  public var language: String?
  /// The site's configuration file (`--config`); nil: `wallgen.json` in the current folder,
  /// when there is one.
  public var config: String?
  /// The site's address (`--base-url`); nil: the configuration file's, else none.
  public var baseURL: BaseURL?
  /// Image workers; nil means one per core.
  public var jobs: Int?
  /// A folder whose templates and assets override the built-in ones.
  public var theme: String?
  /// Whether photo variants get WebP siblings (`--webp`, `--no-webp`).
  public var webp: Bool = PipelineSettings.webpByDefault
  /// Whether to write into a non-empty output folder wallgen did not make (`--force`).
  public var force = false
  /// Whether to wait while another wallgen writes into the output, rather than exit 75
  /// (`--wait`).
  public var wait = false
  /// Largest image accepted, in pixels.
  public var maxPixels: Int = ImageLimits.defaultMaxPixels
  /// The most uncompressed bytes a zip export may hold.
  public var maxExportBytes: UInt64 = ZipLimits.standard.totalBytes
  /// Whether to copy originals into the site bit for bit.
  public var copyOriginals: Bool = true
  /// Whether each text file of the site gets a gzip copy beside it (`--precompress`).
  public var precompress: Bool = false
  /// Publish nothing, and exit 1, when any problem was reported.
  public var strict: Bool = false
  /// Publish an export that lacks a part the last build read (`--allow-missing`).
  public var allowMissing: Bool = false
  /// Print only problems and errors.
  public var quiet: Bool = false
  /// Print the summary as JSON on standard output.
  public var json: Bool = false
  /// Put walls at unguessable `walls/<token>/` folders, with no index page.
  public var privateBuild: Bool = false
  /// The file holding the private build's secret.
  public var secretFile: String?
  /// Where the private build writes its user → URL list; nil means `<output>.urls.tsv`.
  public var urlsFile: String?
  /// Where to write a WACZ web archive of the whole site after the build (`--wacz FILE`).
  public var waczFile: String?
  /// The plan of a sharded build (`--plan`); the build is then one shard or the finalize step.
  public var plan: String?
  /// The shard to build (`--shard K/N`).
  public var shard: ShardSpec?
  /// Whether to finalize a sharded build (`--finalize`).
  public var finalize = false
  /// The engine that builds from an export (`--engine`); nil: `BuildEngine.standard`.
  public var engine: BuildEngine?

  /// Options with every default.
  public init(export: String? = nil) {
    self.export = export
  }
}

/// Options of `wallgen check`.
public struct CheckOptions: Sendable, Equatable {
  /// The export folder or zip; nil means the bundled demo.
  public var export: String?
  /// Also print warnings (they are always counted).
  public var showWarnings: Bool = true
  /// Decode every image fully, as a build does, instead of reading its header.
  public var deep: Bool = false
  /// Largest image accepted, in pixels.
  public var maxPixels: Int = ImageLimits.defaultMaxPixels
  /// The most uncompressed bytes a zip export may hold.
  public var maxExportBytes: UInt64 = ZipLimits.standard.totalBytes
  /// Image workers; nil means one per core.
  public var jobs: Int?
  /// The configuration file (`--config`); nil: `wallgen.json` in the current folder, if any.
  public var config: String?

  /// Options with every default.
  public init(export: String? = nil) {
    self.export = export
  }
}

/// Options of `wallgen serve`: the build options that make sense for a preview, plus where
/// to listen.
public struct ServeOptions: Sendable, Equatable {
  /// The export folder or zip; nil means the bundled demo.
  public var export: String?
  /// The output folder, built and then served.
  public var output: String = SiteOutputDefaults.output
  /// Images per wall page; nil: the configuration file's, else
  /// `PipelineSettings.defaultPageSize`.
  public var pageSize: Int?
  /// The time zone dates are shown in: "UTC", an offset like "+02:00", or an IANA name; nil:
  /// the configuration file's, else UTC.
  public var timeZone: String?
  /// The language of the pages (`--language`); nil: the configuration file's, else English.
  public var language: String?
  /// The site's configuration file (`--config`); nil: `wallgen.json` in the current folder,
  /// when there is one.
  public var config: String?
  /// The site's address (`--base-url`); nil: the configuration file's, else none.
  public var baseURL: BaseURL?
  /// Image workers; nil means one per core.
  public var jobs: Int?
  /// A folder whose templates and assets override the built-in ones; watched too.
  public var theme: String?
  /// Whether photo variants get WebP siblings (`--webp`, `--no-webp`).
  public var webp: Bool = PipelineSettings.webpByDefault
  /// Whether to write into a non-empty output folder wallgen did not make (`--force`).
  public var force = false
  /// Whether to wait while another wallgen writes into the output, rather than exit 75
  /// (`--wait`).
  public var wait = false
  /// The IPv4 address to listen on: loopback unless asked otherwise.
  public var host: String = "127.0.0.1"
  /// The port to listen on; 0 picks a free one.
  public var port: Int = 8080
  /// Print only problems, errors and the URL.
  public var quiet: Bool = false
  /// The engine each build runs (`--engine`); nil: `BuildEngine.standard`.
  public var engine: BuildEngine?
  /// The most uncompressed bytes a zip export may hold.
  public var maxExportBytes: UInt64 = ZipLimits.standard.totalBytes
  /// Whether to build and serve the private site (`--private`): walls at their secret
  /// addresses, each printed with its owner's name, and no index.
  public var privateBuild: Bool = false
  /// The file holding the private site's secret (`--secret-file`).
  public var secretFile: String?

  /// Options with every default.
  public init(export: String? = nil) {
    self.export = export
  }
}

/// Options of `wallgen archive`.
public struct ArchiveOptions: Sendable, Equatable {
  /// The export folder or zip; nil means the bundled demo.
  public var export: String?
  /// The users to archive (`--user`, repeatable); empty with `all`.
  public var userIDs: [String] = []
  /// Archive every user.
  public var all: Bool = false
  /// The folder the bundles go into.
  public var output: String = SiteOutputDefaults.archiveOutput
  /// Also write a zip of each bundle.
  public var zip: Bool = false
  /// Images per wall page; nil: the configuration file's, else
  /// `PipelineSettings.defaultPageSize`.
  public var pageSize: Int?
  /// The time zone dates are shown in: "UTC", an offset like "+02:00", or an IANA name; nil:
  /// the configuration file's, else UTC.
  public var timeZone: String?
  /// The language of the pages (`--language`); nil: the configuration file's, else English.
  public var language: String?
  /// The site's configuration file (`--config`); nil: `wallgen.json` in the current folder,
  /// when there is one.
  public var config: String?
  /// The site's address (`--base-url`); nil: the configuration file's, else none.
  public var baseURL: BaseURL?
  /// Also write a WACZ web archive of each bundle (`--wacz`).
  public var wacz: Bool = false
  /// Workers; nil means one per core.
  public var jobs: Int?
  /// A folder whose templates and assets override the built-in ones.
  public var theme: String?
  /// Whether photo variants get WebP siblings (`--webp`, `--no-webp`).
  public var webp: Bool = PipelineSettings.webpByDefault
  /// Whether to write into a non-empty output folder wallgen did not make (`--force`).
  public var force = false
  /// Whether to wait while another wallgen writes into the output, rather than exit 75
  /// (`--wait`).
  public var wait = false
  /// Largest image accepted, in pixels.
  public var maxPixels: Int = ImageLimits.defaultMaxPixels
  /// The most uncompressed bytes a zip export may hold.
  public var maxExportBytes: UInt64 = ZipLimits.standard.totalBytes
  /// Exit 1 when any problem was reported.
  public var strict: Bool = false
  /// Print only problems and errors.
  public var quiet: Bool = false

  /// Options with every default.
  public init(export: String? = nil) {
    self.export = export
  }
}
