import WallModel
import WallSupport

/// A CLDR date pattern ("MMM d, y", "EEEE d MMMM y 'à' HH:mm"), read once and then applied to
/// calendar fields with a locale's names, without a `DateFormatter` per date.
///
/// Fields: `y` (year; `yy` its last two digits), `M`/`L` (month: 1-2 digits, 3 short name,
/// 4 full name), `d`, `E`/`c`/`e` (weekday: 1-3 short, 4 full), `h`, `H`, `K`, `k`, `m`, `a`
/// (or `b`, `B`: before/after noon); text in quotes as it is (`''` is a quote). Any other letter
/// is kept as it is.
struct DatePattern: Sendable, Equatable {
  /// A piece of a pattern: text, or a field letter repeated `count` times.
  enum Piece: Sendable, Equatable {
    case text(String)
    case field(Character, count: Int)
  }

  /// The pattern's pieces, in order.
  let pieces: [Piece]

  /// Reads a CLDR pattern.
  /// - Parameter pattern: The pattern, such as "MMM d, y".
  init(_ pattern: String) {
    var pieces: [Piece] = []
    var text = ""
    var characters = pattern.makeIterator()
    var pending: Character? = nil
    func next() -> Character? {
      if let held = pending {
        pending = nil
        return held
      }
      return characters.next()
    }
    while let character = next() {
      if character == "'" {
        // A quoted run; '' alone is one quote.
        guard let first = next() else { break }
        if first == "'" {
          text.append("'")
          continue
        }
        var current: Character? = first
        while let letter = current {
          if letter == "'" {
            guard let after = next() else { break }
            if after == "'" {
              text.append("'")
              current = next()
              continue
            }
            pending = after
            break
          }
          text.append(letter)
          current = next()
        }
        continue
      }
      guard character.isASCII, character.isLetter else {
        text.append(character)
        continue
      }
      var count = 1
      while let following = next() {
        if following == character {
          count += 1
        } else {
          pending = following
          break
        }
      }
      if !text.isEmpty {
        pieces.append(.text(text))
        text = ""
      }
      pieces.append(.field(character, count: count))
    }
    if !text.isEmpty { pieces.append(.text(text)) }
    self.pieces = pieces
  }

  /// The pattern applied to `parts`, a date whose weekday is `weekday` (0 = Sunday).
  func format(_ parts: CivilTime, weekday: Int, names: DateNames) -> String {
    var result = ""
    for piece in pieces {
      switch piece {
      case .text(let text): result += text
      case .field(let letter, let count):
        result += field(letter, count: count, parts, weekday: weekday, names: names)
      }
    }
    return result
  }

  private func field(
    _ letter: Character, count: Int, _ parts: CivilTime, weekday: Int, names: DateNames
  ) -> String {
    switch letter {
    case "y", "Y", "u":
      count == 2 ? ISOFormat.pad(parts.year % 100, 2) : ISOFormat.pad(parts.year, count)
    case "M":
      switch count {
      case 1, 2: ISOFormat.pad(parts.month, count)
      case 3: names.shortMonths[parts.month - 1]
      default: names.months[parts.month - 1]
      }
    case "L":
      switch count {
      case 1, 2: ISOFormat.pad(parts.month, count)
      case 3: names.shortStandaloneMonths[parts.month - 1]
      default: names.standaloneMonths[parts.month - 1]
      }
    case "d": ISOFormat.pad(parts.day, count)
    case "E", "c", "e":
      count >= 4 ? names.weekdays[weekday] : names.shortWeekdays[weekday]
    case "h": ISOFormat.pad(parts.hour % 12 == 0 ? 12 : parts.hour % 12, count)
    case "H": ISOFormat.pad(parts.hour, count)
    case "K": ISOFormat.pad(parts.hour % 12, count)
    case "k": ISOFormat.pad(parts.hour == 0 ? 24 : parts.hour, count)
    case "m": ISOFormat.pad(parts.minute, count)
    case "s": ISOFormat.pad(parts.second, count)
    case "a", "b", "B": parts.hour < 12 ? names.am : names.pm
    default: String(repeating: letter, count: count)
    }
  }
}

/// A locale's names of months, weekdays and the halves of the day.
struct DateNames: Sendable, Equatable {
  /// "January"…, "Jan"….
  var months: [String]
  var shortMonths: [String]
  /// The same, as a month is named alone ("LLLL": in some languages another case).
  var standaloneMonths: [String]
  var shortStandaloneMonths: [String]
  /// From Sunday: "Sunday"…, "Sun"….
  var weekdays: [String]
  var shortWeekdays: [String]
  /// "AM", "PM".
  var am: String
  var pm: String
}
