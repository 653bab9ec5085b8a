// A C interface over simdjson's On-Demand API (C++, error codes, no exceptions), for Swift.
//
// A reader owns a padded copy of the document and simdjson's parser. Values are handed out as a
// tape: a flat list of tokens in document order (an object as ObjectStart, Key, value, ..., End),
// with the text of strings and keys pointing into the input, or into a byte arena when they had
// escapes to undo. Each call replaces the tape, so a large `{"results": [...]}` file is read one
// row at a time.
#ifndef CSIMDJSONSHIM_H
#define CSIMDJSONSHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The kinds of tape tokens.
typedef enum : int32_t {
  CSimdjsonShim_Null = 0,
  CSimdjsonShim_False = 1,
  CSimdjsonShim_True = 2,
  /// A number written as an integer that fits Int64: `integer` holds it exactly.
  CSimdjsonShim_Integer = 3,
  /// Any other number: `number` holds the nearest double.
  CSimdjsonShim_Number = 4,
  /// A string without escapes: its `length` bytes are at `offset` in the input.
  CSimdjsonShim_String = 5,
  /// An object member's key without escapes, in the input; its value's tokens follow.
  CSimdjsonShim_Key = 6,
  CSimdjsonShim_ArrayStart = 7,
  CSimdjsonShim_ObjectStart = 8,
  /// Ends the innermost array or object.
  CSimdjsonShim_End = 9,
  /// A string with escapes: its unescaped bytes are at `offset` in the arena.
  CSimdjsonShim_StringCopy = 10,
  /// A key with escapes, unescaped in the arena.
  CSimdjsonShim_KeyCopy = 11,
  /// A string with a lone UTF-16 surrogate escape (`"\ud83d"`, half of an emoji cut in two),
  /// unescaped in the arena with U+FFFD in its place.
  CSimdjsonShim_StringReplaced = 12,
  /// A key with a lone UTF-16 surrogate escape, unescaped in the arena with U+FFFD in its place.
  CSimdjsonShim_KeyReplaced = 13,
} CSimdjsonShim_Kind;

/// One tape token (16 bytes).
typedef struct {
  CSimdjsonShim_Kind kind;
  /// The byte count of a string's or key's text.
  uint32_t length;
  union {
    /// Where a string's or key's text starts (in the input or the arena, by kind).
    uint64_t offset;
    int64_t integer;
    double number;
  };
} CSimdjsonShim_Token;

/// What a call produced.
typedef enum : int32_t {
  /// The tape holds a value (a whole document, or one row).
  CSimdjsonShim_Value = 0,
  /// No more rows: the document ended well.
  CSimdjsonShim_Done = 1,
  /// The document is not valid JSON: see CSimdjsonShim_error.
  CSimdjsonShim_Invalid = 2,
  /// The document is valid JSON but not a class file (`{"results": [...]}` or an array).
  CSimdjsonShim_NotRows = 3,
  /// The next row is longer than the reader's piece size: it was checked but is not read; the
  /// tape holds its length in bytes, as an Integer.
  CSimdjsonShim_TooLarge = 4,
} CSimdjsonShim_Status;

typedef struct CSimdjsonShim_Reader CSimdjsonShim_Reader;

/// Copies `length` bytes into a padded buffer (the caller may free its own at once); the first
/// read indexes them. Returns NULL only when memory runs out. Nesting deeper than `max_depth` is
/// reported as an error while reading. A document longer than `piece_bytes` (when not 0) with
/// an array or object at its root is checked, and its rows read, in pieces of about that many
/// bytes, so that simdjson's index stays small; a row longer than that is not read (TooLarge).
CSimdjsonShim_Reader *CSimdjsonShim_open(const uint8_t *bytes, size_t length, size_t max_depth,
                                         size_t piece_bytes);

/// Frees a reader and everything it owns.
void CSimdjsonShim_close(CSimdjsonShim_Reader *reader);

/// Puts the whole document on the tape.
CSimdjsonShim_Status CSimdjsonShim_readDocument(CSimdjsonShim_Reader *reader);

/// Reads the whole document to check it, keeping nothing: Value when it is valid JSON.
CSimdjsonShim_Status CSimdjsonShim_check(CSimdjsonShim_Reader *reader);

/// Puts the next row of a class file on the tape: the next element of a top-level array, or of
/// the `results` array of a top-level object (its other members are read and checked, then
/// dropped). Gives NotRows, with the document's kind on the tape, for another shape. The first
/// call checks the whole document, so an invalid one gives Invalid before any row.
CSimdjsonShim_Status CSimdjsonShim_nextRow(CSimdjsonShim_Reader *reader);

/// The tape's tokens and their count.
const CSimdjsonShim_Token *CSimdjsonShim_tokens(const CSimdjsonShim_Reader *reader, size_t *count);

/// The document's bytes (for locating errors) and their count.
const uint8_t *CSimdjsonShim_input(const CSimdjsonShim_Reader *reader, size_t *length);

/// The tape's text arena.
const uint8_t *CSimdjsonShim_arena(const CSimdjsonShim_Reader *reader);

/// Whether the class file's top-level object had a second `results` member (read, then dropped).
bool CSimdjsonShim_repeatedResults(const CSimdjsonShim_Reader *reader);

/// The last error: simdjson's message, and the byte offset it points at (-1 when unknown).
const char *CSimdjsonShim_error(const CSimdjsonShim_Reader *reader, int64_t *offset);

#ifdef __cplusplus
}
#endif

#endif
