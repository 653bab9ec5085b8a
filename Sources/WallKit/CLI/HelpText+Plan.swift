extension HelpText {
  static let plan = """
    Usage: wallgen plan EXPORT -o PLAN [options]

    Reads and checks an export once, as a build's import does, and writes PLAN: one SQLite
    file with every user, friend list, image (its file's digest and header), comment and
    problem, which each shard of a build queries for its share only:

      wallgen plan EXPORT -o PLAN
      wallgen build --plan PLAN --shard K/N -o SITE     for K = 0 .. N-1, in any order,
                                                        at once, on machines sharing SITE
      wallgen build --plan PLAN --finalize -o SITE      once every shard has finished

    The plan too can be made in parts, for a batch system's array:

      wallgen plan EXPORT --part K/P -o PLAN            for K = 0 .. P-1, in any order, at once
      wallgen plan EXPORT --merge P -o PLAN             once every part has finished

    Each part reads every P-th row of the class files (Parse.com's or a Parse Server
    mongoexport's) and hashes the image files they name; the merge makes the plan from the
    parts in SQL and reports every problem (a row without an objectId, a bad date, a missing
    file or image, an unknown uploader, a broken Graph file, no files/ folder, ...) as 'wallgen
    plan EXPORT -o PLAN' does. An export nothing can be built from (a class file of the walls
    that does not parse, no user) is imported whole by the merge, which fails as a build fails,
    and says so.

    The site equals a one-process 'wallgen build EXPORT -o SITE' byte for byte. Shards and
    finalize take the build options (--page-size, --timezone, --theme, --private, ...): give
    each of them the same; finalize refuses a shard made with others, naming it. See
    docs/sharding.md.

    Options:
    \(OptionTable.helpText(CommandTables.plan))

    Exit codes:
      0   the plan was written (or already described the export)
      1   the export cannot be built from (as 'wallgen build' refuses it), the plan
          cannot be written, or a merge lacks a part or has one of another export
      64  usage error
    """
}
