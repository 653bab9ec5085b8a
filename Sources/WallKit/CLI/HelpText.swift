/// The texts of `wallgen --help` and `wallgen <command> --help`.
public enum HelpText {
  /// Help for a command, or the general help for nil.
  public static func text(for command: String?) -> String {
    switch command {
    case "build": build
    case "check": check
    case "serve": serve
    default: general
    }
  }

  static let general = """
    wallgen \(wallgenVersion): static image walls from a Parse + Facebook app export

    Usage: wallgen <command> [options]

    Commands:
      build [EXPORT]   Build the site: one wall per user, thumbnails, index page
      check [EXPORT]   Read an export and list every problem in it
      serve [EXPORT]   Build, serve on http://127.0.0.1:8080/, rebuild and reload on change

    EXPORT is an export folder or a .zip of one (see README.md, "Input").
    With no EXPORT, the bundled demo (Examples/demo-export) is used.

    Options:
      -h, --help       Show help (also: wallgen <command> --help)
      -V, --version    Show the version

    Exit codes: 0 ok, 1 failure (or problems with --strict), 64 usage error.
    """

  static let build = """
    Usage: wallgen build [EXPORT] [options]

    Builds a static site: walls/<user objectId>/index.html for every user, showing
    only their own and their friends' photos, plus index.html, media/ and assets/.
    Problems are printed to stderr; the build goes on past bad records and images.

    Options:
      -o, --output DIR     Output folder (default: _site)
      --report FILE        Also write the problems as JSON lines to FILE
      --page-size N        Images per wall page (default: 30)
      --timezone TZ        Time zone of shown dates: UTC (default), +02:00, Europe/Paris
      -j, --jobs N         Image workers (default: one per core)
      --theme DIR          Templates/ and Public/ files in DIR override the built-in ones
      --max-pixels N       Refuse images larger than N pixels (default: 100000000)
      --no-originals       Do not copy original images into the site
      --strict             Exit 1 if any problem was reported
      -q, --quiet          Print only problems
      --json               Print the summary as JSON on stdout
      -h, --help           Show this help

    Progress goes to stderr: a live line per step on a terminal, plain lines otherwise.
    NO_COLOR is honoured.
    """

  static let check = """
    Usage: wallgen check [EXPORT] [options]

    Reads the export and prints every problem, one per line:
      <file>: <Class> <objectId>: <reason>
    then a summary. Exits 1 if any error was found (warnings do not fail).

    Options:
      --errors-only        Do not print warnings (they are still counted)
      -h, --help           Show this help
    """

  static let serve = """
    Usage: wallgen serve [EXPORT] [options]

    Builds the site as 'wallgen build' does, serves the output folder over HTTP, and
    rebuilds when the export or the theme changes; open pages then reload by themselves
    (the reload script is added to served pages only, never to the built files).
    Stop with Ctrl-C.

    Options:
      -p, --port N         Port to listen on (default: 8080; 0 picks a free one)
      --host ADDR          IPv4 address to listen on (default: 127.0.0.1, this machine
                           only; 0.0.0.0 shows the site to your whole network)
      -o, --output DIR     Output folder (default: _site)
      --page-size N        Images per wall page (default: 30)
      --timezone TZ        Time zone of shown dates: UTC (default), +02:00, Europe/Paris
      -j, --jobs N         Image workers (default: one per core)
      --theme DIR          Templates/ and Public/ files in DIR override the built-in ones
      -h, --help           Show this help
    """
}
