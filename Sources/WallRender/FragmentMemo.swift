import Synchronization
import WallSupport

/// Renderings of list elements kept for reuse across the renders of one build.
///
/// A wall page renders, for each card in its list, the same markup that every other wall showing
/// that image renders. When an object in a list has a ``TemplateObject/renderingKey``, the
/// renderer keeps the bytes it produced for it, and the next time the same list section of the
/// same template meets an object with that key, it copies the bytes instead of rendering again.
///
/// Reuse is only ever right when the rendering depended on the element alone, so the renderer
/// keeps a rendering only if every name looked up inside it was found in the element (or in
/// contexts the element itself pushed), no block was rendered (overrides come from outside), and
/// it is reused only at the same indentation. A template that reaches for an outer name, such as
/// `{{root}}` inside a card, simply renders every time.
///
/// Memory is bounded by `byteBudget`: the kept bytes, plus ``spilledEntryCost`` for each
/// rendering kept in the spill file. Without a spill file, renderings are kept in memory until
/// the budget is used. With one, they are kept in memory until half of it is, then appended to
/// the file (up to its own limit) while the other half pays for their index; nothing is ever
/// dropped, so a rendering once kept stays reusable for the memo's lifetime.
///
/// A memo holds on to the templates of the library that made it, so the sections it names cannot
/// be confused with those of another library. It is safe to share between threads.
public final class FragmentMemo: Sendable {
  struct Key: Hashable {
    /// The address of the section's node list, alive as long as `templates`.
    var section: UInt
    var element: Int
  }

  struct Entry {
    var indent: String
    var startsAtLineStart: Bool
    var endsAtLineStart: Bool
    var bytes: [UInt8]
  }

  /// Where a kept rendering is.
  private enum Stored {
    case memory(Entry)
    case spilled(
      indent: String, startsAtLineStart: Bool, endsAtLineStart: Bool, offset: Int, count: Int)
  }

  /// The memory charged for each rendering kept in the spill file: its index entry (key, place,
  /// line state) in the memo's table.
  public static let spilledEntryCost = 64

  /// How often a kept rendering was reused, and how many are kept in how many bytes.
  public struct Statistics: Sendable, Equatable {
    /// Renderings copied instead of made.
    public var reused = 0
    /// Renderings looked for and not found (or not at the same indentation): made.
    public var made = 0
    /// Renderings kept in memory.
    public var kept = 0
    /// Their total size.
    public var bytes = 0
    /// Renderings kept in the spill file.
    public var spilled = 0
    /// Their total size (in the file, not in memory).
    public var spilledBytes = 0

    /// Creates statistics with these counts.
    public init(
      reused: Int = 0, made: Int = 0, kept: Int = 0, bytes: Int = 0, spilled: Int = 0,
      spilledBytes: Int = 0
    ) {
      self.reused = reused
      self.made = made
      self.kept = kept
      self.bytes = bytes
      self.spilled = spilled
      self.spilledBytes = spilledBytes
    }

    /// The memory the memo charges against its budget: kept bytes and the index of spilled ones.
    public var charged: Int { bytes + spilled * FragmentMemo.spilledEntryCost }
  }

  private struct State {
    var entries: [Key: Stored] = [:]
    var statistics = Statistics()
  }

  /// The templates whose node lists `Key.section` points into, kept alive with the memo.
  let templates: [String: [TemplateNode]]
  private let byteBudget: Int
  private let spill: SpillFile?
  private let state = Mutex(State())

  init(templates: [String: [TemplateNode]], byteBudget: Int, spill: SpillFile? = nil) {
    self.templates = templates
    self.byteBudget = byteBudget
    self.spill = spill
  }

  /// What the memo has done so far.
  public var statistics: Statistics {
    state.withLock { $0.statistics }
  }

  /// The kept rendering for `key`, if there is one made at the same indentation.
  func reuse(_ key: Key, indent: String, atLineStart: Bool) -> Entry? {
    let stored: Stored? = state.withLock { state in
      guard let stored = state.entries[key] else {
        state.statistics.made += 1
        return nil
      }
      switch stored {
      case .memory(let entry):
        guard entry.indent == indent, entry.startsAtLineStart == atLineStart else {
          state.statistics.made += 1
          return nil
        }
      case .spilled(let keptIndent, let startsAtLineStart, _, _, _):
        guard keptIndent == indent, startsAtLineStart == atLineStart else {
          state.statistics.made += 1
          return nil
        }
      }
      state.statistics.reused += 1
      return stored
    }
    switch stored {
    case nil: return nil
    case .memory(let entry): return entry
    case .spilled(let indent, let startsAtLineStart, let endsAtLineStart, let offset, let count):
      // A read that fails (it does not, short of a disk error) renders the element again.
      guard let bytes = spill?.read(offset: offset, count: count) else { return nil }
      return Entry(
        indent: indent, startsAtLineStart: startsAtLineStart, endsAtLineStart: endsAtLineStart,
        bytes: bytes)
    }
  }

  func keep(_ entry: Entry, for key: Key) {
    let spilling = state.withLock { state -> Bool in
      guard state.entries[key] == nil else { return false }
      let statistics = state.statistics
      let memoryShare = spill == nil ? byteBudget : byteBudget / 2
      if statistics.bytes + entry.bytes.count <= memoryShare,
        statistics.charged + entry.bytes.count <= byteBudget
      {
        state.entries[key] = .memory(entry)
        state.statistics.kept += 1
        state.statistics.bytes += entry.bytes.count
        return false
      }
      return spill != nil && statistics.charged + Self.spilledEntryCost <= byteBudget
    }
    guard spilling, let offset = spill?.append(entry.bytes) else { return }
    state.withLock { state in
      guard state.entries[key] == nil,
        state.statistics.charged + Self.spilledEntryCost <= byteBudget
      else { return }
      state.entries[key] = .spilled(
        indent: entry.indent, startsAtLineStart: entry.startsAtLineStart,
        endsAtLineStart: entry.endsAtLineStart, offset: offset, count: entry.bytes.count)
      state.statistics.spilled += 1
      state.statistics.spilledBytes += entry.bytes.count
    }
  }
}
