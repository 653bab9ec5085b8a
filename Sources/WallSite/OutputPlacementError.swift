import WallSupport

/// Why the output folder cannot be used (with this export).
public enum OutputPlacementError: Error, Equatable, CustomStringConvertible {
  /// The output folder is the root of the file system.
  case rootFolder(output: String)
  /// The output folder is the home folder (`$HOME`, given as `home`) or holds it.
  case homeFolder(output: String, home: String)
  /// The output folder is the export or lies inside it.
  case outputInsideExport(output: String, export: String)
  /// The export lies inside the output folder.
  case exportInsideOutput(export: String, output: String)
  /// The output folder holds files and `marker`, which wallgen makes before writing into an
  /// output, is missing: the folder is someone else's (pass `--force` to write into it).
  case foreignFolder(output: String, marker: String)
  /// Another wallgen is writing into the output: the processes its lock file names.
  case busy(output: String, holders: [OutputLockHolder])
  /// The output's lock file cannot be made or locked.
  case unlockable(path: String, reason: String)

  public var description: String {
    switch self {
    case .rootFolder(let output):
      "the output folder \(output) is the root of the file system; wallgen fills and prunes "
        + "its output folder, so give it a folder of its own (-o DIR); --force does not change this"
    case .homeFolder(let output, let home):
      "the output folder \(output) is your home folder (\(home)) or holds it; wallgen fills "
        + "and prunes its output folder, so give it a folder of its own (-o DIR); --force does "
        + "not change this"
    case .outputInsideExport(let output, let export):
      "the output folder \(output) is inside the export \(export); the next build would read "
        + "the site as part of the export: choose an output folder outside it (-o DIR)"
    case .exportInsideOutput(let export, let output):
      "the export \(export) is inside the output folder \(output), which the build prunes: "
        + "choose an output folder that does not contain the export (-o DIR)"
    case .foreignFolder(let output, let marker):
      "the output folder \(output) is not empty and wallgen did not make it (there is no "
        + "\(marker)): choose a new or empty folder (-o DIR), or pass --force to write into it "
        + "anyway (files of the same names are replaced; nothing else is removed)"
    case .busy(let output, let holders):
      "the output '\(output)' is being written by \(OutputLockHolder.naming(holders)); wait for "
        + "it, or run "
        + "again with --wait"
    case .unlockable(let path, let reason):
      "cannot lock the output's state (\(path)): \(reason)"
    }
  }
}

extension OutputPlacementError {
  /// Whether another wallgen holds the output: run again later, or with `--wait` (exit 75).
  public var isBusy: Bool {
    if case .busy = self { return true }
    return false
  }
}
