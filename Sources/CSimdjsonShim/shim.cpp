// The only user of simdjson's C++ API. Uses error codes throughout (no exceptions).
#include "CSimdjsonShim.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdlib>
#include <new>
#include <string>
#include <string_view>
#include <vector>

using namespace simdjson;

namespace {

enum class RowState { start, rootArray, resultsArray, afterResults, done, failed };

}  // namespace

struct CSimdjsonShim_Reader {
  padded_string json;
  ondemand::parser parser;
  ondemand::document document;
  /// Indexing waits for the first read, so the caller's bytes can be freed before it.
  bool indexed = false;
  error_code indexing = SUCCESS;
  std::vector<CSimdjsonShim_Token> tokens;
  std::vector<uint8_t> arena;
  const char *message = "";
  int64_t offset = -1;
  RowState state = RowState::start;
  ondemand::array rows;
  ondemand::array_iterator row;
  ondemand::array_iterator rowsEnd;
  ondemand::object root;
  ondemand::object_iterator member;
  ondemand::object_iterator membersEnd;
  bool sawResults = false;
  size_t maxDepth = 0;
  /// While set, values are checked but nothing is put on the tape.
  bool checking = false;
  /// A message of our own, when we can say more than simdjson.
  std::string ownMessage;
  size_t depth = 0;
  /// Set when a class file's object has a second `results` member (it is checked, then dropped).
  bool repeatedResults = false;
};

namespace {

void push(CSimdjsonShim_Reader &reader, CSimdjsonShim_Kind kind) {
  if (reader.checking) return;
  CSimdjsonShim_Token token{};
  token.kind = kind;
  reader.tokens.push_back(token);
}

/// Puts text that lies in the input as it is.
void pushInput(CSimdjsonShim_Reader &reader, CSimdjsonShim_Kind kind, std::string_view text) {
  if (reader.checking) return;
  CSimdjsonShim_Token token{};
  token.kind = kind;
  token.length = static_cast<uint32_t>(text.size());
  token.offset = static_cast<uint64_t>(text.data() - reader.json.data());
  reader.tokens.push_back(token);
}

/// Puts unescaped text, copied into the arena.
void pushCopy(CSimdjsonShim_Reader &reader, CSimdjsonShim_Kind kind, std::string_view text) {
  if (reader.checking) return;
  CSimdjsonShim_Token token{};
  token.kind = kind;
  token.length = static_cast<uint32_t>(text.size());
  token.offset = reader.arena.size();
  reader.arena.insert(reader.arena.end(), text.begin(), text.end());
  reader.tokens.push_back(token);
}

std::string_view trimmed(std::string_view raw) {
  while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\t' || raw.back() == '\n' ||
                          raw.back() == '\r')) {
    raw.remove_suffix(1);
  }
  return raw;
}

error_code rawToken(ondemand::value &value, std::string_view &raw) {
  raw = value.raw_json_token();
  return SUCCESS;
}

error_code rawToken(ondemand::document &document, std::string_view &raw) {
  return document.raw_json_token().get(raw);
}

template <typename Value> error_code putNumber(CSimdjsonShim_Reader &reader, Value &value) {
  ondemand::number number;
  if (auto error = value.get_number().get(number)) return error;
  if (reader.checking) return SUCCESS;
  CSimdjsonShim_Token token{};
  switch (number.get_number_type()) {
  case ondemand::number_type::signed_integer:
    token.kind = CSimdjsonShim_Integer;
    token.integer = number.get_int64();
    break;
  case ondemand::number_type::unsigned_integer:
    token.kind = CSimdjsonShim_Number;
    token.number = static_cast<double>(number.get_uint64());
    break;
  default:
    token.kind = CSimdjsonShim_Number;
    token.number = number.get_double();
  }
  reader.tokens.push_back(token);
  return SUCCESS;
}

/// A string without escapes is taken from the input where it lies (UTF-8 was checked when the
/// document was indexed); one with escapes is unescaped by simdjson and copied.
template <typename Value> error_code putString(CSimdjsonShim_Reader &reader, Value &value) {
  std::string_view raw;
  if (auto error = rawToken(value, raw)) return error;
  raw = trimmed(raw);
  if (raw.size() >= 2 && raw.front() == '"' && raw.back() == '"' &&
      raw.find('\\') == std::string_view::npos) {
    ondemand::raw_json_string consumed;
    if (auto error = value.get_raw_json_string().get(consumed)) return error;
    pushInput(reader, CSimdjsonShim_String, raw.substr(1, raw.size() - 2));
    return SUCCESS;
  }
  std::string_view text;
  if (auto error = value.get_string().get(text)) return error;
  pushCopy(reader, CSimdjsonShim_StringCopy, text);
  return SUCCESS;
}

template <typename Value> error_code put(CSimdjsonShim_Reader &reader, Value &value);

/// Counts one more level of nesting; simdjson's On-Demand parser does not cap it.
error_code enter(CSimdjsonShim_Reader &reader) {
  return ++reader.depth > reader.maxDepth ? DEPTH_ERROR : SUCCESS;
}

error_code putObject(CSimdjsonShim_Reader &reader, ondemand::object object) {
  if (auto error = enter(reader)) return error;
  push(reader, CSimdjsonShim_ObjectStart);
  for (auto field : object) {
    ondemand::raw_json_string raw;
    if (auto error = field.key().get(raw)) return error;
    // The key ends at the first quote, unless a backslash comes first.
    const char *start = raw.raw();
    const char *end = start;
    while (*end != '"' && *end != '\\') end++;
    if (*end == '"') {
      pushInput(reader, CSimdjsonShim_Key, std::string_view(start, size_t(end - start)));
    } else {
      std::string_view key;
      if (auto error = field.unescaped_key().get(key)) return error;
      pushCopy(reader, CSimdjsonShim_KeyCopy, key);
    }
    ondemand::value member;
    if (auto error = field.value().get(member)) return error;
    if (auto error = put(reader, member)) return error;
  }
  push(reader, CSimdjsonShim_End);
  reader.depth--;
  return SUCCESS;
}

error_code putArray(CSimdjsonShim_Reader &reader, ondemand::array array) {
  if (auto error = enter(reader)) return error;
  push(reader, CSimdjsonShim_ArrayStart);
  for (auto element : array) {
    ondemand::value item;
    if (auto error = element.get(item)) return error;
    if (auto error = put(reader, item)) return error;
  }
  push(reader, CSimdjsonShim_End);
  reader.depth--;
  return SUCCESS;
}

template <typename Value> error_code put(CSimdjsonShim_Reader &reader, Value &value) {
  ondemand::json_type type;
  if (auto error = value.type().get(type)) return error;
  switch (type) {
  case ondemand::json_type::object: {
    ondemand::object object;
    if (auto error = value.get_object().get(object)) return error;
    return putObject(reader, object);
  }
  case ondemand::json_type::array: {
    ondemand::array array;
    if (auto error = value.get_array().get(array)) return error;
    return putArray(reader, array);
  }
  case ondemand::json_type::string:
    return putString(reader, value);
  case ondemand::json_type::number:
    return putNumber(reader, value);
  case ondemand::json_type::boolean: {
    bool flag = false;
    if (value.get_bool().get(flag)) return T_ATOM_ERROR;
    push(reader, flag ? CSimdjsonShim_True : CSimdjsonShim_False);
    return SUCCESS;
  }
  case ondemand::json_type::null: {
    bool null = false;
    if (value.is_null().get(null)) return N_ATOM_ERROR;
    if (!null) return N_ATOM_ERROR;
    push(reader, CSimdjsonShim_Null);
    return SUCCESS;
  }
  }
  return TAPE_ERROR;
}

/// The offset of the first byte that is not UTF-8, or -1.
int64_t firstInvalidUTF8(const uint8_t *bytes, size_t length) {
  size_t index = 0;
  while (index < length) {
    uint8_t lead = bytes[index];
    size_t extra = 0;
    uint32_t minimum = 0;
    if (lead < 0x80) {
      index++;
      continue;
    } else if ((lead & 0xE0) == 0xC0) {
      extra = 1, minimum = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
      extra = 2, minimum = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
      extra = 3, minimum = 0x10000;
    } else {
      return static_cast<int64_t>(index);
    }
    if (extra >= length - index) return static_cast<int64_t>(index);
    uint32_t scalar = lead & (0x3F >> extra);
    for (size_t next = 1; next <= extra; next++) {
      if ((bytes[index + next] & 0xC0) != 0x80) return static_cast<int64_t>(index);
      scalar = scalar << 6 | (bytes[index + next] & 0x3F);
    }
    if (scalar < minimum || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar < 0xE000)) {
      return static_cast<int64_t>(index);
    }
    index += extra + 1;
  }
  return -1;
}

/// Where an indexing error lies: a raw control character in a string, or the opening quote of a
/// string that never closes. simdjson's first pass reports these without a position.
int64_t stringFault(const uint8_t *bytes, size_t length) {
  bool inString = false, escaped = false;
  int64_t opened = -1;
  for (size_t index = 0; index < length; index++) {
    uint8_t byte = bytes[index];
    if (!inString) {
      if (byte == '"') inString = true, opened = static_cast<int64_t>(index);
    } else if (escaped) {
      escaped = false;
    } else if (byte == '\\') {
      escaped = true;
    } else if (byte == '"') {
      inString = false;
    } else if (byte < 0x20) {
      return static_cast<int64_t>(index);
    }
  }
  return inString ? opened : static_cast<int64_t>(length);
}

bool isHex(uint8_t byte) {
  return (byte >= '0' && byte <= '9') || (byte >= 'a' && byte <= 'f') || (byte >= 'A' && byte <= 'F');
}

/// For a string simdjson could not unescape (it points just past it): the backslash of the first
/// bad escape of the last string that starts before `offset`, else that string's opening quote.
int64_t escapeFault(const uint8_t *bytes, size_t length, size_t offset) {
  bool inString = false, escaped = false;
  size_t opened = 0;
  int64_t fault = -1;
  for (size_t index = 0; index < length && (inString || index < offset); index++) {
    uint8_t byte = bytes[index];
    if (!inString) {
      if (byte == '"') inString = true, opened = index, fault = -1;
    } else if (escaped) {
      escaped = false;
      bool good = byte == '"' || byte == '\\' || byte == '/' || byte == 'b' || byte == 'f' ||
                  byte == 'n' || byte == 'r' || byte == 't';
      if (byte == 'u') {
        good = index + 4 < length && isHex(bytes[index + 1]) && isHex(bytes[index + 2]) &&
               isHex(bytes[index + 3]) && isHex(bytes[index + 4]);
      }
      if (!good && fault < 0) fault = static_cast<int64_t>(index - 1);
    } else if (byte == '\\') {
      escaped = true;
    } else if (byte == '"') {
      inString = false;
      if (index + 1 >= offset) break;
    }
  }
  return fault >= 0 ? fault : static_cast<int64_t>(opened);
}

bool isSpace(uint8_t byte) { return byte == ' ' || byte == '\t' || byte == '\n' || byte == '\r'; }

/// For a root array or object that simdjson finds unbalanced: the offset of the first byte after
/// the root value closes (trailing content), or the length when it never closes.
int64_t rootFault(const uint8_t *bytes, size_t length, bool &trailing) {
  bool inString = false, escaped = false;
  size_t depth = 0;
  trailing = false;
  for (size_t index = 0; index < length; index++) {
    uint8_t byte = bytes[index];
    if (inString) {
      if (escaped) {
        escaped = false;
      } else if (byte == '\\') {
        escaped = true;
      } else if (byte == '"') {
        inString = false;
      }
    } else if (byte == '"') {
      inString = true;
    } else if (byte == '[' || byte == '{') {
      depth++;
    } else if ((byte == ']' || byte == '}') && depth > 0 && --depth == 0) {
      size_t next = index + 1;
      while (next < length && isSpace(bytes[next])) next++;
      trailing = next < length;
      return static_cast<int64_t>(next);
    }
  }
  return static_cast<int64_t>(length);
}

CSimdjsonShim_Status fail(CSimdjsonShim_Reader &reader, error_code error) {
  reader.state = RowState::failed;
  reader.message = error_message(error);
  const uint8_t *bytes = reinterpret_cast<const uint8_t *>(reader.json.data());
  size_t length = reader.json.size();
  switch (error) {
  case UTF8_ERROR:
    reader.offset = firstInvalidUTF8(bytes, reader.json.size());
    break;
  case UNCLOSED_STRING:
  case UNESCAPED_CHARS:
    reader.offset = stringFault(bytes, reader.json.size());
    break;
  case EMPTY:
    reader.offset = static_cast<int64_t>(reader.json.size());
    break;
  default: {
    const char *at = nullptr;
    if (reader.indexing == SUCCESS && reader.document.current_location().get(at) == SUCCESS) {
      reader.offset = at - reader.json.data();
    } else {
      reader.offset = static_cast<int64_t>(length);
    }
  }
  }
  if (error == STRING_ERROR && reader.offset >= 0) {
    reader.offset = escapeFault(bytes, length, size_t(reader.offset));
  } else if (error == DEPTH_ERROR) {
    // simdjson has stepped past the bracket that went too deep: point at it.
    size_t before = size_t(std::max<int64_t>(reader.offset, 0));
    while (before > 0 && isSpace(bytes[before - 1])) before--;
    if (before > 0) reader.offset = static_cast<int64_t>(before - 1);
    reader.ownMessage = "nesting deeper than " + std::to_string(reader.maxDepth) + " levels";
    reader.message = reader.ownMessage.c_str();
  } else if (error == INCOMPLETE_ARRAY_OR_OBJECT) {
    // simdjson finds this while opening the root and points at its start: find where the root
    // closes, if it does, to tell trailing content from a document that ends too early.
    bool trailing = false;
    reader.offset = rootFault(bytes, length, trailing);
    if (trailing) reader.message = error_message(TRAILING_CONTENT);
  } else if (error == TAPE_ERROR && reader.offset >= 0 && size_t(reader.offset) < length &&
             (bytes[reader.offset] == '}' || bytes[reader.offset] == ']')) {
    size_t before = size_t(reader.offset);
    while (before > 0 && isSpace(bytes[before - 1])) before--;
    if (before > 0 && bytes[before - 1] == ',') {
      reader.message = bytes[reader.offset] == '}' ? "trailing comma in object"
                                                   : "trailing comma in array";
    }
  }
  return CSimdjsonShim_Invalid;
}

/// Runs simdjson's first pass over the document, once.
error_code indexed(CSimdjsonShim_Reader &reader) {
  if (!reader.indexed) {
    reader.indexed = true;
    reader.indexing = reader.parser.allocate(reader.json.size());
    if (reader.indexing == SUCCESS) {
      reader.indexing = reader.parser.iterate(reader.json).get(reader.document);
    }
  }
  return reader.indexing;
}

void clearTape(CSimdjsonShim_Reader &reader) {
  reader.tokens.clear();
  reader.arena.clear();
}

/// Whether the document has been read to its end (anything after the root value is an error).
error_code checkEnd(CSimdjsonShim_Reader &reader) {
  const char *at = nullptr;
  return reader.document.current_location().get(at) == OUT_OF_BOUNDS ? SUCCESS : TRAILING_CONTENT;
}

/// Reads the whole document without keeping anything, then indexes it again for reading.
error_code checkWhole(CSimdjsonShim_Reader &reader) {
  reader.checking = true;
  error_code error = put(reader, reader.document);
  if (!error) error = checkEnd(reader);
  reader.checking = false;
  if (error) return error;
  return reader.parser.iterate(reader.json).get(reader.document);
}

}  // namespace

extern "C" {

CSimdjsonShim_Reader *CSimdjsonShim_open(const uint8_t *bytes, size_t length, size_t max_depth) {
  auto *reader = new (std::nothrow) CSimdjsonShim_Reader();
  if (reader == nullptr) return nullptr;
  reader->json = padded_string(reinterpret_cast<const char *>(bytes), length);
  if (length > 0 && reader->json.data() == nullptr) {
    delete reader;
    return nullptr;
  }
  reader->maxDepth = max_depth;
  return reader;
}

void CSimdjsonShim_close(CSimdjsonShim_Reader *reader) { delete reader; }

CSimdjsonShim_Status CSimdjsonShim_readDocument(CSimdjsonShim_Reader *reader) {
  clearTape(*reader);
  if (auto error = indexed(*reader)) return fail(*reader, error);
  if (auto error = put(*reader, reader->document)) return fail(*reader, error);
  if (auto error = checkEnd(*reader)) return fail(*reader, error);
  reader->state = RowState::done;
  return CSimdjsonShim_Value;
}

CSimdjsonShim_Status CSimdjsonShim_check(CSimdjsonShim_Reader *reader) {
  clearTape(*reader);
  if (auto error = indexed(*reader)) return fail(*reader, error);
  if (auto error = checkWhole(*reader)) return fail(*reader, error);
  return CSimdjsonShim_Value;
}

CSimdjsonShim_Status CSimdjsonShim_nextRow(CSimdjsonShim_Reader *reader) {
  CSimdjsonShim_Reader &r = *reader;
  clearTape(r);
  if (auto error = indexed(r)) return fail(r, error);
  while (true) {
    switch (r.state) {
    case RowState::start: {
      // A file that is not valid JSON must give no rows at all, so check it whole first.
      if (auto error = checkWhole(r)) return fail(r, error);
      ondemand::json_type type;
      if (auto error = r.document.type().get(type)) return fail(r, error);
      if (type == ondemand::json_type::array) {
        if (auto error = r.document.get_array().get(r.rows)) return fail(r, error);
        if (auto error = r.rows.begin().get(r.row)) return fail(r, error);
        if (auto error = r.rows.end().get(r.rowsEnd)) return fail(r, error);
        r.state = RowState::rootArray;
      } else if (type == ondemand::json_type::object) {
        if (auto error = r.document.get_object().get(r.root)) return fail(r, error);
        if (auto error = r.root.begin().get(r.member)) return fail(r, error);
        if (auto error = r.root.end().get(r.membersEnd)) return fail(r, error);
        r.state = RowState::afterResults;
      } else {
        // Read it to check it, and leave its kind on the tape.
        if (auto error = put(r, r.document)) return fail(r, error);
        if (auto error = checkEnd(r)) return fail(r, error);
        r.state = RowState::done;
        return CSimdjsonShim_NotRows;
      }
      break;
    }
    case RowState::rootArray:
    case RowState::resultsArray: {
      if (r.row != r.rowsEnd) {
        ondemand::value item;
        if (auto error = (*r.row).get(item)) return fail(r, error);
        if (auto error = put(r, item)) return fail(r, error);
        ++r.row;
        return CSimdjsonShim_Value;
      }
      if (r.state == RowState::rootArray) {
        if (auto error = checkEnd(r)) return fail(r, error);
        r.state = RowState::done;
        return CSimdjsonShim_Done;
      }
      ++r.member;
      r.state = RowState::afterResults;
      break;
    }
    case RowState::afterResults: {
      if (r.member == r.membersEnd) {
        if (auto error = checkEnd(r)) return fail(r, error);
        r.state = RowState::done;
        if (r.sawResults) return CSimdjsonShim_Done;
        push(r, CSimdjsonShim_ObjectStart);
        push(r, CSimdjsonShim_End);
        return CSimdjsonShim_NotRows;
      }
      auto field = *r.member;
      std::string_view key;
      if (auto error = field.unescaped_key().get(key)) return fail(r, error);
      ondemand::value value;
      if (auto error = field.value().get(value)) return fail(r, error);
      ondemand::json_type type;
      if (auto error = value.type().get(type)) return fail(r, error);
      if (key == "results" && !r.sawResults && type == ondemand::json_type::array) {
        r.sawResults = true;
        if (auto error = value.get_array().get(r.rows)) return fail(r, error);
        if (auto error = r.rows.begin().get(r.row)) return fail(r, error);
        if (auto error = r.rows.end().get(r.rowsEnd)) return fail(r, error);
        r.state = RowState::resultsArray;
        break;
      }
      if (key == "results" && r.sawResults) r.repeatedResults = true;
      // Another member: read it to check it, then drop it.
      if (auto error = put(r, value)) return fail(r, error);
      clearTape(r);
      ++r.member;
      break;
    }
    case RowState::done:
      return CSimdjsonShim_Done;
    case RowState::failed:
      return CSimdjsonShim_Invalid;
    }
  }
}

const CSimdjsonShim_Token *CSimdjsonShim_tokens(const CSimdjsonShim_Reader *reader, size_t *count) {
  *count = reader->tokens.size();
  return reader->tokens.data();
}

const uint8_t *CSimdjsonShim_input(const CSimdjsonShim_Reader *reader, size_t *length) {
  *length = reader->json.size();
  return reinterpret_cast<const uint8_t *>(reader->json.data());
}

const uint8_t *CSimdjsonShim_arena(const CSimdjsonShim_Reader *reader) {
  return reader->arena.data();
}

bool CSimdjsonShim_repeatedResults(const CSimdjsonShim_Reader *reader) {
  return reader->repeatedResults;
}

const char *CSimdjsonShim_error(const CSimdjsonShim_Reader *reader, int64_t *offset) {
  *offset = reader->offset;
  return reader->message;
}

}  // extern "C"
