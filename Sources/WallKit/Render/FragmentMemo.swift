import Synchronization

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
/// `{{root}}` inside a card, simply renders every time. Nothing is kept once `byteBudget` is used.
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

  /// How often a kept rendering was reused, and how many are kept in how many bytes.
  public struct Statistics: Sendable, Equatable {
    /// Renderings copied instead of made.
    public var reused = 0
    /// Renderings kept.
    public var kept = 0
    /// Their total size.
    public var bytes = 0

    /// Creates statistics with these counts.
    public init(reused: Int = 0, kept: Int = 0, bytes: Int = 0) {
      self.reused = reused
      self.kept = kept
      self.bytes = bytes
    }
  }

  private struct State {
    var entries: [Key: Entry] = [:]
    var statistics = Statistics()
  }

  /// The templates whose node lists `Key.section` points into, kept alive with the memo.
  let templates: [String: [TemplateNode]]
  private let byteBudget: Int
  private let state = Mutex(State())

  init(templates: [String: [TemplateNode]], byteBudget: Int) {
    self.templates = templates
    self.byteBudget = byteBudget
  }

  /// What the memo has done so far.
  public var statistics: Statistics {
    state.withLock { $0.statistics }
  }

  /// The kept rendering for `key`, if there is one made at the same indentation.
  func reuse(_ key: Key, indent: String, atLineStart: Bool) -> Entry? {
    state.withLock { state in
      guard let entry = state.entries[key], entry.indent == indent,
        entry.startsAtLineStart == atLineStart
      else { return nil }
      state.statistics.reused += 1
      return entry
    }
  }

  func keep(_ entry: Entry, for key: Key) {
    state.withLock { state in
      guard state.entries[key] == nil,
        state.statistics.bytes + entry.bytes.count <= byteBudget
      else { return }
      state.entries[key] = entry
      state.statistics.kept += 1
      state.statistics.bytes += entry.bytes.count
    }
  }
}
