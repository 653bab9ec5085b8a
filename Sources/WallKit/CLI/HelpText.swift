import WallSupport

/// The texts of `wallgen --help` and `wallgen <command> --help`.
public enum HelpText {
  /// Help for a command, or the general help for nil.
  public static func text(for command: String?) -> String {
    switch command {
    case "build": build
    case "check": check
    case "serve": serve
    case "archive": archive
    case "plan": plan
    case "fetch": fetch
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
      archive [EXPORT] Write a self-contained, verifiable bundle of each user's wall
      plan EXPORT -o PLAN
                       Import an export once for a build in shards (build --plan)
      fetch EXPORT     Download the photos a Parse export links to into EXPORT/files/

    EXPORT is an export folder or a .zip of one (see README.md, "Input").
    With no EXPORT, the bundled demo (Examples/demo-export) is used.

    Options:
      -h, --help       Show help (also: wallgen <command> --help)
      -V, --version    Show the version

    A value follows its option (--jobs 4), or is joined to it (--jobs=4, -j4); a value may
    start with a dash and a digit (--timezone -05:00). A flag is on when given alone, or
    with =true, =yes, =on or =1, and off with =false, =no, =off or =0 (--webp=false).

    Exit codes: 0 done as asked, 1 failure (nothing published; or problems with --strict),
    64 usage error, 75 another wallgen is writing into the output (run again, or with
    --wait). See 'wallgen <command> --help'.
    """

  static let build = """
    Usage: wallgen build [EXPORT] [options]

    Builds a static site: walls/<user objectId>/index.html for every user, showing
    only their own and their friends' photos, plus index.html, media/ and assets/.
    Problems are printed to stderr; the build goes on past bad records and images.

    Options:
    \(OptionTable.helpText(CommandTables.build))

    Progress goes to stderr: a live line per step on a terminal, plain lines otherwise.
    NO_COLOR is honoured.

    Every file that changes is written aside first; the site and its state folder change
    only once the build has succeeded. A class file that cannot be read (not valid JSON, too
    large, unreadable, a refused zip entry), an output that cannot be written (a full disk, a
    read-only folder) or --strict with problems leave the last site exactly as it was.

    Exit codes:
      0   the site was published as asked
      1   nothing was published (a class file that cannot be read, an export with no user
          or no class file of walls, a part the last build read that is missing, an
          output that cannot be written), or --strict and
          problems were reported
      64  usage error; also an output folder that is refused: /, your home folder, the
          export, a folder inside it or holding it, or (without --force) a non-empty
          folder wallgen did not make; and an output file (--report, --urls-file,
          --wacz) that is the secret file, in the export or in the output folder
      75  another wallgen is writing into the output folder (named with its pid and
          command line); nothing was done: run again later, or with --wait
    """

  static let archive = """
    Usage: wallgen archive [EXPORT] (--user ID ... | --all) [options]

    Writes DIR/<user objectId>/ for each user: a BagIt bag (RFC 8493) holding their wall's
    pages (open data/index.html, no network needed), the assets, only the photos their wall
    shows (display sizes and bit-for-bit originals), the pictures of the people on it, and
    data/wall.json, the wall in machine-readable form. Check one with 'bagit.py --validate'.

    Options:
    \(OptionTable.helpText(CommandTables.archive))

    Derived images are cached in DIR/.wallgen-cache/ (safe to delete) for later runs.
    """

  static let check = """
    Usage: wallgen check [EXPORT] [options]

    Reads the export and prints every problem 'wallgen build' would report, one per line:
      <file>: <Class> <objectId>: <reason>
    then a summary, which names the layout read: a Parse.com export, or a Parse Server
    database export (mongoexport). Writes nothing. Every image's header is read (format,
    size, limits);
    with --deep every image is decoded and resized as the build does it, so that the
    problems printed are exactly those a build prints.

    Options:
    \(OptionTable.helpText(CommandTables.check))

    Exit codes: 0 no error (warnings do not fail), 1 an error was found or nothing could
    be built from the export, 64 usage error.
    """

  static let serve = """
    Usage: wallgen serve [EXPORT] [options]

    Builds the site as 'wallgen build' does, serves the output folder over HTTP, and
    rebuilds when the export or the theme changes; open pages then reload by themselves
    (the reload script is added to served pages only, never to the built files).
    Each build's problems are printed and shown on open pages until a clean rebuild;
    a rebuild that fails keeps the last good site served. Stop with Ctrl-C.

    Options:
    \(OptionTable.helpText(CommandTables.serve))
    """
}
