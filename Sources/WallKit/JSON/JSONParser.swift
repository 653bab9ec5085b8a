/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports the line and column of the
/// first fault (Foundation's parser on Linux accepts trailing commas and gives no position).
public struct JSONParser {
  /// Deepest nesting accepted, so hostile input cannot overflow the stack.
  public static let maximumDepth = 512

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0

  private init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Parses one JSON document (surrounding whitespace allowed, a UTF-8 BOM skipped).
  /// - Parameter data: the document's bytes.
  /// - Throws: `JSONSyntaxError` naming the line and column of the first fault.
  public static func parse(_ data: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    let result: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(bytes: buffer)
      return Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
    }
    return try result.get()
  }

  private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    skipWhitespace()
    guard index < bytes.count else { throw fault("empty document") }
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else {
      throw fault("unexpected \(describeCurrent()) after the value")
    }
    return value
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw fault("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw fault("unexpected \(describeCurrent())")
    }
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth { throw fault("nesting deeper than \(Self.maximumDepth) levels") }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else {
        if peek(UInt8(ascii: "}")) { throw fault("trailing comma in object") }
        throw fault("expected a string key, found \(describeCurrent())")
      }
      let key = try parseString()
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else { throw fault("expected ':' after key \"\(key)\"") }
      index += 1
      skipWhitespace()
      members[key] = try parseValue()
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
      } else if peek(UInt8(ascii: "}")) {
        index += 1
        depth -= 1
        return .object(members)
      } else {
        throw fault("expected ',' or '}' in object, found \(describeCurrent())")
      }
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if peek(UInt8(ascii: "]")) { throw fault("trailing comma in array") }
      elements.append(try parseValue())
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
      } else if peek(UInt8(ascii: "]")) {
        index += 1
        depth -= 1
        return .array(elements)
      } else {
        throw fault("expected ',' or ']' in array, found \(describeCurrent())")
      }
    }
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        return try decodeUTF8(slice, at: start)
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw fault("control character in string") }
      index += 1
    }
    var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return try scratch.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
          try decodeUTF8(buffer, at: start)
        }
      case UInt8(ascii: "\\"):
        try appendEscape(into: &scratch)
      case 0..<0x20:
        throw fault("control character in string")
      default:
        scratch.append(byte)
        index += 1
      }
    }
    throw fault("unterminated string")
  }

  private func decodeUTF8(_ slice: UnsafeBufferPointer<UInt8>, at start: Int)
    throws(JSONSyntaxError)
    -> String
  {
    guard let text = String(validating: slice, as: UTF8.self) else {
      throw JSONSyntaxError(position: start, in: bytes, reason: "invalid UTF-8 in string")
    }
    return text
  }

  private mutating func appendEscape(into scratch: inout [UInt8]) throws(JSONSyntaxError) {
    index += 1
    guard index < bytes.count else { throw fault("unterminated string") }
    let code = bytes[index]
    index += 1
    switch code {
    case UInt8(ascii: "\""): scratch.append(0x22)
    case UInt8(ascii: "\\"): scratch.append(0x5C)
    case UInt8(ascii: "/"): scratch.append(0x2F)
    case UInt8(ascii: "b"): scratch.append(0x08)
    case UInt8(ascii: "f"): scratch.append(0x0C)
    case UInt8(ascii: "n"): scratch.append(0x0A)
    case UInt8(ascii: "r"): scratch.append(0x0D)
    case UInt8(ascii: "t"): scratch.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try parseHex4()
      if (0xD800..<0xDC00).contains(scalar), peek(UInt8(ascii: "\\")),
        index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
      {
        let mark = index
        index += 2
        let low = try parseHex4()
        if (0xDC00..<0xE000).contains(low) {
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else {
          index = mark
        }
      }
      // Lone surrogates become U+FFFD, as most decoders do.
      let value = Unicode.Scalar(scalar) ?? "\u{FFFD}"
      scratch.append(contentsOf: Array(String(value).utf8))
    default:
      index -= 1
      throw fault("invalid escape '\\\(Character(Unicode.Scalar(code)))'")
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
        throw fault("invalid \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    if peek(UInt8(ascii: "0")) {
      index += 1
    } else if try !skipDigits() {
      throw fault("invalid number")
    }
    if peek(UInt8(ascii: ".")) {
      index += 1
      guard try skipDigits() else { throw fault("expected a digit after '.'") }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      guard try skipDigits() else { throw fault("expected a digit in exponent") }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text) else {
      throw JSONSyntaxError(position: start, in: bytes, reason: "invalid number '\(text)'")
    }
    return value
  }

  /// Skips ASCII digits; true when at least one was skipped.
  private mutating func skipDigits() throws(JSONSyntaxError) -> Bool {
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      index += 1
    }
    return index > start
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let count = literal.utf8CodeUnitCount
    let matches =
      index + count <= bytes.count
      && (0..<count).allSatisfy { bytes[index + $0] == literal.utf8Start[$0] }
    guard matches else { throw fault("unexpected \(describeCurrent())") }
    index += count
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private func peek(_ byte: UInt8) -> Bool {
    index < bytes.count && bytes[index] == byte
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    let byte = bytes[index]
    if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private func fault(_ reason: String) -> JSONSyntaxError {
    JSONSyntaxError(position: index, in: bytes, reason: reason)
  }
}

extension JSONSyntaxError {
  /// Locates a byte offset as 1-based line and column.
  fileprivate init(position: Int, in bytes: UnsafeBufferPointer<UInt8>, reason: String) {
    var line = 1
    var lineStart = 0
    for offset in 0..<min(position, bytes.count) where bytes[offset] == 0x0A {
      line += 1
      lineStart = offset + 1
    }
    self.init(line: line, column: position - lineStart + 1, reason: reason)
  }
}
