/// A stream of text lines read one at a time, as the sorted lists of a build are (its
/// manifest, a shard's files): whatever their length, a reader holds one line and a buffer.
///
/// Sorted streams are in the byte order of their UTF-8 (`SortedLines.precedes`), the same on
/// every machine and for every stream, so that two of them can be merged or compared in one
/// pass.
public protocol LineSource: AnyObject {
  /// The next line (without its `\n`), or nil at the end.
  /// - Throws: `WriteError` naming the file when it cannot be read.
  func next() throws(WriteError) -> String?
}

/// Lines held in memory, in the order given.
public final class ArrayLineSource: LineSource {
  private let lines: [String]
  private var position = 0

  /// A source of `lines`, which must already be in the order the reader expects.
  public init(_ lines: [String]) {
    self.lines = lines
  }

  /// The next line, or nil at the end.
  public func next() throws(WriteError) -> String? {
    guard position < lines.count else { return nil }
    defer { position += 1 }
    return lines[position]
  }
}

extension ArrayLineSource: LineSourceOpener {
  /// The lines, from the first (the source itself when nothing was read from it yet).
  public func open() throws(WriteError) -> any LineSource {
    position == 0 ? self : ArrayLineSource(lines)
  }
}

/// The lines of another source that `keep` accepts (or that `select` turns into a line), in
/// their order.
public final class FilteredLineSource: LineSource {
  private let source: any LineSource
  private let select: (String) -> String?

  /// A source of the lines of `source` for which `keep` is true.
  public init(_ source: any LineSource, keep: @escaping (String) -> Bool) {
    self.source = source
    select = { keep($0) ? $0 : nil }
  }

  /// A source of what `select` makes of the lines of `source`, skipping those it gives nil
  /// for.
  public init(_ source: any LineSource, select: @escaping (String) -> String?) {
    self.source = source
    self.select = select
  }

  /// The next line kept, or nil at the end.
  public func next() throws(WriteError) -> String? {
    while let line = try source.next() {
      if let selected = select(line) { return selected }
    }
    return nil
  }
}

/// The lines of another source, each after `prefix`: sorted when the source is (one prefix
/// keeps the order).
public final class PrefixedLineSource: LineSource {
  private let source: any LineSource
  private let prefix: String

  /// A source of the lines of `source`, each after `prefix`.
  public init(_ source: any LineSource, prefix: String) {
    self.source = source
    self.prefix = prefix
  }

  /// The next line of the source after the prefix, or nil at the end.
  public func next() throws(WriteError) -> String? {
    try source.next().map { prefix + $0 }
  }
}

/// The order and the operations of sorted line streams.
public enum SortedLines {
  /// Whether `a` sorts before `b`: by the bytes of their UTF-8, which unlike `String`'s `<`
  /// does not depend on Unicode normalisation.
  public static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// `lines` sorted (`precedes`), each once.
  public static func sorted(_ lines: some Sequence<String>) -> [String] {
    var result = Array(lines)
    result.sort(by: precedes)
    var unique: [String] = []
    unique.reserveCapacity(result.count)
    for line in result where unique.last != line { unique.append(line) }
    return unique
  }
}
