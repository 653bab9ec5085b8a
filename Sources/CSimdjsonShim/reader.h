// The reader behind the C interface, shared by the shim's files (not part of the public header).
#ifndef CSIMDJSONSHIM_READER_H
#define CSIMDJSONSHIM_READER_H

#include "CSimdjsonShim.h"

#include <simdjson.h>

#include <string>
#include <string_view>
#include <vector>

namespace shim {

using namespace simdjson;

enum class RowState { start, rootArray, resultsArray, afterResults, done, failed };

}  // namespace shim

struct CSimdjsonShim_Reader {
  simdjson::padded_string json;
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document document;
  /// Indexing waits for the first read, so the caller's bytes can be freed before it.
  bool indexed = false;
  simdjson::error_code indexing = simdjson::SUCCESS;
  /// The tape: tokens, and the unescaped text of strings and keys that had escapes.
  std::vector<CSimdjsonShim_Token> tokens;
  std::vector<uint8_t> arena;
  /// While set, values are checked but nothing is put on the tape.
  bool checking = false;
  size_t maxDepth = 0;
  size_t depth = 0;
  /// The last error: its message (simdjson's, or `ownMessage`) and byte offset.
  const char *message = "";
  std::string ownMessage;
  int64_t offset = -1;
  /// Where a class file's rows are read from.
  shim::RowState state = shim::RowState::start;
  simdjson::ondemand::array rows;
  simdjson::ondemand::array_iterator row;
  simdjson::ondemand::array_iterator rowsEnd;
  simdjson::ondemand::object root;
  simdjson::ondemand::object_iterator member;
  simdjson::ondemand::object_iterator membersEnd;
  bool sawResults = false;
  /// Set when a class file's object has a second `results` member (it is checked, then dropped).
  bool repeatedResults = false;
};

namespace shim {

/// Puts a value (a whole document, or a value inside one) on the tape, or only checks it while
/// `reader.checking` is set.
error_code putDocument(CSimdjsonShim_Reader &reader);
error_code putValue(CSimdjsonShim_Reader &reader, ondemand::value &value);

/// Puts a token with no text (null, booleans, brackets) on the tape.
void push(CSimdjsonShim_Reader &reader, CSimdjsonShim_Kind kind);

/// Unescapes the text between a string's quotes as RFC 8259 says, except that a lone UTF-16
/// surrogate escape (a high one without a low one after it, or a low one alone) becomes U+FFFD,
/// as simdjson 3.0.1 cannot do: STRING_ERROR for any other bad escape. Only called once
/// simdjson has refused the string, so strings without such escapes never come here.
error_code unescapeReplacing(std::string_view body, std::string &out);

/// The text between the quotes of a key whose raw text starts at `start` (after its quote).
std::string_view keyBody(const char *start);

// Locating faults that simdjson reports without a usable position (locate.cpp).
bool isSpace(uint8_t byte);
int64_t firstInvalidUTF8(const uint8_t *bytes, size_t length);
int64_t stringFault(const uint8_t *bytes, size_t length);
int64_t escapeFault(const uint8_t *bytes, size_t length, size_t offset);
int64_t rootFault(const uint8_t *bytes, size_t length, bool &trailing);

}  // namespace shim

#endif
