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
/// In memory, a rendering is kept compressed against its section's first renderings
/// (`RenderingDictionary`, LZ4): cards shrink to about a fifth, grid tiles to about a quarter.
///
/// Memory is bounded by `byteBudget`: the kept bytes with their table's slots
/// (``keptOverhead`` each), and the dictionaries, plus the index of the renderings kept in the
/// spill file. Without a spill file, renderings are kept in memory until the budget is used.
/// With one, they are kept in memory until half of it is, then appended to the file as they
/// were made (up to its own limit) while the other half pays for their index: a table reserved
/// whole when the first one spills (``spillIndexBytes(byteBudget:)``), so that it never grows.
/// Nothing is ever dropped, so a rendering once kept stays reusable for the memo's lifetime.
///
/// A memo holds on to the templates of the library that made it, so the sections it names cannot
/// be confused with those of another library. It is safe to share between threads.
public final class FragmentMemo: Sendable {
  struct Key: Hashable {
    /// The address of the section's node list, alive as long as `templates`.
    var section: UInt
    var element: Int
  }

  /// A rendering as the renderer made it, and the line state it was made in and ended in.
  struct Entry {
    var indent: String
    var startsAtLineStart: Bool
    var endsAtLineStart: Bool
    var bytes: [UInt8]
  }

  /// A rendering kept in memory, as it was made or compressed.
  ///
  /// It says where its bytes are in the memo's arena, and gives numbers for the rest: a plain
  /// value, so that finding and copying it takes no reference count.
  struct Kept: @unchecked Sendable {
    /// The stored bytes, in the arena (nil when there are none).
    var stored: UnsafeRawPointer?
    var storedCount: UInt32
    /// The rendering's length: `storedCount` unless it is compressed.
    var count: UInt32
    /// The number of its indentation in `State.indents`.
    var indent: UInt16
    /// One more than the number of the dictionary it was compressed against in
    /// `State.dictionaries`; 0 when it is not compressed.
    var dictionary: UInt16
    var startsAtLineStart: Bool
    var endsAtLineStart: Bool

    /// The stored bytes.
    var storedBytes: UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(start: stored, count: Int(storedCount))
    }
  }

  /// What a rendering kept in memory costs besides its bytes: its slot in the memo's table (a
  /// key and a `Kept`, at the three quarters a Swift dictionary fills).
  ///
  /// Its bytes are in the memo's arena (`RenderingArena`), so they cost no allocation of their
  /// own. Without this charge, a theme of tiny list elements could keep a table many times the
  /// size of the bytes charged.
  public static let keptOverhead = (MemoryLayout<Key>.stride + MemoryLayout<Kept>.stride) * 4 / 3

  /// Renderings shorter than this are kept as they are: LZ4 gains nothing on them.
  static let compressionMinimum = 64
  /// A section's dictionary is made once the renderings of it kept so far (each at least
  /// `compressionMinimum` bytes) add up to this many bytes: four cards, or sixteen grid tiles.
  static let dictionarySourceBytes = 8 << 10

  /// The bytes a slot of the spill file's index takes: a key and a `SpilledRendering`.
  static let spillIndexSlotBytes = MemoryLayout<Key>.stride + MemoryLayout<SpilledRendering>.stride

  /// The bytes of the spill file's index of a memo of `byteBudget`: the largest table whose
  /// slots, and a bit each for the table's map of those in use, fit in half the budget.
  ///
  /// The table is reserved whole when the first rendering spills and never grows, so that
  /// this is all it takes: a `Dictionary` that grows holds its old and its new storage for a
  /// moment, and doubles, so that its index of 262,144 renderings took 28 MiB, and 42 MiB while
  /// it grew, where 16 MiB were charged for it (`docs/sharding.md`, "A shard's memory").
  public static func spillIndexBytes(byteBudget: Int) -> Int {
    let slots = spillIndexSlots(byteBudget: byteBudget)
    return slots * spillIndexSlotBytes + slots / 8
  }

  /// The most renderings the spill file's index holds for a memo of `byteBudget`: three
  /// quarters of its slots, the most a Swift `Dictionary` fills before it grows.
  public static func spillIndexCapacity(byteBudget: Int) -> Int {
    spillIndexSlots(byteBudget: byteBudget) / 4 * 3
  }

  /// The slots of the index (a power of two, as a `Dictionary`'s are), or 0 when none fit.
  private static func spillIndexSlots(byteBudget: Int) -> Int {
    let share = byteBudget / 2
    var slots = 0
    var next = 4
    while next * spillIndexSlotBytes + next / 8 <= share {
      slots = next
      next *= 2
    }
    return slots
  }

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
    /// The bytes of the table that indexes them, reserved when the first one spilled.
    public var indexBytes = 0
    /// Renderings kept in memory compressed (counted in `kept` too).
    public var compressed = 0
    /// What the renderings kept in memory cost besides their bytes: their table's slots
    /// (`keptOverhead` each), and the ends of the arena's blocks left unused.
    public var slotBytes = 0
    /// The bytes of the sections' compression dictionaries, and of the renderings set aside to
    /// make them.
    public var dictionaryBytes = 0

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

    /// The memory the memo charges against its budget: kept bytes, the dictionaries and the
    /// index of spilled ones.
    public var charged: Int { inMemory + indexBytes }

    /// The memory the renderings kept in memory, their slots and the dictionaries take.
    var inMemory: Int { bytes + slotBytes + dictionaryBytes }
  }

  private struct State {
    /// The renderings kept in memory.
    var entries: [Key: Kept] = [:]
    /// Where their bytes are.
    var arena = RenderingArena()
    /// The sections' dictionaries, in the order made.
    var dictionaries: [RenderingDictionary] = []
    /// The number of each section's dictionary in `dictionaries`, once made.
    var dictionaryOfSection: [UInt: Int] = [:]
    /// The renderings of each section set aside to make its dictionary.
    var dictionarySources: [UInt: [UInt8]] = [:]
    /// The renderings kept in the spill file; its capacity is reserved when the first spills.
    var spilled: [Key: SpilledRendering] = [:]
    /// The indentations of the kept renderings (`Kept.indent` and `SpilledRendering.indent`
    /// number them).
    var indents: [String] = []
    var statistics = Statistics()

    /// The number of `indent` in `indents`, added when new; nil when no number is left.
    mutating func number(of indent: String) -> Int? {
      if let number = indents.firstIndex(of: indent) { return number }
      guard indents.count < SpilledRendering.indentLimit else { return nil }
      indents.append(indent)
      return indents.count - 1
    }

    /// Whether a rendering for `key` is kept, in memory or in the spill file.
    func holds(_ key: Key) -> Bool {
      entries[key] != nil || spilled[key] != nil
    }

    /// Sets `rendering` aside for its section's dictionary, if the section has none yet and
    /// `room` bytes of memory allow; makes the dictionary once enough is set aside.
    mutating func feedDictionary(_ rendering: [UInt8], section: UInt, room: Int) {
      guard dictionaryOfSection[section] == nil, rendering.count >= FragmentMemo.compressionMinimum,
        statistics.inMemory + rendering.count + RenderingDictionary.stateBytes <= room
      else { return }
      dictionarySources[section, default: []].append(contentsOf: rendering)
      statistics.dictionaryBytes += rendering.count
      guard let source = dictionarySources[section],
        source.count >= FragmentMemo.dictionarySourceBytes
      else { return }
      dictionarySources[section] = nil
      statistics.dictionaryBytes -= source.count
      guard dictionaries.count < UInt16.max, let dictionary = RenderingDictionary(source) else {
        return
      }
      dictionaryOfSection[section] = dictionaries.count
      dictionaries.append(dictionary)
      statistics.dictionaryBytes += dictionary.memoryBytes
    }
  }

  /// The templates whose node lists `Key.section` points into, kept alive with the memo.
  let templates: [String: [TemplateNode]]
  private let byteBudget: Int
  /// The most renderings the spill file's index holds (`spillIndexCapacity(byteBudget:)`).
  private let spillCapacity: Int
  private let spill: SpillFile?
  private let state = Mutex(State())

  init(templates: [String: [TemplateNode]], byteBudget: Int, spill: SpillFile? = nil) {
    self.templates = templates
    self.byteBudget = byteBudget
    spillCapacity = Self.spillIndexCapacity(byteBudget: byteBudget)
    self.spill = spill
  }

  deinit {
    state.withLock { state in
      for dictionary in state.dictionaries { dictionary.deallocate() }
      state.arena.deallocate()
    }
  }

  /// What the memo has done so far.
  public var statistics: Statistics {
    state.withLock { $0.statistics }
  }

  /// How many renderings the spill file's index holds without growing (tests).
  var spillIndexReserved: Int { state.withLock { $0.spilled.capacity } }

  /// Appends to `output` the kept rendering for `key`, if there is one made at the same
  /// indentation; false when there is none (the caller renders the element).
  func reuse(_ key: Key, into output: inout TemplateOutput) -> Bool {
    enum Found {
      case memory(Kept, RenderingDictionary?)
      case spilled(SpilledRendering)
    }
    let (indent, atLineStart) = output.lineState
    let found: Found? = state.withLock { state in
      var found: Found?
      if let kept = state.entries[key] {
        if kept.startsAtLineStart == atLineStart, state.indents[Int(kept.indent)] == indent {
          found = .memory(
            kept, kept.dictionary == 0 ? nil : state.dictionaries[Int(kept.dictionary) - 1])
        }
      } else if let place = state.spilled[key], state.indents[place.indent] == indent,
        place.startsAtLineStart == atLineStart
      {
        found = .spilled(place)
      }
      if found == nil {
        state.statistics.made += 1
      } else {
        state.statistics.reused += 1
      }
      return found
    }
    // The arena's bytes are read outside the lock: they never change once stored, and the
    // lock ordered their storing before the entry that points to them.
    switch found {
    case nil: return false
    case .memory(let kept, nil):
      output.replay(kept.storedBytes, endsAtLineStart: kept.endsAtLineStart)
      return true
    case .memory(let kept, let dictionary?):
      // A rendering that does not restore (it does, short of a bug) is rendered again.
      return output.replay(count: Int(kept.count), endsAtLineStart: kept.endsAtLineStart) {
        buffer in dictionary.decompress(kept.storedBytes, into: buffer)
      }
    case .spilled(let place):
      // A read that fails (it does not, short of a disk error) renders the element again.
      guard let bytes = spill?.read(offset: place.offset, count: place.count) else { return false }
      output.replay(bytes, endsAtLineStart: place.endsAtLineStart)
      return true
    }
  }

  /// Keeps `entry` for `key`: in memory (compressed when its section has a dictionary) while
  /// the memory share lasts, then in the spill file while its index has room.
  func keep(_ entry: Entry, for key: Key) {
    let memoryShare = spill == nil ? byteBudget : byteBudget / 2
    // Compressed outside the lock, when it has a chance of being kept in memory.
    let dictionary: (number: Int, RenderingDictionary)? =
      entry.bytes.count < Self.compressionMinimum
      ? nil
      : state.withLock { state in
        guard !state.holds(key), state.statistics.inMemory < memoryShare,
          let number = state.dictionaryOfSection[key.section]
        else { return nil }
        return (number, state.dictionaries[number])
      }
    var stored = entry.bytes
    var dictionaryNumber = 0
    if let (number, dictionary) = dictionary, let compressed = dictionary.compress(entry.bytes) {
      stored = compressed
      dictionaryNumber = number + 1
    }
    let spilling = state.withLock { state -> Bool in
      guard !state.holds(key) else { return false }
      let cost = state.arena.cost(of: stored.count) + Self.keptOverhead
      if state.statistics.inMemory + cost <= memoryShare, entry.bytes.count <= UInt32.max,
        let indent = state.number(of: entry.indent)
      {
        let wasted = state.arena.wasted
        state.entries[key] = Kept(
          stored: stored.withUnsafeBytes { state.arena.store($0) },
          storedCount: UInt32(stored.count), count: UInt32(entry.bytes.count),
          indent: UInt16(indent), dictionary: UInt16(dictionaryNumber),
          startsAtLineStart: entry.startsAtLineStart, endsAtLineStart: entry.endsAtLineStart)
        state.statistics.kept += 1
        state.statistics.bytes += stored.count
        state.statistics.slotBytes += Self.keptOverhead + state.arena.wasted - wasted
        if dictionaryNumber > 0 { state.statistics.compressed += 1 }
        state.feedDictionary(entry.bytes, section: key.section, room: memoryShare)
        return false
      }
      return state.spilled.count < spillCapacity
    }
    guard spilling, let spill, SpilledRendering.fits(offset: spill.size, count: entry.bytes.count),
      let offset = spill.append(entry.bytes)
    else { return }
    state.withLock { state in
      guard !state.holds(key),
        state.spilled.count < spillCapacity,
        let indent = state.number(of: entry.indent),
        let place = SpilledRendering(
          offset: offset, count: entry.bytes.count, indent: indent,
          startsAtLineStart: entry.startsAtLineStart, endsAtLineStart: entry.endsAtLineStart)
      else { return }
      if state.statistics.indexBytes == 0 {
        state.spilled.reserveCapacity(spillCapacity)
        state.statistics.indexBytes = Self.spillIndexBytes(byteBudget: byteBudget)
      }
      state.spilled[key] = place
      state.statistics.spilled += 1
      state.statistics.spilledBytes += entry.bytes.count
    }
  }
}
