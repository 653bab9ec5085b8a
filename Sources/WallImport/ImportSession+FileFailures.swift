import WallModel
import WallReport

/// A kind of record lost only because a class file it refers to could not be read: such records
/// are counted and reported in one line, not one line each.
struct FollowOn: Hashable {
  /// The file and class of the records lost.
  var file: String
  var className: String
  /// What one record is ("comment") and what several are ("comments").
  var noun: String
  var plural: String
  /// What they refer to, naming the unreadable file ("images of the unreadable WallImage.json").
  var target: String
}

extension ImportSession {
  /// Takes the problems met while opening the export; a class file of the walls that was
  /// refused (a zip entry with an unsafe or ambiguous name) makes the export unusable.
  ///
  /// The others are one kind, "files refused when the export was opened": each names its own
  /// file, so every one is listed (up to `ProblemReport.listLimit`), and a part of a plan can
  /// hand them on (`takeNamed`).
  mutating func readOpeningProblems() {
    for problem in source.openingProblems {
      let className = problem.file.hasSuffix(".json") ? String(problem.file.dropLast(5)) : ""
      if Self.wallClasses.contains(className) {
        markUnreadable(className, reason: problem.reason)
      } else {
        report.add(NamedProblem(problem: problem, kind: "files refused when the export was opened"))
      }
    }
  }

  /// Reports that the class file of `className` cannot be read as a whole, and remembers it:
  /// nothing may be built from the export.
  mutating func markUnreadable(_ className: String, reason: String) {
    let problem = Problem(.error, file: className + ".json", className: className, reason: reason)
    report.append(contentsOf: [problem])
    if unreadableClasses[className] == nil { unreadableClasses[className] = problem }
  }

  /// The unreadable class files among `classNames` ("WallImage.json", "A.json and B.json"), or
  /// nil when every one could be read.
  func unreadableFiles(among classNames: [String]) -> String? {
    let files = classNames.filter { unreadableClasses[$0] != nil }.map { $0 + ".json" }
    return files.isEmpty ? nil : ImportError.listed(files)
  }

  /// "users of the unreadable _User.json", when `_User.json` is unreadable.
  var unreadableUsers: String? {
    unreadableFiles(among: ["_User"]).map { "users of the unreadable \($0)" }
  }

  /// "roles of the unreadable _Role.json", when `_Role.json` is unreadable.
  var unreadableRoles: String? {
    unreadableFiles(among: ["_Role"]).map { "roles of the unreadable \($0)" }
  }

  /// What a reference to the absent image `imageID` is lost to, when an unreadable file
  /// explains its absence.
  func unreadableImage(_ imageID: String) -> String? {
    if lostImages.contains(imageID), let users = unreadableFiles(among: ["_User"]) {
      return "images whose uploaders are in the unreadable \(users)"
    }
    return unreadableFiles(among: ["WallImage", "WallImageObject"]).map {
      "images of the unreadable \($0)"
    }
  }

  /// Counts one record of `className` lost because it refers to `target`.
  mutating func countFollowOn(
    _ className: String, file: String? = nil, _ noun: String, _ plural: String,
    refersTo target: String
  ) {
    let kind = FollowOn(
      file: file ?? className + ".json", className: className, noun: noun, plural: plural,
      target: target)
    followOns[kind, default: 0] += 1
  }

  /// Reports each kind of lost record once: "59 comments refer to images of the unreadable
  /// WallImage.json".
  mutating func reportFollowOns() {
    let kinds = followOns.keys.sorted {
      ($0.file, $0.noun, $0.target) < ($1.file, $1.noun, $1.target)
    }
    for kind in kinds {
      let count = followOns[kind] ?? 0
      report.error(
        kind.file, kind.className, "",
        count == 1
          ? "1 \(kind.noun) refers to \(kind.target)"
          : "\(count) \(kind.plural) refer to \(kind.target)")
    }
  }

  /// Why nothing may be built from the export, if so: class files of two layouts first, then
  /// unreadable class files of the walls, then no user, then no class file of walls (each also
  /// reported).
  mutating func fileLevelFailure() -> ImportError? {
    if let exclusionFailure { return exclusionFailure }
    if let mixed = mixedLayoutFailure() { return mixed }
    if !unreadableClasses.isEmpty {
      return .unreadableClassFiles(
        problems: unreadableClasses.keys.sorted().compactMap { unreadableClasses[$0] })
    }
    if dataset.users.isEmpty {
      if source.fileExists("_User.json") {
        report.error("_User.json", "_User", "", "the file holds no user, so no wall can be built")
      }
      return .noUsers(path: source.location)
    }
    if !source.fileExists("WallImage.json") && !source.fileExists("WallImageObject.json") {
      report.error(
        "WallImage.json", "WallImage", "",
        "the export has neither WallImage.json nor WallImageObject.json, so no wall has a photo")
      return .noWallClassFile(
        path: source.location,
        classFiles: source.fileNames(in: "").filter { $0.hasSuffix(".json") })
    }
    return nil
  }
}
