// The C interface over simdjson's On-Demand API. Uses error codes throughout (no exceptions).
#include "reader.h"

#include <algorithm>
#include <new>

using namespace shim;

CSimdjsonShim_Status shim::fail(CSimdjsonShim_Reader &reader, error_code error, int64_t at) {
  restorePatches(reader);
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
    const char *location = nullptr;
    if (at >= 0) {
      reader.offset = at;
    } else if (reader.live && reader.indexing == SUCCESS &&
               reader.document.current_location().get(location) == SUCCESS) {
      reader.offset = location - reader.json.data();
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

namespace {

/// Runs simdjson's first pass over the document, once.
error_code indexed(CSimdjsonShim_Reader &reader) {
  if (!reader.indexed) {
    reader.indexed = true;
    reader.indexing = reader.parser.allocate(reader.json.size());
    if (reader.indexing == SUCCESS) {
      reader.indexing = reader.parser.iterate(reader.json).get(reader.document);
      reader.live = reader.indexing == SUCCESS;
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
  error_code error = putDocument(reader);
  if (!error) error = checkEnd(reader);
  reader.checking = false;
  if (error) return error;
  return reader.parser.iterate(reader.json).get(reader.document);
}

}  // namespace

extern "C" {

CSimdjsonShim_Reader *CSimdjsonShim_open(const uint8_t *bytes, size_t length, size_t max_depth,
                                         size_t piece_bytes) {
  auto *reader = new (std::nothrow) CSimdjsonShim_Reader();
  if (reader == nullptr) return nullptr;
  reader->json = padded_string(reinterpret_cast<const char *>(bytes), length);
  if (length > 0 && reader->json.data() == nullptr) {
    delete reader;
    return nullptr;
  }
  reader->maxDepth = max_depth;
  reader->pieceBytes = piece_bytes;
  return reader;
}

void CSimdjsonShim_close(CSimdjsonShim_Reader *reader) { delete reader; }

CSimdjsonShim_Status CSimdjsonShim_readDocument(CSimdjsonShim_Reader *reader) {
  clearTape(*reader);
  if (auto error = indexed(*reader)) return fail(*reader, error);
  if (auto error = putDocument(*reader)) return fail(*reader, error);
  if (auto error = checkEnd(*reader)) return fail(*reader, error);
  reader->state = RowState::done;
  return CSimdjsonShim_Value;
}

CSimdjsonShim_Status CSimdjsonShim_check(CSimdjsonShim_Reader *reader) {
  clearTape(*reader);
  if (readsInPieces(*reader)) return checkInPieces(*reader, false);
  if (auto error = indexed(*reader)) return fail(*reader, error);
  if (auto error = checkWhole(*reader)) return fail(*reader, error);
  return CSimdjsonShim_Value;
}

CSimdjsonShim_Status CSimdjsonShim_nextRow(CSimdjsonShim_Reader *reader) {
  CSimdjsonShim_Reader &r = *reader;
  clearTape(r);
  if (r.state == RowState::start && readsInPieces(r)) {
    if (checkInPieces(r, true) != CSimdjsonShim_Value) return CSimdjsonShim_Invalid;
    r.state = RowState::pieceRows;
  }
  if (r.state == RowState::pieceRows) return nextRowInPieces(r);
  if (r.state == RowState::failed) return CSimdjsonShim_Invalid;
  if (r.state == RowState::done) return CSimdjsonShim_Done;
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
        if (auto error = putDocument(r)) return fail(r, error);
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
        if (auto error = putValue(r, item)) return fail(r, error);
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
      // The raw key first: unescaping it consumes it.
      ondemand::raw_json_string rawKey;
      if (auto error = field.key().get(rawKey)) return fail(r, error);
      std::string_view key;
      std::string replaced;
      error_code keyError = field.unescaped_key().get(key);
      if (keyError == STRING_ERROR) {
        // A key with a lone surrogate escape: never "results".
        keyError = unescapeReplacing(keyBody(rawKey.raw()), replaced);
        key = replaced;
      }
      if (keyError) return fail(r, keyError);
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
      if (auto error = putValue(r, value)) return fail(r, error);
      clearTape(r);
      ++r.member;
      break;
    }
    case RowState::pieceRows:
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
