import WallImport
import WallModel
import WallRender
import WallReport
import WallSite
import WallSupport
import WallWACZ
import WallZip

/// Why `wallgen archive` could not run or finish (bad records and images are reported
/// instead, never thrown).
public enum ArchiveError: Error, Equatable, CustomStringConvertible {
  /// The export could not be opened.
  case importFailed(ImportError)
  /// The export was read, but nothing may be built from it (`ImportResult.failure`);
  /// `problems` is everything the import reported, sorted. Found before anything is written.
  case unusableExport(ImportError, problems: [Problem])
  /// A template of the theme is invalid.
  case template(TemplateError)
  /// Users asked for with `--user` (by objectId or username) are not in the export.
  case unknownUsers([UnknownUser])
  /// Users asked for with `--user` by a name that is one user's objectId and another's
  /// username.
  case ambiguousUsers([AmbiguousUser])
  /// The output folder and the export overlap.
  case placement(OutputPlacementError)
  /// A folder or zip of a bundle's name is in the output folder and wallgen did not write it
  /// (`BagOwnership`): it is left as it is, and nothing is written.
  case foreignBundle(path: String)
  /// Two users would share one bundle folder.
  case layout(SiteLayoutError)
  /// A file of the step named (`media` for the media cache, `bundle` for a bundle) could not
  /// be written.
  case write(step: BuildStep, WriteError)
  /// A bundle's zip could not be written.
  case zip(ZipError)
  /// A bundle's WACZ could not be written.
  case wacz(WACZError)

  public var description: String {
    switch self {
    case .importFailed(let error): "[import] \(error)"
    case .unusableExport(let error, _): "[import] \(error)"
    case .template(let error): error.located
    case .unknownUsers(let users):
      users.map(\.description).joined(separator: "\n")
    case .ambiguousUsers(let users):
      users.map(\.description).joined(separator: "\n")
    case .write(let step, let error): "[\(step.rawValue)] \(error)"
    case .zip(let error): "[zip] \(error)"
    case .wacz(let error): "[wacz] \(error)"
    case .layout(let error): "[layout] \(error)"
    case .placement(let error): "[output] \(error)"
    case .foreignBundle(let path):
      "[bundle] \(path): a bundle goes here, and this is not one wallgen wrote (it holds no "
        + "bag-info.txt naming wallgen); it was left as it is: move it away, or choose another "
        + "output folder (-o DIR)"
    }
  }
}

extension ArchiveError {
  /// A `--user` value that names no user, with the users whose objectId or username is close.
  public struct UnknownUser: Equatable, Sendable, CustomStringConvertible {
    /// What was asked for.
    public var asked: String
    /// Close users, as `username (objectId)`, nearest first.
    public var closeMatches: [String]

    /// Creates the description of an unknown user.
    public init(asked: String, closeMatches: [String]) {
      self.asked = asked
      self.closeMatches = closeMatches
    }

    public var description: String {
      let hint =
        closeMatches.isEmpty
        ? "" : "; did you mean " + closeMatches.map { "'\($0)'" }.joined(separator: ", ") + "?"
      return "no user with objectId or username '\(TerminalText.escaped(asked))' in the export "
        + "(both are case-sensitive)" + hint
    }
  }

  /// A `--user` value that is the objectId of one user and the username of another.
  public struct AmbiguousUser: Equatable, Sendable, CustomStringConvertible {
    /// What was asked for.
    public var asked: String
    /// The user whose objectId it is.
    public var byObjectId: User
    /// The user whose username it is.
    public var byUsername: User

    /// Creates the description of an ambiguous name.
    public init(asked: String, byObjectId: User, byUsername: User) {
      self.asked = asked
      self.byObjectId = byObjectId
      self.byUsername = byUsername
    }

    public var description: String {
      let prefix = Archiver.objectIdPrefix
      let (first, second) = (byObjectId, byUsername)
      return "'\(TerminalText.escaped(asked))' is the objectId of user "
        + "'\(TerminalText.escaped(first.username))' and the username of user "
        + "\(TerminalText.escaped(second.objectId)), so it names neither: pass "
        + "'\(prefix)\(TerminalText.escaped(first.objectId))' for the first or "
        + "'\(prefix)\(TerminalText.escaped(second.objectId))' for the second"
    }
  }
}
