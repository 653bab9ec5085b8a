import WallJSON
import WallModel
import WallReport
import WallSupport

extension ImportSession {
  /// Reads part `part` of `count` of an export for a plan made in parts: every `count`-th row
  /// of each class file of the walls and other class file, and the Graph files whose name's
  /// stable hash falls in the part, each row checked on its own and given to `sink` (the class
  /// files of the walls streamed, each part parsing only its own rows: `forEachStreamedRow`;
  /// `graph/` read a name at a time: memory bounded whatever the export's size); what needs
  /// other rows (objectIds seen twice, authors, images, friends and roles that must exist) is
  /// checked when the parts are merged, in SQL.
  ///
  /// Only an export that no check would fault is read in parts: the first problem any row
  /// shows ends the part, and its reason is returned, so that the merge imports that export
  /// whole, as a build does, and reports its problems in the build's words. So are a Parse
  /// Server export (`mongoexport`'s layout, `_SCHEMA.json`) and one without `_User.json` or a
  /// class file of images.
  /// - Parameters:
  ///   - source: The opened export.
  ///   - limits: The largest files and deepest nesting read.
  ///   - part: Which part, `0..<count`.
  ///   - count: How many parts.
  ///   - exclusion: The takedown list: its rows are dropped as the whole import drops them
  ///     (`drops`).
  ///   - sink: Receives the rows of the part.
  /// - Returns: nil when the part was read, else why the export must be imported whole.
  package static func stage(
    from source: any ExportSource, limits: ImportLimits, part: Int, of count: Int,
    exclusion: ExportExclusion = ExportExclusion(), into sink: inout some ExportStaging
  ) -> String? {
    var session = ImportSession(source: source, limits: limits)
    session.resolveExclusion(exclusion, streamed: true)
    if let failure = session.exclusionFailure { return failure.reason }
    if let reason = session.stage(part: part, of: count, into: &sink) { return reason }
    guard let problem = session.report.problems.first else { return nil }
    let object = problem.objectId.isEmpty ? "" : " (\(problem.objectId))"
    return "\(problem.file)\(object): \(problem.reason)"
  }

  /// The steps of `stage`, in the order of `ExportImporter.load`; nil when the part was read or
  /// a problem was reported.
  private mutating func stage(part: Int, of count: Int, into sink: inout some ExportStaging)
    -> String?
  {
    let mine = { (place: Int) in place % count == part }
    readOpeningProblems()
    if source.fileExists("_SCHEMA.json") { return "it has a _SCHEMA.json (Parse Server's)" }
    guard source.fileExists("_User.json") else { return "it has no _User.json" }
    guard source.fileExists("WallImage.json") || source.fileExists("WallImageObject.json") else {
      return "it has neither WallImage.json nor WallImageObject.json"
    }
    stageUsers(mine, into: &sink)
    if report.isEmpty { stageJoins("_Join:friends:_User", mine, into: &sink) }
    if report.isEmpty { stageRoles(mine, into: &sink) }
    for className in ["WallImage", "WallImageObject"] where report.isEmpty {
      stageImages(className, mine, into: &sink)
    }
    if report.isEmpty { stageComments(mine, into: &sink) }
    if report.isEmpty { stageGraph(part: part, of: count, into: &sink) }
    if report.isEmpty { checkOtherClassFiles(taking: mine) }
    reportUnfilledFilesFolder()
    if !layoutFiles[.parseServer, default: []].isEmpty {
      return "its class files are laid out as Parse Server's (mongoexport)"
    }
    return nil
  }

  /// Gives `body` each object of `<className>.json` in the part, with its 1-based place; a row
  /// that is no object with a string objectId is reported, one the takedown list drops
  /// (`drops`) skipped.
  private mutating func stageObjects(
    _ className: String, _ mine: (Int) -> Bool,
    _ body: (inout ImportSession, ParseObject, Int) -> Void
  ) {
    let file = className + ".json"
    forEachStreamedRow(className, taking: mine) { session, row, place in
      guard let fields = row.objectValue, let objectId = fields["objectId"]?.stringValue,
        !objectId.isEmpty
      else {
        session.report.error(
          file, className, "", "\(place.label("entry")) is no object with a string objectId")
        return
      }
      let object = ParseObject(objectId: objectId, fields: fields)
      if session.drops(object, of: className) { return }
      body(&session, object, place.number)
    }
  }

  private mutating func stageUsers(_ mine: (Int) -> Bool, into sink: inout some ExportStaging) {
    stageObjects("_User", mine) { session, object, position in
      let facebookID = object.identifier("fbId") ?? session.facebookIDFromAuthData(object)
      if let facebookID, !ExportPath.isSafeRelative(facebookID) || facebookID.contains("/") {
        session.report.error(
          "_User.json", "_User", object.objectId,
          "Facebook id \"\(facebookID)\" is not a safe file name")
        return
      }
      sink.stage(
        StagedUser(
          objectId: object.objectId, position: position,
          username: object.string("username") ?? object.objectId, facebookID: facebookID,
          name: object.string("name").flatMap { $0.isEmpty ? nil : $0 },
          isPublic: session.readACL(of: object, file: "_User.json", className: "_User")
            .grantsPublicRead))
    }
  }

  private mutating func stageJoins(
    _ className: String, _ mine: (Int) -> Bool, into sink: inout some ExportStaging
  ) {
    forEachStreamedRow(className, taking: mine) { session, row, place in
      guard let owner = row["owningId"]?.stringValue, let related = row["relatedId"]?.stringValue
      else {
        session.report.error(
          className + ".json", className, "",
          "\(place.label("row")) lacks a string owningId or relatedId")
        return
      }
      if session.drops(join: className, owning: owner, related: related) { return }
      sink.stageJoin(className, owning: owner, related: related)
    }
  }

  private mutating func stageRoles(_ mine: (Int) -> Bool, into sink: inout some ExportStaging) {
    guard source.fileExists("_Role.json") else { return }  // without roles, no joins are read
    stageObjects("_Role", mine) { session, object, _ in
      guard let name = object.string("name"), !name.isEmpty else {
        session.report.error("_Role.json", "_Role", object.objectId, "role has no name")
        return
      }
      sink.stageRole(objectId: object.objectId, name: name)
    }
    for className in ["_Join:users:_Role", "_Join:roles:_Role"] where report.isEmpty {
      stageJoins(className, mine, into: &sink)
    }
  }

  private mutating func stageImages(
    _ className: String, _ mine: (Int) -> Bool, into sink: inout some ExportStaging
  ) {
    let file = className + ".json"
    stageObjects(className, mine) { session, object, _ in
      guard let createdAt = object.timestamp("createdAt") else {
        session.report.error(file, className, object.objectId, "createdAt is no ISO-8601 date")
        return
      }
      let acl = session.readACL(of: object, file: file, className: className)
      guard
        let reference = session.readFile(object, field: "image", file: file, className: className)
      else { return }  // reported, or counted for `reportUnfilledFilesFolder`
      sink.stage(
        StagedImage(
          objectId: object.objectId, className: className, author: Self.author(of: object),
          createdAt: createdAt, acl: acl, file: reference,
          caption: className == "WallImageObject"
            ? object.string("comment").flatMap { $0.isEmpty ? nil : $0 } : nil))
    }
  }

  private mutating func stageComments(_ mine: (Int) -> Bool, into sink: inout some ExportStaging) {
    let (className, file) = ("WallImageComment", "WallImageComment.json")
    stageObjects(className, mine) { session, object, position in
      guard
        let imageID = object.string("imageObjectId") ?? session.pointerID(object.fields["image"])
      else {
        session.report.error(file, className, object.objectId, "has no imageObjectId")
        return
      }
      guard let createdAt = object.timestamp("createdAt") else {
        session.report.error(file, className, object.objectId, "createdAt is no ISO-8601 date")
        return
      }
      let acl = session.readACL(of: object, file: file, className: className)
      sink.stage(
        StagedComment(
          objectId: object.objectId, position: position, imageID: imageID,
          author: Self.author(of: object), createdAt: createdAt,
          text: object.string("comment") ?? "", acl: acl))
    }
  }

  /// Reads the part's Graph files (`graph/<fbId>.json`: name and friends) and names its
  /// pictures (`graph/<fbId>.jpg|jpeg|png`).
  ///
  /// A file is the part's by the stable hash of its name (`StableHash`), so that the folder is
  /// read as it lists itself, one name at a time (`forEachFileName`), never gathered or sorted:
  /// it holds one file per user (250,000 at 1M users).
  private mutating func stageGraph(
    part: Int, of count: Int, into sink: inout some ExportStaging
  ) {
    let source = self.source
    var stopped = false
    source.forEachFileName(in: "graph") { name in
      guard !stopped, StableHash.of(name) % Int64(count) == Int64(part) else { return }
      stopped = !stageGraphFile(name, into: &sink)
    }
  }

  /// Stages the Graph file or picture `name` of `graph/`; false when a problem stops the part.
  private mutating func stageGraphFile(_ name: String, into sink: inout some ExportStaging)
    -> Bool
  {
    let extensions = ["jpg", "jpeg", "png"]
    guard let dot = name.lastIndex(of: ".") else { return true }
    let facebookID = String(name[..<dot])
    let ext = String(name[name.index(after: dot)...])
    if drops(facebookID: facebookID) { return true }
    if let priority = extensions.firstIndex(of: ext) {
      sink.stagePicture(
        facebookID: facebookID, priority: priority,
        file: FileReference(path: "graph/\(name)", originalName: name))
      return true
    }
    guard ext == "json" else { return true }
    let file = "graph/\(name)"
    guard let graph = readGraph(file, facebookID: facebookID) else { return false }
    sink.stageGraph(facebookID: facebookID, name: graph.name)
    for (position, friendFacebookID) in graph.friends.enumerated() {
      guard let friendFacebookID else {
        report.error(file, "", facebookID, "friend #\(position + 1) has no id")
        return false
      }
      if drops(facebookID: friendFacebookID) { continue }
      sink.stageGraphFriend(facebookID: facebookID, friend: friendFacebookID)
    }
    return report.isEmpty
  }

  /// The keys by which `object` names its author (`resolveAuthor`'s).
  static func author(of object: ParseObject) -> StagedAuthor {
    var pointer: String?
    if case .object(let value)? = object.fields["user"],
      value["className"]?.stringValue == "_User"
    {
      pointer = value["objectId"]?.stringValue
    }
    return StagedAuthor(
      facebookID: object.identifier("userFBId"), username: object.string("user"),
      pointer: pointer)
  }
}
