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

    The site equals a one-process 'wallgen build EXPORT -o SITE' byte for byte. Shards and
    finalize take the build options (--page-size, --timezone, --theme, --private, ...): give
    each of them the same; finalize refuses a shard made with others, naming it. See
    docs/sharding.md.

    Options:
    \(OptionTable.helpText(CommandTables.plan))

    Exit codes:
      0   the plan was written (or already described the export)
      1   the export cannot be built from (as 'wallgen build' refuses it), or the plan
          cannot be written
      64  usage error
    """
}
