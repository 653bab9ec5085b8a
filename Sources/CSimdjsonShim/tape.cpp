// Writing simdjson On-Demand values to the reader's tape.
#include "reader.h"

namespace shim {

void push(CSimdjsonShim_Reader &reader, CSimdjsonShim_Kind kind) {
  if (reader.checking) return;
  CSimdjsonShim_Token token{};
  token.kind = kind;
  reader.tokens.push_back(token);
}

namespace {

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

/// Puts text that simdjson refused for a lone surrogate escape, with U+FFFD in its place.
error_code putReplacing(CSimdjsonShim_Reader &reader, CSimdjsonShim_Kind kind,
                        std::string_view body) {
  std::string text;
  if (auto error = unescapeReplacing(body, text)) return error;
  pushCopy(reader, kind, text);
  return SUCCESS;
}

/// A string without escapes is taken from the input where it lies (UTF-8 was checked when the
/// document was indexed); one with escapes is unescaped by simdjson and copied, or, when
/// simdjson refuses it, by `unescapeReplacing`.
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
  error_code error = value.get_string().get(text);
  if (error == STRING_ERROR && raw.size() >= 2 && raw.front() == '"' && raw.back() == '"') {
    return putReplacing(reader, CSimdjsonShim_StringReplaced, raw.substr(1, raw.size() - 2));
  }
  if (error) return error;
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
      error_code error = field.unescaped_key().get(key);
      if (error == STRING_ERROR) {
        error = putReplacing(reader, CSimdjsonShim_KeyReplaced, keyBody(start));
      } else if (!error) {
        pushCopy(reader, CSimdjsonShim_KeyCopy, key);
      }
      if (error) return error;
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

}  // namespace

error_code putDocument(CSimdjsonShim_Reader &reader) { return put(reader, reader.document); }

error_code putValue(CSimdjsonShim_Reader &reader, ondemand::value &value) {
  return put(reader, value);
}

}  // namespace shim
