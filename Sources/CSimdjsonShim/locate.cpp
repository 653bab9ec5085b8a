// Locating the faults that simdjson's first pass reports without a position, by scanning the
// bytes it has already rejected.
#include "reader.h"

namespace shim {

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

static bool isHex(uint8_t byte) {
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

}  // namespace shim
