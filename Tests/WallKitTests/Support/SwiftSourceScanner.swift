/// Reads Swift source text just enough for the layering test: the type names a file declares
/// at its top level, and the identifiers its code uses (comments and string text left out,
/// string interpolations kept).
enum SwiftSourceScanner {
  /// The names of the non-private types a file declares at the top level (`struct`, `enum`,
  /// `class`, `actor`, `protocol`, `typealias` at the start of a line, as swift-format writes
  /// them).
  static func declaredTypes(in source: String) -> Set<String> {
    let keywords: Set<Substring> = ["struct", "enum", "class", "actor", "protocol", "typealias"]
    let modifiers: Set<Substring> = ["public", "internal", "package", "final", "indirect"]
    var names: Set<String> = []
    for line in source.split(separator: "\n") where line.first?.isLetter == true {
      var words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })[...]
      while let first = words.first, modifiers.contains(first) { words = words.dropFirst() }
      guard let keyword = words.first, keywords.contains(keyword), words.count > 1 else { continue }
      names.insert(String(words[words.startIndex + 1]))
    }
    return names
  }

  /// Every identifier in the code of a file, outside comments and string text.
  static func identifiers(in source: String) -> Set<String> {
    var names: Set<String> = []
    var current: [UInt8] = []
    for byte in code(of: source) {
      let isWordByte =
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        || (!current.isEmpty && byte >= 0x30 && byte <= 0x39)
      if isWordByte {
        current.append(byte)
      } else if !current.isEmpty {
        names.insert(String(decoding: current, as: UTF8.self))
        current = []
      }
    }
    if !current.isEmpty { names.insert(String(decoding: current, as: UTF8.self)) }
    return names
  }

  /// Where the scanner is: in code (counting parentheses, to find the end of an interpolation),
  /// or in a string literal.
  private enum Context {
    case code(parentheses: Int)
    case string(multiline: Bool, hashes: Int)
  }

  /// The source's code bytes: comments and string literals' text become spaces (line breaks
  /// are kept), interpolated expressions stay.
  static func code(of source: String) -> [UInt8] {
    let bytes = Array(source.utf8)
    let (slash, star, quote, backslash, hash): (UInt8, UInt8, UInt8, UInt8, UInt8) = (
      0x2F, 0x2A, 0x22, 0x5C, 0x23
    )
    let (open, close, newline, space): (UInt8, UInt8, UInt8, UInt8) = (0x28, 0x29, 0x0A, 0x20)
    func at(_ position: Int) -> UInt8 { position < bytes.count ? bytes[position] : 0 }
    func hashes(from position: Int) -> Int {
      var end = position
      while at(end) == hash { end += 1 }
      return end - position
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var stack: [Context] = [.code(parentheses: 0)]
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      switch stack[stack.count - 1] {
      case .code(let parentheses):
        if byte == slash && at(i + 1) == slash {
          while i < bytes.count && bytes[i] != newline { i += 1 }
        } else if byte == slash && at(i + 1) == star {
          var depth = 0
          repeat {
            if at(i) == slash && at(i + 1) == star {
              depth += 1
              i += 2
            } else if at(i) == star && at(i + 1) == slash {
              depth -= 1
              i += 2
            } else {
              if at(i) == newline { output.append(newline) }
              i += 1
            }
          } while depth > 0 && i < bytes.count
        } else if (byte == hash || byte == quote) && at(i + hashes(from: i)) == quote {
          let count = hashes(from: i)
          let start = i + count
          let multiline = at(start + 1) == quote && at(start + 2) == quote
          stack.append(.string(multiline: multiline, hashes: count))
          output.append(space)
          i = start + (multiline ? 3 : 1)
        } else if byte == close && parentheses == 0 && stack.count > 1 {
          stack.removeLast()  // the end of an interpolation
          output.append(space)
          i += 1
        } else {
          if byte == open { stack[stack.count - 1] = .code(parentheses: parentheses + 1) }
          if byte == close { stack[stack.count - 1] = .code(parentheses: parentheses - 1) }
          output.append(byte)
          i += 1
        }
      case .string(let multiline, let count):
        if byte == backslash && hashes(from: i + 1) >= count {
          let after = i + 1 + count
          if at(after) == open {
            stack.append(.code(parentheses: 0))
            output.append(space)
          }
          i = after + 1
        } else if byte == quote && (!multiline || (at(i + 1) == quote && at(i + 2) == quote))
          && hashes(from: i + (multiline ? 3 : 1)) >= count
        {
          stack.removeLast()
          output.append(space)
          i += (multiline ? 3 : 1) + count
        } else {
          if byte == newline { output.append(newline) }
          i += 1
        }
      }
    }
    return output
  }
}
