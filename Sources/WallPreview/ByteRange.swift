/// The single byte range a `Range` header asks for (RFC 9110, 14.2), resolved against the
/// length of what would be sent.
///
/// `bytes=a-b`, `bytes=a-` and `bytes=-n` are served; a list of ranges, another unit, or a
/// malformed value is ignored (the whole content is sent, as the RFC allows), and a range
/// starting past the end is unsatisfiable.
public enum ByteRange: Sendable, Equatable {
  /// No usable range: send everything with 200.
  case full
  /// Send these bytes with 206.
  case partial(Range<Int>)
  /// Answer 416.
  case unsatisfiable

  /// The range that `value` (a `Range` header, or nil) asks for in content of `length` bytes.
  public static func resolve(_ value: String?, length: Int) -> ByteRange {
    guard let value else { return .full }
    let text = Substring(value).trimmingSpaces
    guard text.count > 6, text.prefix(6).lowercased() == "bytes=" else { return .full }
    let spec = Substring(String(text.dropFirst(6))).trimmingSpaces
    guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .full }
    let first = spec[..<dash]
    let last = spec[spec.index(after: dash)...]
    if first.isEmpty {
      guard let suffix = number(last) else { return .full }
      guard suffix > 0, length > 0 else { return .unsatisfiable }
      return .partial(max(0, length - suffix)..<length)
    }
    guard let start = number(first) else { return .full }
    if last.isEmpty {
      return start < length ? .partial(start..<length) : .unsatisfiable
    }
    guard let end = number(last), end >= start else { return .full }
    return start < length ? .partial(start..<min(end, length - 1) + 1) : .unsatisfiable
  }

  /// The `Content-Range` value for this range of `length` bytes (`bytes */length` when
  /// unsatisfiable), or nil for `.full`.
  public func contentRange(length: Int) -> String? {
    switch self {
    case .full: nil
    case .partial(let range): "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(length)"
    case .unsatisfiable: "bytes */\(length)"
    }
  }

  /// A run of ASCII digits as a number, saturating at `Int.max`; nil for anything else.
  private static func number(_ digits: Substring) -> Int? {
    guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    var value = 0
    for digit in digits.utf8 {
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int(digit - 0x30))
      if overflow1 || overflow2 { return Int.max }
      value = sum
    }
    return value
  }
}
