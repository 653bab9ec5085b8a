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

enum class RowState { start, rootArray, resultsArray, afterResults, pieceRows, done, failed };

/// A run of sibling values of a large document, checked or read as one piece: from the byte
/// before the first (its container's opening bracket, or a comma, written over with the
/// opening bracket while the piece is read) to the byte after the last (the closing bracket,
/// or a comma written over with it). A run of one row too large to read is only counted.
struct Run {
  size_t first = 0;
  size_t last = 0;
  bool tooLarge = false;
};

/// A byte of the input written over while a piece is read, and what it was.
struct Patch {
  size_t at = 0;
  char saved = 0;
  bool active = false;
};

}  // namespace shim

struct CSimdjsonShim_Reader {
  simdjson::padded_string json;
  simdjson::ondemand::parser parser;
  simdjson::ondemand::document document;
  /// Indexing waits for the first read, so the caller's bytes can be freed before it.
  bool indexed = false;
  simdjson::error_code indexing = simdjson::SUCCESS;
  /// Whether `document` has been given a document (the whole one, or a piece) to iterate.
  bool live = false;
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
  /// Documents longer than this are checked, and their rows read, in pieces of about this
  /// size, so that simdjson's index (4 bytes for each structural character) stays small; a row
  /// longer than this is not read (see pieces.cpp). 0: always whole.
  size_t pieceBytes = 0;
  /// The runs of the rows of a document read in pieces, the one being read, and its patches.
  std::vector<shim::Run> rowRuns;
  size_t runIndex = 0;
  bool inRun = false;
  shim::Patch patches[2];
};

namespace shim {

/// Puts a value (a whole document, or a value inside one) on the tape, or only checks it while
/// `reader.checking` is set.
error_code putDocument(CSimdjsonShim_Reader &reader);
error_code putValue(CSimdjsonShim_Reader &reader, ondemand::value &value);

/// Puts a token with no text (null, booleans, brackets) on the tape.
void push(CSimdjsonShim_Reader &reader, CSimdjsonShim_Kind kind);

/// Records `error` with its message and the byte offset it points at (`at` when known, else
/// where simdjson stopped), and ends the reading.
CSimdjsonShim_Status fail(CSimdjsonShim_Reader &reader, error_code error, int64_t at = -1);

/// Whether the document is long enough to be read in pieces (pieces.cpp): longer than
/// `pieceBytes`, with an array or object at its root.
bool readsInPieces(const CSimdjsonShim_Reader &reader);

/// Checks the whole document piece by piece (Value, or Invalid once `fail` has recorded the
/// fault); with `findRows`, records the runs of the rows of a class file (`rowRuns`,
/// `sawResults`, `repeatedResults`).
CSimdjsonShim_Status checkInPieces(CSimdjsonShim_Reader &reader, bool findRows);

/// The next row of a class file checked by `checkInPieces`.
CSimdjsonShim_Status nextRowInPieces(CSimdjsonShim_Reader &reader);

/// Writes back the bytes a piece wrote over.
void restorePatches(CSimdjsonShim_Reader &reader);

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
