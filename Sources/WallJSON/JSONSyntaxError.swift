/// A JSON document that is not valid JSON (RFC 8259), with the 1-based position of the fault.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  /// 1-based line of the offending byte.
  public var line: Int
  /// 1-based column (in bytes) of the offending byte.
  public var column: Int
  /// What was wrong, as a short phrase ("trailing comma in object").
  public var reason: String

  /// Creates an error at a position.
  public init(line: Int, column: Int, reason: String) {
    self.line = line
    self.column = column
    self.reason = reason
  }

  public var description: String { "line \(line), column \(column): \(reason)" }
}

extension JSONSyntaxError {
  /// Locates a byte offset of `bytes` as a 1-based line and a 1-based column in bytes.
  init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>, reason: String) {
    let end = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    for position in 0..<end where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    self.init(line: line, column: end - lineStart + 1, reason: reason)
  }
}
