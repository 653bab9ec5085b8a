// Lone UTF-16 surrogate escapes, which simdjson 3.0.1 refuses: JavaScript's JSON.stringify writes
// one for each half of an emoji cut in two (`"\ud83d"`), so an export may hold them.
#include "reader.h"

namespace shim {

namespace {

/// The value of the four hex digits at `at`, or -1 when they are not four hex digits.
int32_t hex4(std::string_view text, size_t at) {
  if (at + 4 > text.size()) return -1;
  int32_t value = 0;
  for (size_t k = at; k < at + 4; k++) {
    char digit = text[k];
    int32_t nibble = digit >= '0' && digit <= '9'   ? digit - '0'
                     : digit >= 'a' && digit <= 'f' ? digit - 'a' + 10
                     : digit >= 'A' && digit <= 'F' ? digit - 'A' + 10
                                                    : -1;
    if (nibble < 0) return -1;
    value = value << 4 | nibble;
  }
  return value;
}

void appendUTF8(std::string &out, uint32_t scalar) {
  if (scalar < 0x80) {
    out.push_back(char(scalar));
  } else if (scalar < 0x800) {
    out.push_back(char(0xC0 | scalar >> 6));
    out.push_back(char(0x80 | (scalar & 0x3F)));
  } else if (scalar < 0x10000) {
    out.push_back(char(0xE0 | scalar >> 12));
    out.push_back(char(0x80 | (scalar >> 6 & 0x3F)));
    out.push_back(char(0x80 | (scalar & 0x3F)));
  } else {
    out.push_back(char(0xF0 | scalar >> 18));
    out.push_back(char(0x80 | (scalar >> 12 & 0x3F)));
    out.push_back(char(0x80 | (scalar >> 6 & 0x3F)));
    out.push_back(char(0x80 | (scalar & 0x3F)));
  }
}

bool isHigh(int32_t unit) { return unit >= 0xD800 && unit <= 0xDBFF; }
bool isLow(int32_t unit) { return unit >= 0xDC00 && unit <= 0xDFFF; }

}  // namespace

error_code unescapeReplacing(std::string_view body, std::string &out) {
  out.clear();
  out.reserve(body.size());
  size_t at = 0;
  while (at < body.size()) {
    char byte = body[at];
    if (byte != '\\') {
      out.push_back(byte);
      at++;
      continue;
    }
    if (at + 1 >= body.size()) return STRING_ERROR;
    char escape = body[at + 1];
    at += 2;
    switch (escape) {
    case '"': out.push_back('"'); break;
    case '\\': out.push_back('\\'); break;
    case '/': out.push_back('/'); break;
    case 'b': out.push_back('\b'); break;
    case 'f': out.push_back('\f'); break;
    case 'n': out.push_back('\n'); break;
    case 'r': out.push_back('\r'); break;
    case 't': out.push_back('\t'); break;
    case 'u': {
      int32_t unit = hex4(body, at);
      if (unit < 0) return STRING_ERROR;
      at += 4;
      uint32_t scalar = uint32_t(unit);
      if (isHigh(unit)) {
        int32_t low = at + 1 < body.size() && body[at] == '\\' && body[at + 1] == 'u'
                          ? hex4(body, at + 2)
                          : -1;
        if (isLow(low)) {
          scalar = 0x10000 + (uint32_t(unit - 0xD800) << 10) + uint32_t(low - 0xDC00);
          at += 6;
        } else {
          scalar = 0xFFFD;
        }
      } else if (isLow(unit)) {
        scalar = 0xFFFD;
      }
      appendUTF8(out, scalar);
      break;
    }
    default:
      return STRING_ERROR;
    }
  }
  return SUCCESS;
}

std::string_view keyBody(const char *start) {
  const char *end = start;
  while (*end != '"') end += *end == '\\' ? 2 : 1;
  return std::string_view(start, size_t(end - start));
}

}  // namespace shim
