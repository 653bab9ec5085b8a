import WallReport
import WallSite

extension BuildError {
  /// The problems a build found before it refused to publish (an export that lost a part,
  /// or `--strict`), printed before the error; nil for other errors.
  var refusedProblems: [Problem]? {
    switch self {
    case .missingParts(_, let problems), .strict(let problems): problems
    default: nil
    }
  }

  /// The hint of a build that failed before anything was published.
  static func nothingPublished(output: String) -> String {
    "nothing was published: '\(output)' and its state folder were left as they were"
  }

  /// What to do, and what became of the output, for a build refused or stopped while making
  /// or publishing the site; nil for errors that say it themselves.
  /// - Parameter output: The output folder, as given.
  /// - Parameter command: `build` or `serve`.
  func hint(output: String, command: String) -> String? {
    switch self {
    case .missingParts(let parts, _):
      let them = parts.count == 1 ? "it" : "them"
      let anyway =
        command == "build"
        ? "run again with --allow-missing" : "run 'wallgen build --allow-missing'"
      return "restore \(them) from the original export, or \(anyway) to publish the site "
        + "without \(them); '\(output)' was left as it was"
    case .strict:
      return "'\(output)' was left as it was; fix the problems above, or build without "
        + "--strict to publish the site with them"
    case .write:
      return leftOutputAsItWas
        ? Self.nothingPublished(output: output)
        : "the new site is in place, but its build state is not complete: "
          + (command == "serve"
            ? "serve's next build, at the export's next change, completes it"
            : "run the build again")
    default:
      return nil
    }
  }
}
