import WallJSON
import WallModel
import WallReport

/// What an import produced: the valid, resolved dataset and every problem met on the way.
public struct ImportResult: Sendable {
  /// The records that could be read and resolved.
  public var dataset: Dataset
  /// Everything that was wrong with the export.
  public var report: ProblemReport
  /// The source the export was read from, for later stages that read image bytes.
  public var source: any ExportSource
  /// Why nothing may be built from the export, when that is so.
  ///
  /// That is a class file of the walls that cannot be read as a whole
  /// (`ImportError.unreadableClassFiles`), no user (`.noUsers`), or no class file of walls
  /// (`.noWallClassFile`). The report holds the same problems.
  public var failure: ImportError?
  /// How many images name a file in `files/`, and how many of those files are there.
  public var photoFiles = PhotoFileCount()
  /// How the export's class files were laid out.
  public var layout = ExportLayout.parseCom
  /// What the takedown list (`ExportExclusion`) took out.
  public var excluded = ExclusionRemoval()
}

/// How many images name a file, and how many of those files an export holds.
public struct PhotoFileCount: Sendable, Equatable {
  /// Images whose Parse File has a safe name or URL.
  public var named = 0
  /// Those whose file is in the export's `files/`.
  public var found = 0

  /// Creates a count.
  public init(named: Int = 0, found: Int = 0) {
    self.named = named
    self.found = found
  }
}

/// Reads a Parse wall export (docs/input-format.md), Parse.com's or a Parse Server database's,
/// into a `Dataset`, collecting problems instead of stopping at the first one.
public enum ExportImporter {
  /// Imports the folder or zip at `path`.
  /// - Parameters:
  ///   - path: the export folder or zip.
  ///   - limits: the largest files and deepest nesting read.
  ///   - exclusion: the takedown list: the people and images left out.
  /// - Throws: `ImportError` only when the export cannot be opened at all.
  public static func load(
    _ path: String, limits: ImportLimits = ImportLimits(),
    exclusion: ExportExclusion = ExportExclusion()
  ) throws(ImportError) -> ImportResult {
    let source = try ExportOpener.open(path)
    return load(from: source, limits: limits, exclusion: exclusion)
  }

  /// Imports an already opened export.
  ///
  /// Never throws: every problem goes to the report, and a failure that leaves nothing to build
  /// from (see `ImportResult.failure`) goes there too.
  /// - Parameters:
  ///   - source: the opened export.
  ///   - limits: the largest files and deepest nesting read.
  ///   - exclusion: the takedown list: the people and images left out (`ImportSession.drops`).
  public static func load(
    from source: any ExportSource, limits: ImportLimits = ImportLimits(),
    exclusion: ExportExclusion = ExportExclusion()
  ) -> ImportResult {
    var session = ImportSession(source: source, limits: limits)
    session.readOpeningProblems()
    session.resolveExclusion(exclusion, streamed: false)
    session.readSchema()
    session.readUsers()
    session.readGraph()
    session.readFriends()
    session.readRoles()
    session.readImages()
    session.readImageObjects()
    session.readComments()
    session.reportAsymmetricFriends()
    session.checkOtherClassFiles()
    session.reportFollowOns()
    session.reportUnfilledFilesFolder()
    session.reportMissingSchema()
    return ImportResult(
      dataset: session.dataset, report: session.report, source: source,
      failure: session.fileLevelFailure(), photoFiles: session.photoFiles, layout: session.layout,
      excluded: session.exclusionRemoval)
  }
}

/// The state of one import while it runs.
package struct ImportSession {
  let source: any ExportSource
  let limits: ImportLimits
  var report = ProblemReport()
  var dataset = Dataset()
  /// `_User` objectId by Facebook id.
  var userByFacebookID: [String: String] = [:]
  /// `_User` objectId by username.
  var userByUsername: [String: String] = [:]
  /// The problem that made each unreadable class file of the walls unusable, by class name.
  var unreadableClasses: [String: Problem] = [:]
  /// Records lost only because a class file they refer to is unreadable, counted by kind.
  var followOns: [FollowOn: Int] = [:]
  /// Images left out only because their uploader was in an unreadable `_User.json`.
  var lostImages: Set<String> = []
  /// How many images name a file, and how many of those files the export holds.
  var photoFiles = PhotoFileCount()
  /// What `files/` holds, looked up on first need.
  var filesFolder: FolderState?
  /// Images whose file is missing because `files/` holds no file at all, by class file.
  var photosWithoutFilesFolder: [String: Int] = [:]
  /// The class files read so far, by the layout each showed.
  var layoutFiles: [ExportLayout: [String]] = [:]
  /// Parse Server's field types (`_SCHEMA.json`), when the export has them.
  var schema: ParseServerSchema?
  /// What the takedown list leaves out (`resolveExclusion`), checked by `drops`.
  var exclusion = ExclusionKeys()
  /// The people and join rows the takedown list took out so far.
  var removal = ExclusionRemoval()
  /// The images and comments the takedown list took out so far.
  var removedImages: Set<String> = [], removedComments: Set<String> = []
  /// Why the takedown list cannot be applied (an entry naming two people), when it cannot.
  var exclusionFailure: ImportError?

  init(source: any ExportSource, limits: ImportLimits) {
    self.source = source
    self.limits = limits
  }

  /// The class files the walls are made of; other `.json` files are only syntax-checked.
  package static let wallClasses: Set<String> = [
    "_User", "WallImage", "WallImageComment", "WallImageObject", "_Join:friends:_User", "_Role",
    "_Join:users:_Role", "_Join:roles:_Role", "_SCHEMA",
  ]

  /// Checks that the export's other class files are valid JSON.
  ///
  /// A Parse Server collection's is checked line by line. So `check` catches a corrupt export
  /// even where walls do not need the class. Their content is not kept.
  ///
  /// Faults are warnings: no wall loses data.
  /// - Parameters:
  ///   - taking: Which of those files to check, by their place among them (all by default; a
  ///     part of a plan checks its share).
  ///   - checked: Called after each file checked, with its place (a part hands its problems on).
  mutating func checkOtherClassFiles(
    taking: (Int) -> Bool = { _ in true },
    checked: (inout ImportSession, Int) -> Void = { _, _ in }
  ) {
    let names = source.fileNames(in: "").filter {
      $0.hasSuffix(".json") && !Self.wallClasses.contains(String($0.dropLast(5)))
    }
    for (place, name) in names.enumerated() where taking(place) {
      checkOtherClassFile(name)
      checked(&self, place)
    }
  }

  private mutating func checkOtherClassFile(_ name: String) {
    let className = String(name.dropLast(5))
    let notUsed = "the class is not used by walls"
    do {
      let bytes = try source.read(name, limit: limits.classFileBytes)
      if JSONLinesReader.holdsDocumentsPerLine(bytes, lineBytes: limits.rowBytes) {
        checkLines(of: bytes, name, className)
        return
      }
      try JSONReader(bytes, maximumDepth: limits.maximumDepth, pieceBytes: limits.rowBytes)
        .check()
    } catch let error as JSONSyntaxError {
      report.warning(
        name, className, "", "invalid JSON at \(error); \(notUsed)",
        kind: "other class files that are not valid JSON")
    } catch let error as ImportError {
      report.warning(
        name, className, "", "\(error.reason); \(notUsed)", kind: "unreadable other class files")
    } catch {
      report.warning(
        name, className, "", "cannot be read: \(error); \(notUsed)",
        kind: "unreadable other class files")
    }
  }

  /// Checks each line of a collection written one document per line.
  private mutating func checkLines(of bytes: [UInt8], _ name: String, _ className: String) {
    var lines = JSONLinesReader(
      bytes, maximumDepth: limits.maximumDepth, lineBytes: limits.rowBytes, checksOnly: true)
    while true {
      switch lines.next() {
      case .value: continue
      case .invalid(let number, let error):
        report.warning(
          name, className, "",
          "line \(number) is not valid JSON (column \(error.column): \(error.reason)); the class "
            + "is not used by walls", kind: "lines that are not valid JSON")
      case .tooLarge: continue  // not read, and nothing reads it
      case .end: return
      }
    }
  }

  /// Finds the uploader or author of a record from `userFBId`, else `user` (a username).
  func resolveAuthor(of object: ParseObject) -> String? {
    if let facebookID = object.identifier("userFBId"), let id = userByFacebookID[facebookID] {
      return id
    }
    if let username = object.string("user"), let id = userByUsername[username] {
      return id
    }
    if case .object(let pointer)? = object.fields["user"],
      pointer["className"]?.stringValue == "_User",
      let id = pointer["objectId"]?.stringValue, dataset.users[id] != nil
    {
      return id
    }
    return nil
  }

  /// Reads an optional `ACL` field; a malformed one is reported and grants nobody.
  ///
  /// The people the takedown list leaves out are taken out of it: they read nothing, and their
  /// objectIds must not reach anything the build writes (a plan holds every ACL).
  mutating func readACL(of object: ParseObject, file: String, className: String) -> AccessControl? {
    guard let value = object.fields["ACL"], value != .null else { return nil }
    switch AccessControl.decode(value) {
    case .success(var acl):
      acl.users.subtract(exclusion.users)
      return acl
    case .failure(let error):
      report.error(
        file, className, object.objectId, "\(error.reason); nobody is shown the object",
        kind: "malformed ACLs")
      return AccessControl()
    }
  }
}
