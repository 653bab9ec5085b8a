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

    EXPORT is an export folder or a .zip of one (see README.md, "Input").
    With no EXPORT, the bundled demo (Examples/demo-export) is used.

    Options:
      -h, --help       Show help (also: wallgen <command> --help)
      -V, --version    Show the version

    Exit codes: 0 done as asked, 1 failure (nothing published; or problems with --strict),
    64 usage error. See 'wallgen <command> --help'.
    """

  static let build = """
    Usage: wallgen build [EXPORT] [options]

    Builds a static site: walls/<user objectId>/index.html for every user, showing
    only their own and their friends' photos, plus index.html, media/ and assets/.
    Problems are printed to stderr; the build goes on past bad records and images.

    Options:
      -o, --output DIR     Output folder (default: _site): a new or empty folder, or one
                           wallgen built (see --force)
      --force              Write into a non-empty output folder that wallgen did not
                           make (files of the same names are replaced, nothing else is
                           removed); /, your home folder and folders holding the export
                           are refused all the same
      --report FILE        Also write the problems as JSON lines to FILE
      --page-size N        Images per wall page (default: 30)
      --timezone TZ        Time zone of shown dates: UTC (default), +02:00, Europe/Paris
      -j, --jobs N         Image workers (default: one per core)
      --theme DIR          Templates/ and Public/ files in DIR override the built-in ones
      --webp               Also make a WebP copy of each photo size for browsers that
                           take it: about 25 % fewer photo bytes, twice the build's CPU
                           time (default: --no-webp; docs/media.md, "WebP")
      --max-pixels N       Refuse images larger than N pixels (default: 100000000)
      --max-export-bytes N Refuse a zip export holding more than N bytes uncompressed
                           (default: 8G; K, M, G and T suffixes are powers of 1024)
      --no-originals       Do not copy original images into the site
      --strict             Publish nothing, and exit 1, if any problem was reported
      --allow-missing      Publish even when the export lacks a part the last build read
                           (a class file of the walls, the files in files/, graph/);
                           without it such a build is refused
      -q, --quiet          Print only problems
      --json               Print the summary as JSON on stdout
      --private            Put each wall at walls/<token>/, token = hex HMAC-SHA256(secret,
                           objectId); write no index page and no link to one
      --secret-file FILE   The secret of --private (trailing newlines are ignored)
      --urls-file FILE     Where --private lists "objectId<TAB>walls/<token>/index.html"
                           (default: <output>.urls.tsv; never inside the output folder)
      --plan PLAN          Build from a plan ('wallgen plan') instead of an export, as
                           one shard (--shard) or the last step (--finalize)
      --shard K/N          Make shard K of N (0 <= K < N <= 10,000): the walls and media
                           that fall in it; shards may run at once, on machines sharing
                           the output
      --finalize           After every shard: the index, assets, manifest and record;
                           exit 1 naming the shards that have not finished or were made
                           with other options or from another plan
      -h, --help           Show this help

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
          folder wallgen did not make
    """

  static let archive = """
    Usage: wallgen archive [EXPORT] (--user ID ... | --all) [options]

    Writes DIR/<user objectId>/ for each user: a BagIt bag (RFC 8493) holding their wall's
    pages (open data/index.html, no network needed), the assets, only the photos their wall
    shows (display sizes and bit-for-bit originals), the pictures of the people on it, and
    data/wall.json, the wall in machine-readable form. Check one with 'bagit.py --validate'.

    Options:
      -u, --user ID        Archive this user's wall; ID is an objectId or a username (repeatable)
      --all                Archive every user's wall
      -o, --output DIR     Output folder (default: _archive): a new or empty folder, or
                           one wallgen archived into (see --force); a bundle replaces only
                           a bag wallgen wrote
      --force              Write into a non-empty output folder that wallgen did not
                           make (files of the same names are replaced, nothing else is
                           removed); /, your home folder and folders holding the export
                           are refused all the same
      --zip                Also write DIR/<user objectId>.zip (deterministic: sorted entries,
                           fixed timestamps from SOURCE_DATE_EPOCH or the data)
      --page-size N        Images per wall page (default: 30)
      --timezone TZ        Time zone of shown dates: UTC (default), +02:00, Europe/Paris
      -j, --jobs N         Workers (default: one per core)
      --theme DIR          Templates/ and Public/ files in DIR override the built-in ones
      --webp               Also make a WebP copy of each photo size for browsers that
                           take it: about 25 % fewer photo bytes, twice the build's CPU
                           time (default: --no-webp; docs/media.md, "WebP")
      --max-pixels N       Refuse images larger than N pixels (default: 100000000)
      --max-export-bytes N Refuse a zip export holding more than N bytes uncompressed
                           (default: 8G; K, M, G and T suffixes are powers of 1024)
      --strict             Exit 1 if any problem was reported
      -q, --quiet          Print only problems
      -h, --help           Show this help

    Derived images are cached in DIR/.wallgen-cache/ (safe to delete) for later runs.
    """

  static let check = """
    Usage: wallgen check [EXPORT] [options]

    Reads the export and prints every problem 'wallgen build' would report, one per line:
      <file>: <Class> <objectId>: <reason>
    then a summary. Writes nothing. Every image's header is read (format, size, limits);
    with --deep every image is decoded and resized as the build does it, so that the
    problems printed are exactly those a build prints.

    Options:
      --deep               Decode every image fully, as 'wallgen build' does (slower)
      --errors-only        Do not print warnings (they are still counted)
      --max-pixels N       Refuse images larger than N pixels (default: 100000000)
      --max-export-bytes N Refuse a zip export holding more than N bytes uncompressed
                           (default: 8G; K, M, G and T suffixes are powers of 1024)
      -j, --jobs N         Image workers (default: one per core)
      -h, --help           Show this help

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
      -p, --port N         Port to listen on (default: 8080; 0 picks a free one)
      --host ADDR          IPv4 address to listen on (default: 127.0.0.1, this machine
                           only; 0.0.0.0 shows the site to your whole network)
      -o, --output DIR     Output folder (default: _site): a new or empty folder, or one
                           wallgen built (see --force)
      --force              Write into a non-empty output folder that wallgen did not
                           make (files of the same names are replaced, nothing else is
                           removed); /, your home folder and folders holding the export
                           are refused all the same
      --page-size N        Images per wall page (default: 30)
      --timezone TZ        Time zone of shown dates: UTC (default), +02:00, Europe/Paris
      -j, --jobs N         Image workers (default: one per core)
      --theme DIR          Templates/ and Public/ files in DIR override the built-in ones
      --webp               Also make a WebP copy of each photo size for browsers that
                           take it: about 25 % fewer photo bytes, twice the build's CPU
                           time (default: --no-webp; docs/media.md, "WebP")
      --max-export-bytes N Refuse a zip export holding more than N bytes uncompressed
                           (default: 8G; K, M, G and T suffixes are powers of 1024)
      -q, --quiet          Print only problems, errors and the URL
      -h, --help           Show this help
    """
}
