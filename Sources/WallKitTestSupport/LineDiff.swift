/// A line-by-line unified diff, enough to show why a golden file no longer matches.
public enum LineDiff {
  /// One line of an edit script.
  enum Edit: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// The unified diff of `old` and `new`; empty when the texts are equal.
  ///
  /// Each change has `context` lines around it; the output is cut after `maxLines` lines.
  /// - Parameters:
  ///   - old: The expected text.
  ///   - new: The actual text.
  ///   - oldName: The name shown on the `---` line.
  ///   - newName: The name shown on the `+++` line.
  ///   - context: Unchanged lines shown before and after each change.
  ///   - maxLines: The most lines of output, headers included.
  public static func unified(
    _ old: String, _ new: String, oldName: String = "old", newName: String = "new",
    context: Int = 3, maxLines: Int = 40
  ) -> String {
    let edits = script(lines(old), lines(new))
    guard edits.contains(where: { if case .same = $0 { false } else { true } }) else { return "" }
    var output = ["--- \(oldName)", "+++ \(newName)"]
    for hunk in hunks(edits, context: context) {
      output.append(hunk.header)
      output += hunk.lines
    }
    if output.count > maxLines {
      let cut = output.count - maxLines
      output = Array(output.prefix(maxLines)) + ["… \(cut) more lines"]
    }
    return output.joined(separator: "\n")
  }

  /// The lines of `text`, without their line breaks.
  static func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The shortest edit script from `old` to `new` (longest common subsequence of lines).
  static func script(_ old: [String], _ new: [String]) -> [Edit] {
    // Common prefix and suffix first: a changed page usually differs in a few lines.
    var prefix = 0
    while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix && suffix < new.count - prefix
      && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = Array(old[prefix..<(old.count - suffix)])
    let b = Array(new[prefix..<(new.count - suffix)])
    // length[i][j]: the longest common subsequence of a[i...] and b[j...].
    var length = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        length[i][j] =
          a[i] == b[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
      }
    }
    var edits = old[..<prefix].map(Edit.same)
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
      if i < a.count && j < b.count && a[i] == b[j] {
        edits.append(.same(a[i]))
        (i, j) = (i + 1, j + 1)
      } else if i < a.count && (j == b.count || length[i + 1][j] >= length[i][j + 1]) {
        edits.append(.removed(a[i]))
        i += 1
      } else {
        edits.append(.added(b[j]))
        j += 1
      }
    }
    return edits + old[(old.count - suffix)...].map(Edit.same)
  }

  /// A `@@ -a,b +c,d @@` header and its lines.
  struct Hunk {
    var header: String
    var lines: [String]
  }

  /// The edit script cut into hunks of changes with `context` unchanged lines around them.
  static func hunks(_ edits: [Edit], context: Int) -> [Hunk] {
    let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
    var ranges: [ClosedRange<Int>] = []
    for index in changed {
      let range = max(0, index - context)...min(edits.count - 1, index + context)
      if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
        ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        ranges.append(range)
      }
    }
    // Line numbers (1-based) in the old and new text where each edit starts.
    var oldLine = 1
    var newLine = 1
    var starts: [(old: Int, new: Int)] = []
    for edit in edits {
      starts.append((oldLine, newLine))
      switch edit {
      case .same: (oldLine, newLine) = (oldLine + 1, newLine + 1)
      case .removed: oldLine += 1
      case .added: newLine += 1
      }
    }
    return ranges.map { range in
      var lines: [String] = []
      var (oldCount, newCount) = (0, 0)
      for edit in edits[range] {
        switch edit {
        case .same(let line):
          lines.append(" " + line)
          (oldCount, newCount) = (oldCount + 1, newCount + 1)
        case .removed(let line):
          lines.append("-" + line)
          oldCount += 1
        case .added(let line):
          lines.append("+" + line)
          newCount += 1
        }
      }
      let start = starts[range.lowerBound]
      return Hunk(
        header: "@@ -\(start.old),\(oldCount) +\(start.new),\(newCount) @@", lines: lines)
    }
  }
}
