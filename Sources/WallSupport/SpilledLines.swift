/// Lines gathered in any order and read back sorted, each once, with a bounded part in memory.
///
/// At most about `byteBudget` bytes of lines are held: past it, they are sorted
/// (`SortedLines.precedes`) and written to a scratch file (a run), and reading merges the runs
/// as sorted streams (`MergedLineSource`). So a list of any length costs a buffer and one open
/// file per run.
///
/// The runs are `<scratch>-<n>` with a temporary suffix (`SortedLineWriter`), so a killed
/// process leaves only files that `BuildManifest.removeStaleTemporaries` removes; they are
/// deleted when this goes. Past `MergedLineSource.fanIn` runs, they are merged into one.
public final class SpilledLines {
  /// The path prefix of the runs.
  public let scratch: String
  /// The most bytes of lines held in memory before they are written as a run (each line
  /// counts its UTF-8 and `lineOverhead` more for the `String` that holds it).
  public let byteBudget: Int
  private var held: [String] = []
  private var heldBytes = 0
  private var runs: [SortedLineWriter] = []
  private var made = 0

  /// What a line held in memory costs besides its UTF-8: its `String` and its place in the
  /// array (an estimate, for the budget).
  static let lineOverhead = 32

  /// The budget of `init` by default: 8 MiB.
  public static let defaultBudget = 8 << 20

  /// An empty list whose runs are written to `<scratch>-<n>`.
  public init(scratch: String, byteBudget: Int = SpilledLines.defaultBudget) {
    self.scratch = scratch
    self.byteBudget = byteBudget
  }

  /// How many runs were written and are kept (tests).
  public var runCount: Int { runs.count }

  /// Adds `line` (it must hold no newline; a line added twice is read once).
  /// - Throws: `WriteError` naming the scratch file when a run cannot be written.
  public func append(_ line: String) throws(WriteError) {
    held.append(line)
    heldBytes += line.utf8.count + Self.lineOverhead
    if heldBytes >= byteBudget { try spill() }
  }

  /// Every line added so far, sorted, each once; lines added later are not in it.
  ///
  /// The list stays open: more lines can be added and read again.
  /// - Throws: `WriteError` when a run cannot be written or read.
  public func sorted() throws(WriteError) -> any LineSource {
    if !held.isEmpty { try spill() }
    var readers: [any LineSource] = []
    for run in runs { readers.append(try LineFileReader(path: run.temporaryPath)) }
    // The merge keeps the runs it reads, so a run merged away later stays readable.
    return MergedLineSource(readers, retaining: runs)
  }

  /// Writes the lines held as a sorted run; past `fanIn` runs, merges them all into one.
  private func spill() throws(WriteError) {
    held.sort(by: SortedLines.precedes)
    let run = try newRun()
    for line in held { try run.append(line) }
    try run.close()
    held = []
    heldBytes = 0
    runs.append(run)
    guard runs.count > MergedLineSource.fanIn else { return }
    let merged = try newRun()
    var readers: [any LineSource] = []
    for run in runs { readers.append(try LineFileReader(path: run.temporaryPath)) }
    try merged.append(contentsOf: MergedLineSource(readers))
    try merged.close()
    runs = [merged]
  }

  private func newRun() throws(WriteError) -> SortedLineWriter {
    defer { made += 1 }
    return try SortedLineWriter(path: "\(scratch)-\(made)")
  }
}
