import WallSupport

/// The problems met by a stage, in the order found, with helpers to print and count them.
///
/// Its memory is bounded whatever the input: of each kind of problem in each file, only the
/// first `sampleLimit` are listed, and at most `listLimit` in all; the others are counted, and
/// `problems` ends with one line per kind and file that lists none of them
/// (`… and 5,592,297 more friends without an id`, a `Problem` whose `omitted` is the count).
/// A kind is named by its reporter (`kind:`), or else is the line of code that reported it.
public struct ProblemReport: Sendable {
  /// How many problems of one kind in one file are listed; the rest are only counted.
  public static let sampleLimit = 1_000
  /// How many problems are listed in all; past it, each new one is only counted.
  public static let listLimit = 100_000

  /// The problems listed, in the order found (those appended included).
  private var listed: [Problem] = []
  /// The kind of each problem of `listed` that was added here (nil for one appended).
  private var listedKinds: [Kind?] = []
  /// What is known of each kind of problem in each file.
  private var groups: [GroupKey: Group] = [:]

  /// Creates an empty report.
  public init() {}

  /// Creates a report listing `problems` as they are (`append(contentsOf:)`).
  public init(listing problems: [Problem]) {
    append(contentsOf: problems)
  }

  /// Every problem listed, in the order found, then one line per kind and file counting the
  /// problems that are not listed.
  public var problems: [Problem] {
    let counted = groups.filter { $0.value.omitted > 0 }.sorted { $0.key < $1.key }
    return listed + counted.map { key, group in group.summary(key) }
  }

  /// Adds an error.
  /// - Parameters:
  ///   - file: The file, relative to the export root.
  ///   - className: The Parse class concerned, or "".
  ///   - objectId: The object concerned, or "".
  ///   - reason: One sentence saying what is wrong; made only when the problem is listed.
  ///   - kind: What problems of this kind are, as a plural phrase ("friends without an id"),
  ///     for the line that counts those not listed; by default the call site is the kind.
  ///   - fileID: The reporting source file (the default kind).
  ///   - line: The reporting line (the default kind).
  public mutating func error(
    _ file: String, _ className: String = "", _ objectId: String = "",
    _ reason: @autoclosure () -> String, kind: String? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    add(
      .error, file, className, objectId, reason,
      kind: kind.map(Kind.named) ?? .site(Self.address(of: fileID), line))
  }

  /// Adds a warning.
  /// - Parameters:
  ///   - file: The file, relative to the export root.
  ///   - className: The Parse class concerned, or "".
  ///   - objectId: The object concerned, or "".
  ///   - reason: One sentence saying what is wrong; made only when the problem is listed.
  ///   - kind: What problems of this kind are, as a plural phrase ("comments without text"),
  ///     for the line that counts those not listed; by default the call site is the kind.
  ///   - fileID: The reporting source file (the default kind).
  ///   - line: The reporting line (the default kind).
  public mutating func warning(
    _ file: String, _ className: String = "", _ objectId: String = "",
    _ reason: @autoclosure () -> String, kind: String? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    add(
      .warning, file, className, objectId, reason,
      kind: kind.map(Kind.named) ?? .site(Self.address(of: fileID), line))
  }

  /// Adds problems found elsewhere, as they are (a line counting unlisted problems included):
  /// they come from another report, so they are bounded already.
  /// - Parameter other: The problems, for example another report's `problems`.
  public mutating func append(contentsOf other: [Problem]) {
    listed.append(contentsOf: other)
    listedKinds.append(contentsOf: repeatElement(nil, count: other.count))
  }

  /// Takes every problem out of the report, each with the name of its kind (`kind:`), leaving
  /// it empty: how a part of a plan hands a row's problems on, for the merge to report them in
  /// the order of the whole export (`NamedProblem`).
  ///
  /// Returns nil, and leaves the report as it was, when a problem has no named kind or some
  /// were only counted.
  package mutating func takeNamed() -> [NamedProblem]? {
    guard groups.values.allSatisfy({ $0.omitted == 0 }) else { return nil }
    var taken: [NamedProblem] = []
    for (problem, kind) in zip(listed, listedKinds) {
      guard case .named(let name)? = kind else { return nil }
      taken.append(NamedProblem(problem: problem, kind: name))
    }
    self = ProblemReport()
    return taken
  }

  /// Counts `count` more problems of the named `kind` in `file` that are not listed (a part of
  /// a plan listed the first `sampleLimit` of them, which are listed here first), all about
  /// `objectId` ("" when they are not about one).
  package mutating func addUnlisted(
    _ severity: Problem.Severity, _ file: String, _ className: String, kind: String, count: Int,
    objectId: String
  ) {
    guard count > 0 else { return }
    let key = GroupKey(severity: severity, file: file, className: className, kind: .named(kind))
    if let index = groups.index(forKey: key) {
      groups.values[index].omitted += count
      if groups.values[index].objectId != objectId { groups.values[index].objectId = "" }
    } else {
      groups[key] = Group(listed: 0, omitted: count, objectId: objectId, example: "")
    }
  }

  /// Adds a problem another report took out (`takeNamed`), as its reporter added it.
  package mutating func add(_ named: NamedProblem) {
    let problem = named.problem
    add(
      problem.severity, problem.file, problem.className, problem.objectId, { problem.reason },
      kind: .named(named.kind))
  }

  /// How many errors, listed or not.
  public var errorCount: Int { count(.error) }
  /// How many warnings, listed or not.
  public var warningCount: Int { count(.warning) }
  /// Whether no problem was reported.
  public var isEmpty: Bool { listed.isEmpty && groups.isEmpty }

  /// The problems sorted by file, class, objectId and reason (byte order), for stable output;
  /// the lines counting unlisted problems come after the other problems of their file.
  public var sorted: [Problem] {
    problems.sorted { a, b in
      if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
      if (a.omitted > 0) != (b.omitted > 0) { return b.omitted > 0 }
      if a.className != b.className {
        return a.className.utf8.lexicographicallyPrecedes(b.className.utf8)
      }
      if a.objectId != b.objectId {
        return a.objectId.utf8.lexicographicallyPrecedes(b.objectId.utf8)
      }
      return a.reason.utf8.lexicographicallyPrecedes(b.reason.utf8)
    }
  }

  private func count(_ severity: Problem.Severity) -> Int {
    var total = 0
    for problem in listed where problem.severity == severity { total += problem.problemCount }
    for (key, group) in groups where key.severity == severity { total += group.omitted }
    return total
  }

  private mutating func add(
    _ severity: Problem.Severity, _ file: String, _ className: String, _ objectId: String,
    _ reason: () -> String, kind: Kind
  ) {
    let key = GroupKey(severity: severity, file: file, className: className, kind: kind)
    if let index = groups.index(forKey: key) {
      // Changed where it lies: this runs for every problem of a flood.
      if groups.values[index].objectId != objectId { groups.values[index].objectId = "" }
      if groups.values[index].listed < Self.sampleLimit && listed.count < Self.listLimit {
        groups.values[index].listed += 1
        listed.append(
          Problem(severity, file: file, className: className, objectId: objectId, reason: reason()))
        listedKinds.append(kind)
      } else {
        groups.values[index].omitted += 1
      }
      return
    }
    let text = reason()
    let listing = listed.count < Self.listLimit
    groups[key] = Group(
      listed: listing ? 1 : 0, omitted: listing ? 0 : 1, objectId: objectId, example: text)
    if listing {
      listed.append(
        Problem(severity, file: file, className: className, objectId: objectId, reason: text))
      listedKinds.append(kind)
    }
  }

  /// The address of a source file's name, which stays where the program's constants are
  /// (`#fileID` is always a pointer).
  private static func address(of fileID: StaticString) -> UInt {
    fileID.hasPointerRepresentation ? UInt(bitPattern: fileID.utf8Start) : 0
  }

  /// What makes two problems of a kind: a name given by the reporter, or the call site.
  private enum Kind: Hashable {
    case named(String)
    case site(UInt, UInt)
  }

  /// One kind of problem in one file.
  private struct GroupKey: Hashable, Comparable {
    var severity: Problem.Severity
    var file: String
    var className: String
    var kind: Kind

    /// An order for the counting lines; between two call sites of one file and class it
    /// follows their places in the program, which do not change from run to run.
    static func < (a: GroupKey, b: GroupKey) -> Bool {
      if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
      if a.severity != b.severity { return a.severity < b.severity }
      if a.className != b.className {
        return a.className.utf8.lexicographicallyPrecedes(b.className.utf8)
      }
      switch (a.kind, b.kind) {
      case (.named(let x), .named(let y)): return x.utf8.lexicographicallyPrecedes(y.utf8)
      case (.named, .site): return true
      case (.site, .named): return false
      case (.site(let x, let i), .site(let y, let j)): return (x, i) < (y, j)
      }
    }
  }

  /// The problems of one kind in one file: how many are listed and how many only counted.
  private struct Group: Sendable {
    var listed: Int
    var omitted: Int
    /// The objectId they all share, or "" when they differ.
    var objectId: String
    /// The reason of the first one.
    var example: String

    /// The line counting the problems that are not listed.
    func summary(_ key: GroupKey) -> Problem {
      let count = NumberText.grouped(omitted)
      let what: String
      switch key.kind {
      case .named(let phrase): what = "\(count) \(listed > 0 ? "more " : "")\(phrase)"
      case .site: what = "\(count) \(listed > 0 ? "more " : "")like \"\(example)\""
      }
      let reason =
        listed > 0
        ? "… and \(what)"
        : "\(what), not listed: a report lists at most "
          + "\(NumberText.grouped(ProblemReport.listLimit)) problems"
      return Problem(
        key.severity, file: key.file, className: key.className, objectId: objectId,
        reason: reason, omitted: omitted)
    }
  }
}

/// A problem with the name of its kind, as `ProblemReport.takeNamed` hands it on.
package struct NamedProblem: Sendable, Equatable {
  /// The problem.
  package var problem: Problem
  /// The name of its kind (`kind:`), which groups it with others for sampling.
  package var kind: String

  /// Pairs a problem with its kind.
  package init(problem: Problem, kind: String) {
    self.problem = problem
    self.kind = kind
  }
}
