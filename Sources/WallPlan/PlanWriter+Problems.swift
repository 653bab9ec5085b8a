import WallImport
import WallReport

/// The problems a merge reports, in the order and the words of the whole import.
extension PlanWriter {
  /// Every problem of the export but what no user may see: the rows' (`rowProblems`), the
  /// friendships listed by one side only, the photos without `files/`, then the lines counting
  /// what the parts did not list.
  static func exportProblems(in database: SQLiteDatabase, source: any ExportSource)
    throws(PlanError) -> ProblemReport
  {
    var report = ProblemReport()
    let (comments, end) = (StagedProblem.Step.comments.rawValue, StagedProblem.Step.end.rawValue)
    try reportRowProblems(
      in: database, steps: StagedProblem.Step.opening.rawValue...comments, into: &report)
    try database.prepare(PlanMergeSQL.oneSided).forEach([]) { row in
      let (userID, friendID) = (row.text(0), row.text(1))
      report.warning(
        "_Join:friends:_User.json", "_User", userID,
        "lists \(friendID) as a friend, but \(friendID) does not list \(userID); taken as written",
        kind: "friendships listed by one side only")
    }
    try reportRowProblems(in: database, steps: (comments + 1)...(end - 1), into: &report)
    var awaitingFiles: [String: Int] = [:]
    try database.prepare(PlanMergeSQL.awaitingFiles).forEach([]) {
      awaitingFiles[$0.text(0)] = Int($0.integer(1))
    }
    ImportSession.reportUnfilledFilesFolder(
      awaitingFiles, folder: source.folderState("files"), of: source, into: &report)
    try reportRowProblems(in: database, steps: end...Int.max, into: &report)
    try database.prepare(PlanMergeSQL.unlisted).forEach([]) { row in
      report.addUnlisted(
        Problem.Severity(rawValue: row.text(0)) ?? .error, row.text(1), row.text(2),
        kind: row.text(3), count: Int(row.integer(4)), objectId: row.text(5))
    }
    return report
  }

  /// The images and comments no user may see (`WallIndex.reportUnseen`), which only private
  /// builds report.
  static func unseenProblems(in database: SQLiteDatabase) throws(PlanError) -> ProblemReport {
    var unseen = ProblemReport()
    try database.prepare(PlanMergeSQL.unseen).forEach([]) { row in
      let (className, objectId) = (row.text(1), row.text(2))
      if row.integer(0) == 0 {
        unseen.warning(
          "\(className).json", className, objectId,
          "no user may see this image (its ACL grants none of the uploader's friends); it is on no wall",
          kind: "images no user may see")
      } else {
        unseen.warning(
          "\(className).json", className, objectId,
          "no user who sees its image may read this comment; it is on no wall",
          kind: "comments no user who sees their image may read")
      }
    }
    return unseen
  }

  /// The problems of the rows, reported in the order and the words of the whole import
  /// (`PlanMergeSQL.rowProblems`): each sample and count of a flood as it would give them.
  private static func reportRowProblems(
    in database: SQLiteDatabase, steps: ClosedRange<Int>, into report: inout ProblemReport
  ) throws(PlanError) {
    try database.prepare(PlanMergeSQL.rowProblems).forEach([
      .integer(Int64(steps.lowerBound)), .integer(Int64(steps.upperBound)),
    ]) { row in
      let (className, objectId) = (row.text(6), row.text(7))
      let code = row.integer(3)
      if code > PlanMergeSQL.RowProblem.joinFault.rawValue {
        guard
          let fault = ImportSession.JoinFault(
            rawValue: Int(code - PlanMergeSQL.RowProblem.joinFault.rawValue))
        else { return }
        let join = ImportSession.JoinRow(
          owningId: row.text(10), relatedId: row.text(11), objectId: row.optionalText(7))
        ImportSession.report(fault, join, className: className, into: &report)
        return
      }
      switch PlanMergeSQL.RowProblem(rawValue: code) {
      case .unknownUploader?, .unknownAuthor?:
        ImportSession.reportUnknownAuthor(
          StagedAuthor(facebookID: row.optionalText(10), username: row.optionalText(11)),
          of: objectId, className: className, into: &report)
      case .missingImage?:
        ImportSession.reportMissingImage(row.text(10), of: objectId, into: &report)
      case .duplicate?:
        ImportSession.reportDuplicate(
          objectId, idKey: row.text(10), className: className, into: &report)
      case .unsafeFacebookID?:
        ImportSession.reportUnsafeFacebookID(row.text(10), of: objectId, into: &report)
      case .graphFriend?:
        ImportSession.reportGraphFriend(
          row.optionalText(10), at: Int(row.integer(11)), of: objectId, into: &report)
      case .alsoWallImage?:
        ImportSession.reportAlsoWallImage(objectId, into: &report)
      case .unusedGraphFile?:
        ImportSession.reportUnusedGraphFile(objectId, into: &report)
      case .sharedFacebookID?:
        ImportSession.reportSharedFacebookID(
          row.text(10), of: objectId, first: row.text(11), into: &report)
      case .stored?, .joinFault?, nil:
        let problem = Problem(
          Problem.Severity(rawValue: row.text(4)) ?? .error, file: row.text(5),
          className: className, objectId: objectId, reason: row.text(9))
        report.add(NamedProblem(problem: problem, kind: row.text(8)))
      }
    }
  }
}
