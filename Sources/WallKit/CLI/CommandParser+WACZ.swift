extension CommandParser {
  /// Refuses `--wacz FILE` where the site's web archive cannot be made: with `--private`
  /// (one file holding every private wall would undo the private build), or on a shard (only
  /// part of a build; `--finalize` writes it).
  static func checkWACZ(_ options: BuildOptions) throws(UsageError) {
    guard options.waczFile != nil else { return }
    if options.privateBuild {
      throw UsageError(
        "'--wacz' archives the public site and cannot be combined with '--private': one file "
          + "holding every wall would undo the private build; use 'wallgen archive --wacz' for "
          + "one user's wall",
        command: "build")
    }
    if options.plan != nil && !options.finalize {
      throw UsageError(
        "'--wacz' applies to a whole build: a build from an export, or '--plan PLAN "
          + "--finalize'; not to one shard", command: "build")
    }
  }
}
