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
  /// A row's own problems (a row that is no object or has no objectId; a user's, image's or
  /// comment's date, ACL, file or text) are handed to `sink` with the row's place
  /// (`StagedProblem`), for the merge to report them where the whole import would, in its words;
  /// the part goes on. A Parse Server export (`mongoexport`'s documents one per line, or
  /// `--jsonArray`) is read in parts the same way, its field types (`_SCHEMA.json`) read by
  /// every part and their problems handed on by the first, as are the problems of the export's
  /// opening and of the takedown list. Any other problem ends the part, and its reason is
  /// returned, so that the merge imports that export whole, as a build does. So do an export
  /// without `_User.json` or a class file of images, one whose class files mix the two layouts,
  /// and one whose opening refused a class file of the walls.
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
    session.readOpeningProblems()
    if let refused = session.unreadableClasses.min(by: { $0.key < $1.key })?.value {
      return "\(refused.file): \(refused.reason)"
    }
    session.resolveExclusion(exclusion, streamed: true)
    if let failure = session.exclusionFailure { return failure.reason }
    // Every part finds the same: the first hands them on.
    session.handOnce(.opening, part: part, into: &sink)
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
    if !report.isEmpty { return nil }
    // Every part reads Parse Server's field types; the first hands on what is wrong with them.
    readSchema()
    handOnce(.schema, part: part, into: &sink)
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
    if report.isEmpty {
      checkOtherClassFiles(taking: mine) { session, place in
        session.handOn(
          .otherClassFiles, position: place + 1, from: 0, conditional: false, into: &sink)
      }
    }
    // Unlike the import, no `reportUnfilledFilesFolder`: the merge counts the photos without
    // a file because `files/` holds none (`StagedImage.awaitsFile`) and says so once.
    if report.isEmpty, let mixed = mixedLayoutFailure() { return mixed.reason }
    if report.isEmpty {
      reportMissingSchema()
      handOnce(.end, part: part, into: &sink)
    }
    return nil
  }

  /// Hands on the problems of the whole export found at `step` (the opening's and the takedown
  /// list's, Parse Server's field types, or their absence), which every part finds alike: part
  /// 0 hands them on, the others drop them.
  private mutating func handOnce(
    _ step: StagedProblem.Step, part: Int, into sink: inout some ExportStaging
  ) {
    guard !report.isEmpty else { return }
    if part == 0 {
      handOn(step, position: 0, from: 0, conditional: false, into: &sink)
    } else if report.takeNamed() == nil {
      return  // left in the report: the part ends, as the first does
    }
  }

  /// Gives `body` each object of `<className>.json` in the part, with its 1-based place.
  ///
  /// A row that is no object with a string objectId is reported (`object(in:at:of:)`) and its
  /// problem handed on to `sink`; one the takedown list drops (`drops`) is skipped. Once a
  /// problem that is not handed on was reported (a row's JSON, the file's), no row is.
  private mutating func stageObjects<Sink: ExportStaging>(
    _ className: String, _ mine: (Int) -> Bool, into sink: inout Sink,
    _ body: (inout ImportSession, inout Sink, ParseObject, Int) -> Void
  ) {
    let step = StagedProblem.step(of: className)
    forEachStreamedRow(className, taking: mine) { session, row, place in
      // What reading the row found (a line that is no JSON, a Parse Server document's fields)
      // comes first: the whole import reports it before looking at the row.
      let next = session.handOn(
        step, position: place.number, from: 0, conditional: false, into: &sink)
      guard session.report.isEmpty, let row else { return }
      guard let object = session.object(in: row, at: place, of: className) else {
        session.handOn(step, position: place.number, from: next, conditional: false, into: &sink)
        return
      }
      if session.drops(object, of: className) { return }
      sink.stageObject(
        className: className, objectId: object.objectId, position: place.number,
        idKey: place.idKey)
      body(&session, &sink, object, place.number)
    }
  }

  /// Hands the problems the row at `position` of `step`'s class file reported on to `sink`.
  ///
  /// They are taken out of the report, for the merge to report them where the whole import
  /// would, numbered from `order` (`StagedProblem.order`). Problems of a kind without a name
  /// stay: the part then ends, and the merge imports the export whole.
  /// - Parameter conditional: Whether they count only when the row passes the merge's checks.
  /// - Returns: The number after the last one handed on (`order` when none was).
  @discardableResult
  private mutating func handOn(
    _ step: StagedProblem.Step, position: Int, from order: Int, conditional: Bool,
    into sink: inout some ExportStaging
  ) -> Int {
    guard !report.isEmpty, let taken = report.takeNamed() else { return order }
    for (offset, named) in taken.enumerated() {
      sink.stage(
        StagedProblem(
          step: step, position: position, order: order + offset, conditional: conditional,
          named: named))
    }
    return order + taken.count
  }

  private mutating func stageUsers(_ mine: (Int) -> Bool, into sink: inout some ExportStaging) {
    stageObjects("_User", mine, into: &sink) { session, sink, object, position in
      let facebookID = object.identifier("fbId") ?? session.facebookIDFromAuthData(object)
      sink.stage(
        StagedUser(
          objectId: object.objectId, position: position,
          username: object.string("username") ?? object.objectId, facebookID: facebookID,
          name: object.string("name").flatMap { $0.isEmpty ? nil : $0 },
          isPublic: session.readACL(of: object, file: "_User.json", className: "_User")
            .grantsPublicRead,
          facebookIDIsSafe: facebookID.map(Self.isSafeFileName) ?? true))
      // After the merge's finding of a Facebook id an earlier user has, as the import reads it.
      session.handOn(
        .users, position: position, from: StagedProblem.order(.afterMerge), conditional: false,
        into: &sink)
    }
  }

  private mutating func stageJoins(
    _ className: String, _ mine: (Int) -> Bool, into sink: inout some ExportStaging
  ) {
    let step = StagedProblem.step(of: className)
    forEachStreamedRow(className, taking: mine) { session, row, place in
      let next = session.handOn(
        step, position: place.number, from: 0, conditional: false, into: &sink)
      guard session.report.isEmpty, let row else { return }
      guard let (owning, related) = session.joinSides(of: row, at: place, className: className)
      else {
        session.handOn(step, position: place.number, from: next, conditional: false, into: &sink)
        return
      }
      if session.drops(join: className, owning: owning, related: related) { return }
      sink.stageJoin(
        className, owning: owning, related: related, position: place.number,
        objectId: row["objectId"]?.stringValue)
    }
  }

  private mutating func stageRoles(_ mine: (Int) -> Bool, into sink: inout some ExportStaging) {
    guard source.fileExists("_Role.json") else { return }  // without roles, no joins are read
    stageObjects("_Role", mine, into: &sink) { session, sink, object, position in
      if let name = session.roleName(of: object) {
        sink.stageRole(objectId: object.objectId, name: name, position: position)
      }
      session.handOn(
        .roles, position: position, from: StagedProblem.order(.rowCheck), conditional: false,
        into: &sink)
    }
    for className in ["_Join:users:_Role", "_Join:roles:_Role"] where report.isEmpty {
      stageJoins(className, mine, into: &sink)
    }
  }

  private mutating func stageImages(
    _ className: String, _ mine: (Int) -> Bool, into sink: inout some ExportStaging
  ) {
    let step = StagedProblem.step(of: className)
    stageObjects(className, mine, into: &sink) { session, sink, object, position in
      // The whole import reads the rest once it found the uploader: so do these problems
      // count, when the merge finds it.
      let file = className + ".json"
      let awaited = session.photosWithoutFilesFolder[file, default: 0]
      let named = session.photoFiles.named
      let fields = session.readImageFields(object, className: className)
      sink.stage(
        StagedImage(
          objectId: object.objectId, className: className, position: position,
          author: Self.author(of: object), createdAt: fields?.createdAt, acl: fields?.acl,
          file: fields?.file,
          caption: className == "WallImageObject"
            ? object.string("comment").flatMap { $0.isEmpty ? nil : $0 } : nil,
          awaitsFile: session.photosWithoutFilesFolder[file, default: 0] > awaited,
          namesFile: session.photoFiles.named > named))
      session.handOn(
        step, position: position, from: StagedProblem.order(.afterMerge), conditional: true,
        into: &sink)
    }
  }

  private mutating func stageComments(_ mine: (Int) -> Bool, into sink: inout some ExportStaging) {
    stageObjects("WallImageComment", mine, into: &sink) {
      session, sink, object, position in
      guard let imageID = session.commentImageID(object) else {
        session.handOn(
          .comments, position: position, from: StagedProblem.order(.rowCheck), conditional: false,
          into: &sink)
        return
      }
      // Read once its image and author are found, which the merge checks.
      let fields = session.readCommentFields(object)
      sink.stage(
        StagedComment(
          objectId: object.objectId, position: position, imageID: imageID,
          author: Self.author(of: object), createdAt: fields?.createdAt, text: fields?.text ?? "",
          acl: fields?.acl))
      session.handOn(
        .comments, position: position, from: StagedProblem.order(.afterMerge), conditional: true,
        into: &sink)
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
    let graph = readGraph(file, facebookID: facebookID)
    // What reading the file found counts once for each user who has its Facebook id, as the
    // import reads it once per user; none when no user has it: the merge reports it so.
    handOn(.graph, position: 0, from: 0, conditional: true, into: &sink)
    // Staged even when unreadable: the merge reports a Graph file no user has, read or not.
    sink.stageGraph(facebookID: facebookID, name: graph?.name)
    guard let graph else { return report.isEmpty }
    for (position, friendFacebookID) in graph.friends.enumerated() {
      // One without an id is staged too: the merge reports it for each user of the file.
      if let friendFacebookID, drops(facebookID: friendFacebookID) { continue }
      sink.stageGraphFriend(facebookID: facebookID, friend: friendFacebookID, position: position)
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
