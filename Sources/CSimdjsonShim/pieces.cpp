// Reading a large document in pieces, so that memory stays bounded whatever it holds.
//
// simdjson indexes a whole document before reading it: 4 bytes for each structural character,
// so a class file of empty rows (`{},{},…`, every byte structural) needs 4 times its size. A
// document longer than `pieceBytes` with an array or object at its root is read in pieces
// instead. A scan that only counts brackets outside strings finds the commas that separate the
// values of a container; a run of them of about `pieceBytes` is one piece: the comma before
// it and the one after it are written over with the container's brackets while simdjson checks
// (or reads) the piece, then written back. A value longer than `pieceBytes` is checked alone:
// a container by its own values, recursively. Every byte is checked by simdjson, or by the scan
// (commas, colons, brackets and spaces between values), so a document is valid exactly when
// all its pieces are; only which fault is named first, and how, may differ from a whole reading.
#include "reader.h"

#include <string>

namespace shim {

namespace {

using Bytes = const uint8_t *;

size_t skipSpace(Bytes bytes, size_t length, size_t at) {
  while (at < length && isSpace(bytes[at])) at++;
  return at;
}

/// Just past the string whose opening quote is at `at`, or `length` when it never closes.
size_t stringEnd(Bytes bytes, size_t length, size_t at) {
  for (at++; at < length; at++) {
    if (bytes[at] == '\\') {
      at++;
    } else if (bytes[at] == '"') {
      return at + 1;
    }
  }
  return length;
}

bool isStructural(uint8_t byte) {
  return byte == ',' || byte == ':' || byte == '[' || byte == ']' || byte == '{' || byte == '}' ||
         byte == '"';
}

/// Just past the value at `at`: a string, an array or object (its brackets counted outside
/// strings, of either kind: simdjson checks they match), or anything else up to the next
/// structural character or space. `length` when a string or container does not end.
size_t valueEnd(Bytes bytes, size_t length, size_t at) {
  uint8_t first = bytes[at];
  if (first == '"') return stringEnd(bytes, length, at);
  if (first != '[' && first != '{') {
    while (at < length && !isSpace(bytes[at]) && !isStructural(bytes[at])) at++;
    return at;
  }
  size_t depth = 0;
  while (at < length) {
    uint8_t byte = bytes[at];
    if (byte == '"') {
      at = stringEnd(bytes, length, at);
      continue;
    }
    if (byte == '[' || byte == '{') {
      depth++;
    } else if ((byte == ']' || byte == '}') && --depth == 0) {
      return at + 1;
    }
    at++;
  }
  return length;
}

void apply(CSimdjsonShim_Reader &reader, Patch &patch, size_t at, char byte) {
  patch.at = at;
  patch.saved = reader.json.data()[at];
  patch.active = true;
  reader.json.data()[at] = byte;
}

/// Starts reading the piece `[first, last]` as a document whose root is the container of
/// `open` (`[` or `{`): the bytes at both ends are written over with its brackets.
error_code openPiece(CSimdjsonShim_Reader &reader, size_t first, size_t last, char open) {
  char close = open == '[' ? ']' : '}';
  if (reader.json.data()[first] != open) apply(reader, reader.patches[0], first, open);
  if (reader.json.data()[last] != close) apply(reader, reader.patches[1], last, close);
  size_t capacity = reader.json.size() + SIMDJSON_PADDING - first;
  padded_string_view piece(reader.json.data() + first, last - first + 1, capacity);
  error_code error = reader.parser.iterate(piece).get(reader.document);
  if (!error) reader.live = true;
  return error;
}

/// Reads a whole piece to check it, keeping nothing; `depth` is its container's nesting level.
error_code checkPiece(CSimdjsonShim_Reader &reader, size_t first, size_t last, char open,
                      size_t depth) {
  error_code error = openPiece(reader, first, last, open);
  if (!error) {
    reader.checking = true;
    reader.depth = depth - 1;
    error = putDocument(reader);
    const char *at = nullptr;
    if (!error && reader.document.current_location().get(at) != OUT_OF_BOUNDS) {
      error = TRAILING_CONTENT;
    }
    reader.checking = false;
  }
  if (!error) restorePatches(reader);
  return error;
}

/// Checks an object's key (the quoted string at `[first, end)`) on its own, in a copy.
error_code checkKey(CSimdjsonShim_Reader &reader, size_t first, size_t end, int64_t &at) {
  std::string text = "{";
  text.append(reader.json.data() + first, end - first);
  text += ":0}";
  padded_string copy(text);
  ondemand::parser parser;
  ondemand::document document;
  error_code error = parser.iterate(copy).get(document);
  ondemand::object object;
  if (!error) error = document.get_object().get(object);
  if (!error) {
    for (auto field : object) {
      std::string_view key;
      if ((error = field.unescaped_key().get(key)) == STRING_ERROR) {
        // A lone surrogate escape is read, not refused; any other bad escape is.
        std::string replaced;
        error = unescapeReplacing(std::string_view(copy.data() + 2, end - first - 2), replaced);
      }
      break;
    }
  }
  // Inside the key, so that a bad escape is found in it (see `escapeFault`).
  if (error) at = static_cast<int64_t>(first + 1);
  return error;
}

/// The document being checked, and the offset of a fault the scan found (-1: where simdjson
/// stopped).
struct Scan {
  Bytes bytes;
  size_t length;
  int64_t at = -1;
};

error_code checkContainer(CSimdjsonShim_Reader &reader, Scan &scan, size_t open, size_t depth,
                          size_t &end, std::vector<Run> *rows, bool rootOfRows);

/// Whether the key at `[first, end)` (quoted) reads "results".
bool isResults(Bytes bytes, size_t first, size_t end) {
  std::string_view body(reinterpret_cast<const char *>(bytes) + first + 1, end - first - 2);
  if (body == "results") return true;
  if (body.find('\\') == std::string_view::npos) return false;
  std::string text;
  return unescapeReplacing(body, text) == SUCCESS && text == "results";
}

error_code checkContainer(CSimdjsonShim_Reader &reader, Scan &scan, size_t open, size_t depth,
                          size_t &end, std::vector<Run> *rows, bool rootOfRows) {
  Bytes bytes = scan.bytes;
  size_t length = scan.length;
  char opening = char(bytes[open]);
  bool object = opening == '{';
  uint8_t closing = object ? '}' : ']';
  if (depth > reader.maxDepth) {
    scan.at = static_cast<int64_t>(open + 1);
    return DEPTH_ERROR;
  }
  // The run being gathered starts at `runFirst` (a bracket or comma) and holds `runValues`.
  size_t runFirst = open;
  size_t runValues = 0;
  size_t separator = open;
  size_t at = skipSpace(bytes, length, open + 1);
  if (at < length && bytes[at] == closing) {
    end = at + 1;
    if (rows != nullptr) rows->push_back(Run{open, at, false});
    return checkPiece(reader, open, at, opening, depth);
  }
  while (true) {
    if (at >= length) return INCOMPLETE_ARRAY_OR_OBJECT;
    size_t first = at;
    size_t keyEnd = at;
    if (object) {
      if (bytes[at] != '"') {
        scan.at = static_cast<int64_t>(at);
        return TAPE_ERROR;
      }
      keyEnd = stringEnd(bytes, length, at);
      if (keyEnd >= length) return UNCLOSED_STRING;
      at = skipSpace(bytes, length, keyEnd);
      if (at >= length) return INCOMPLETE_ARRAY_OR_OBJECT;
      if (bytes[at] != ':') {
        scan.at = static_cast<int64_t>(at);
        return TAPE_ERROR;
      }
      at = skipSpace(bytes, length, at + 1);
      if (at >= length) return INCOMPLETE_ARRAY_OR_OBJECT;
    }
    size_t valueFirst = at;
    size_t valueLast = valueEnd(bytes, length, at);
    if (valueLast == valueFirst) {
      // Not a value: a comma or bracket where one should be (a trailing comma, say).
      scan.at = static_cast<int64_t>(at);
      return TAPE_ERROR;
    }
    if (valueLast >= length) {
      if (bytes[valueFirst] == '"') return UNCLOSED_STRING;
      return INCOMPLETE_ARRAY_OR_OBJECT;
    }
    size_t next = skipSpace(bytes, length, valueLast);
    if (next >= length) return INCOMPLETE_ARRAY_OR_OBJECT;
    if (bytes[next] != ',' && bytes[next] != closing) {
      scan.at = static_cast<int64_t>(next);
      return TAPE_ERROR;
    }
    bool rowsHere = rootOfRows && object && !reader.sawResults &&
                    bytes[valueFirst] == '[' && isResults(bytes, first, keyEnd);
    if (rootOfRows && object && reader.sawResults && isResults(bytes, first, keyEnd)) {
      reader.repeatedResults = true;
    }
    if (rowsHere || valueLast - first > reader.pieceBytes) {
      // Alone: the values gathered so far are one piece, this one is checked by itself.
      if (runValues > 0) {
        if (auto error = checkPiece(reader, runFirst, separator, opening, depth)) return error;
        if (rows != nullptr) rows->push_back(Run{runFirst, separator, false});
      }
      bool container = bytes[valueFirst] == '[' || bytes[valueFirst] == '{';
      size_t inner = 0;
      if (!container) {
        // A long string, say: a piece of its own, with few structural characters. (Read as
        // a document by itself, simdjson 3.0.1 would look past its end for a root atom.)
        if (auto error = checkPiece(reader, separator, next, opening, depth)) return error;
      } else {
        if (object) {
          if (auto error = checkKey(reader, first, keyEnd, scan.at)) return error;
        }
        std::vector<Run> *inside = rowsHere ? &reader.rowRuns : nullptr;
        if (auto error = checkContainer(reader, scan, valueFirst, depth + 1, inner, inside,
                                        false)) {
          return error;
        }
      }
      if (rowsHere) reader.sawResults = true;
      if (rows != nullptr && !rowsHere) rows->push_back(Run{first, valueLast, true});
      runFirst = next;
      runValues = 0;
    } else {
      if (runValues > 0 && next - runFirst > reader.pieceBytes) {
        if (auto error = checkPiece(reader, runFirst, separator, opening, depth)) return error;
        if (rows != nullptr) rows->push_back(Run{runFirst, separator, false});
        runFirst = separator;
        runValues = 0;
      }
      runValues++;
    }
    if (bytes[next] == closing) {
      if (runValues > 0) {
        if (auto error = checkPiece(reader, runFirst, next, opening, depth)) return error;
        if (rows != nullptr) rows->push_back(Run{runFirst, next, false});
      }
      end = next + 1;
      return SUCCESS;
    }
    separator = next;
    at = skipSpace(bytes, length, next + 1);
  }
}

}  // namespace

void restorePatches(CSimdjsonShim_Reader &reader) {
  for (Patch &patch : reader.patches) {
    if (patch.active) reader.json.data()[patch.at] = patch.saved;
    patch.active = false;
  }
}

bool readsInPieces(const CSimdjsonShim_Reader &reader) {
  if (reader.pieceBytes == 0 || reader.json.size() <= reader.pieceBytes) return false;
  Bytes bytes = reinterpret_cast<Bytes>(reader.json.data());
  size_t at = skipSpace(bytes, reader.json.size(), 0);
  return at < reader.json.size() && (bytes[at] == '[' || bytes[at] == '{');
}

CSimdjsonShim_Status checkInPieces(CSimdjsonShim_Reader &reader, bool findRows) {
  Scan scan{reinterpret_cast<Bytes>(reader.json.data()), reader.json.size()};
  size_t root = skipSpace(scan.bytes, scan.length, 0);
  bool array = scan.bytes[root] == '[';
  std::vector<Run> *rows = findRows && array ? &reader.rowRuns : nullptr;
  size_t end = 0;
  error_code error =
      checkContainer(reader, scan, root, 1, end, rows, findRows && !array);
  if (!error) {
    size_t after = skipSpace(scan.bytes, scan.length, end);
    if (after < scan.length) {
      error = TRAILING_CONTENT;
      scan.at = static_cast<int64_t>(after);
    }
  }
  if (error) return fail(reader, error, scan.at);
  if (findRows && array) reader.sawResults = true;
  return CSimdjsonShim_Value;
}

CSimdjsonShim_Status nextRowInPieces(CSimdjsonShim_Reader &reader) {
  if (!reader.sawResults) {
    // An object without a `results` array: its kind goes on the tape.
    reader.state = RowState::done;
    push(reader, CSimdjsonShim_ObjectStart);
    push(reader, CSimdjsonShim_End);
    return CSimdjsonShim_NotRows;
  }
  while (true) {
    if (reader.inRun) {
      if (reader.row != reader.rowsEnd) {
        ondemand::value item;
        if (auto error = (*reader.row).get(item)) return fail(reader, error);
        reader.depth = 0;
        if (auto error = putValue(reader, item)) return fail(reader, error);
        ++reader.row;
        return CSimdjsonShim_Value;
      }
      restorePatches(reader);
      reader.inRun = false;
      reader.runIndex++;
    }
    if (reader.runIndex >= reader.rowRuns.size()) {
      reader.state = RowState::done;
      return CSimdjsonShim_Done;
    }
    const Run &run = reader.rowRuns[reader.runIndex];
    if (run.tooLarge) {
      reader.runIndex++;
      CSimdjsonShim_Token token{};
      token.kind = CSimdjsonShim_Integer;
      token.integer = static_cast<int64_t>(run.last - run.first);
      reader.tokens.push_back(token);
      return CSimdjsonShim_TooLarge;
    }
    if (auto error = openPiece(reader, run.first, run.last, '[')) return fail(reader, error);
    if (auto error = reader.document.get_array().get(reader.rows)) return fail(reader, error);
    if (auto error = reader.rows.begin().get(reader.row)) return fail(reader, error);
    if (auto error = reader.rows.end().get(reader.rowsEnd)) return fail(reader, error);
    reader.inRun = true;
  }
}

}  // namespace shim
