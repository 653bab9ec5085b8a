import CSimdjsonShim

/// One step through the rows of a class file (`{"results": [...]}` or a top-level array).
public enum JSONRowStep: Equatable {
  /// The next row.
  case row(JSONValue)
  /// The next row, checked but not read: it is longer than the reader's `pieceBytes`.
  case tooLarge(bytes: Int)
  /// The document ended after its last row.
  case end
  /// The document is valid JSON in another shape; the value is what was found (for an object
  /// without a `results` array, an empty object).
  case notRows(found: JSONValue)
}

/// Reads JSON with simdjson's On-Demand parser (through `CSimdjsonShim`): a whole document, or a
/// class file's rows one at a time, so that no tree of a whole large file is ever built.
///
/// Strict RFC 8259: trailing commas, comments and other extensions are errors, with the line and
/// column of the fault. Numbers: see `JSONValue`. An object keeps the first value of a repeated
/// key; `repeatedKeys` lists the others for the value last returned. Memory: the reader holds a
/// padded copy of the bytes (made before indexing, so the caller's array can go first) and
/// simdjson's index, of a document or, past `pieceBytes`, of a piece (see `init`); reading a
/// class file's rows peaked at about 2 times its size, measured.
public final class JSONReader {
  /// The deepest nesting of arrays and objects read by default.
  public static let defaultMaximumDepth = 512
  /// The size of the pieces a large document is checked and read in by default (8 MiB); a
  /// class file's row longer than this is not read.
  public static let defaultPieceBytes = 8 << 20

  private let handle: OpaquePointer?
  /// The repeated keys of the value last returned.
  public private(set) var repeatedKeys: [JSONRepeatedKey] = []
  /// The strings and keys of the value last returned that held a lone UTF-16 surrogate escape,
  /// read with U+FFFD in its place.
  public private(set) var loneSurrogates: [JSONLoneSurrogate] = []

  /// Indexes a document; nesting deeper than `maximumDepth` is a syntax error when read.
  /// - Parameters:
  ///   - bytes: the document (copied, so the caller may drop its array at once).
  ///   - maximumDepth: the deepest nesting accepted.
  ///   - pieceBytes: a document longer than this, with an array or object at its root, is
  ///     checked (`check`, `nextRow`) and its rows read in pieces of about this size, so that
  ///     simdjson's index stays small whatever the document holds; a row longer than this is
  ///     checked but not read (`JSONRowStep.tooLarge`). A whole document (`document`) is always
  ///     read whole.
  public init(
    _ bytes: [UInt8], maximumDepth: Int = JSONReader.defaultMaximumDepth,
    pieceBytes: Int = JSONReader.defaultPieceBytes
  ) {
    handle = bytes.withUnsafeBufferPointer { buffer in
      CSimdjsonShim_open(
        buffer.baseAddress, buffer.count, max(maximumDepth, 1), max(pieceBytes, 1))
    }
  }

  deinit {
    if let handle { CSimdjsonShim_close(handle) }
  }

  /// Parses one whole JSON document (surrounding whitespace allowed).
  /// - Parameters:
  ///   - bytes: the document.
  ///   - maximumDepth: the deepest nesting accepted.
  /// - Throws: `JSONSyntaxError` naming the line and column of the first fault.
  public static func parse(
    _ bytes: [UInt8], maximumDepth: Int = JSONReader.defaultMaximumDepth
  ) throws(JSONSyntaxError) -> JSONValue {
    try JSONReader(bytes, maximumDepth: maximumDepth).document()
  }

  /// The whole document as one value.
  /// - Throws: `JSONSyntaxError` naming the line and column of the first fault.
  public func document() throws(JSONSyntaxError) -> JSONValue {
    let handle = try opened()
    guard CSimdjsonShim_readDocument(handle) == CSimdjsonShim_Value else { throw fault(handle) }
    return tapeValue(handle)
  }

  /// Reads the whole document to check it, building nothing.
  /// - Throws: `JSONSyntaxError` naming the line and column of the first fault.
  public func check() throws(JSONSyntaxError) {
    let handle = try opened()
    guard CSimdjsonShim_check(handle) == CSimdjsonShim_Value else { throw fault(handle) }
  }

  /// The next row of a class file.
  ///
  /// The first call checks the whole document, so a document that is not valid JSON throws
  /// before giving any row.
  /// - Throws: `JSONSyntaxError` naming the line and column of the first fault.
  public func nextRow() throws(JSONSyntaxError) -> JSONRowStep {
    let handle = try opened()
    let status = CSimdjsonShim_nextRow(handle)
    switch status {
    case CSimdjsonShim_Value: return .row(tapeValue(handle))
    case CSimdjsonShim_TooLarge: return .tooLarge(bytes: Int(tapeValue(handle).integerValue ?? 0))
    case CSimdjsonShim_Done: return .end
    case CSimdjsonShim_NotRows: return .notRows(found: tapeValue(handle))
    default: throw fault(handle)
    }
  }

  /// Whether a class file's top-level object had a second `results` member (checked, then
  /// dropped: the first is read).
  public var repeatedResults: Bool {
    handle.map { CSimdjsonShim_repeatedResults($0) } ?? false
  }

  private func opened() throws(JSONSyntaxError) -> OpaquePointer {
    guard let handle else {
      throw JSONSyntaxError(line: 1, column: 1, reason: "not enough memory to index the document")
    }
    return handle
  }

  private func fault(_ handle: OpaquePointer) -> JSONSyntaxError {
    var offset: Int64 = -1
    let message = String(cString: CSimdjsonShim_error(handle, &offset))
    var count = 0
    let input = CSimdjsonShim_input(handle, &count)
    return JSONSyntaxError(
      offset: Int(offset), in: UnsafeBufferPointer(start: input, count: count),
      reason: Self.phrase(message))
  }

  /// simdjson's sentence as a phrase in wallgen's style: lower-case start, no final period.
  private static func phrase(_ message: String) -> String {
    var text = message
    if text.hasSuffix(".") { text.removeLast() }
    guard let first = text.first, first.isUppercase, !text.hasPrefix("JSON") else { return text }
    return first.lowercased() + text.dropFirst()
  }

  private func tapeValue(_ handle: OpaquePointer) -> JSONValue {
    var count = 0
    guard let tokens = CSimdjsonShim_tokens(handle, &count), count > 0 else { return .null }
    var inputCount = 0
    var tape = Tape(
      tokens: UnsafeBufferPointer(start: tokens, count: count),
      input: CSimdjsonShim_input(handle, &inputCount), arena: CSimdjsonShim_arena(handle))
    let value = tape.value()
    repeatedKeys = tape.repeated
    loneSurrogates = tape.loneSurrogates
    return value
  }
}

/// Builds a `JSONValue` from the shim's tape.
private struct Tape {
  let tokens: UnsafeBufferPointer<CSimdjsonShim_Token>
  let input: UnsafePointer<UInt8>?
  let arena: UnsafePointer<UInt8>?
  var index = 0
  var path: [String] = []
  var repeated: [JSONRepeatedKey] = []
  var loneSurrogates: [JSONLoneSurrogate] = []

  init(
    tokens: UnsafeBufferPointer<CSimdjsonShim_Token>, input: UnsafePointer<UInt8>?,
    arena: UnsafePointer<UInt8>?
  ) {
    self.tokens = tokens
    self.input = input
    self.arena = arena
  }

  mutating func value() -> JSONValue {
    let token = tokens[index]
    index += 1
    switch token.kind {
    case CSimdjsonShim_Null: return .null
    case CSimdjsonShim_False: return .bool(false)
    case CSimdjsonShim_True: return .bool(true)
    case CSimdjsonShim_Integer: return .integer(token.integer)
    case CSimdjsonShim_Number: return .number(token.number)
    case CSimdjsonShim_String, CSimdjsonShim_StringCopy: return .string(text(token))
    case CSimdjsonShim_StringReplaced:
      loneSurrogates.append(JSONLoneSurrogate(path: path))
      return .string(text(token))
    case CSimdjsonShim_ArrayStart:
      var elements: [JSONValue] = []
      while index < tokens.count, tokens[index].kind != CSimdjsonShim_End {
        elements.append(value())
      }
      index += 1
      return .array(elements)
    case CSimdjsonShim_ObjectStart:
      var members: [String: JSONValue] = [:]
      while index < tokens.count, tokens[index].kind != CSimdjsonShim_End {
        let key = text(tokens[index])
        if tokens[index].kind == CSimdjsonShim_KeyReplaced {
          loneSurrogates.append(JSONLoneSurrogate(path: path, inKey: true))
        }
        index += 1
        let member: JSONValue
        switch tokens[index].kind {
        case CSimdjsonShim_ObjectStart, CSimdjsonShim_ArrayStart, CSimdjsonShim_StringReplaced:
          // Only a container can hold a repeated key, and only these need the path.
          path.append(key)
          member = value()
          path.removeLast()
        default:
          member = value()
        }
        if let first = members.updateValue(member, forKey: key) {
          members[key] = first
          repeated.append(JSONRepeatedKey(path: path, key: key))
        }
      }
      index += 1
      return .object(members)
    default:
      return .null
    }
  }

  /// The text of a string or key token: in the input, or in the arena when it was unescaped.
  private func text(_ token: CSimdjsonShim_Token) -> String {
    let copied = token.kind != CSimdjsonShim_String && token.kind != CSimdjsonShim_Key
    guard let base = copied ? arena : input, token.length > 0 else { return "" }
    // simdjson has checked that the document is UTF-8.
    return String(
      decoding: UnsafeBufferPointer(start: base + Int(token.offset), count: Int(token.length)),
      as: UTF8.self)
  }
}
