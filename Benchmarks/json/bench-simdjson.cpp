// Parses a JSON file with simdjson's On-Demand API and visits every value (strings unescaped,
// numbers converted), as the importer does. Prints read and parse milliseconds and the counts.
// Build: c++ -O2 -std=c++17 bench-simdjson.cpp $(pkg-config --cflags --libs simdjson)
#include <simdjson.h>

#include <chrono>
#include <cstdio>

using namespace simdjson;

struct Counts {
  size_t values = 0, strings = 0, bytes = 0;
};

static error_code visit(ondemand::value value, Counts &counts) {
  counts.values++;
  ondemand::json_type type;
  if (auto error = value.type().get(type)) return error;
  switch (type) {
  case ondemand::json_type::object: {
    ondemand::object object;
    if (auto error = value.get_object().get(object)) return error;
    for (auto field : object) {
      std::string_view key;
      if (auto error = field.unescaped_key().get(key)) return error;
      counts.bytes += key.size();
      ondemand::value member;
      if (auto error = field.value().get(member)) return error;
      if (auto error = visit(member, counts)) return error;
    }
    return SUCCESS;
  }
  case ondemand::json_type::array: {
    ondemand::array array;
    if (auto error = value.get_array().get(array)) return error;
    for (auto element : array) {
      ondemand::value item;
      if (auto error = element.get(item)) return error;
      if (auto error = visit(item, counts)) return error;
    }
    return SUCCESS;
  }
  case ondemand::json_type::string: {
    std::string_view text;
    if (auto error = value.get_string().get(text)) return error;
    counts.strings++;
    counts.bytes += text.size();
    return SUCCESS;
  }
  case ondemand::json_type::number: {
    std::string_view raw = value.raw_json_token();
    counts.bytes += raw.size();
    double number;
    return value.get_double().get(number);
  }
  case ondemand::json_type::boolean: {
    bool flag;
    return value.get_bool().get(flag);
  }
  case ondemand::json_type::null:
    return value.is_null().error();
  }
  return SUCCESS;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: bench-simdjson FILE\n");
    return 64;
  }
  auto start = std::chrono::steady_clock::now();
  padded_string json;
  if (auto error = padded_string::load(argv[1]).get(json)) {
    std::fprintf(stderr, "read: %s\n", error_message(error));
    return 1;
  }
  auto read = std::chrono::steady_clock::now();
  ondemand::parser parser;
  ondemand::document doc;
  Counts counts;
  error_code error = parser.iterate(json).get(doc);
  if (!error) {
    ondemand::value root;
    error = doc.get_value().get(root);
    if (!error) error = visit(root, counts);
    if (!error) { const char *at; if (doc.current_location().get(at) != OUT_OF_BOUNDS) error = TRAILING_CONTENT; }
  }
  auto parsed = std::chrono::steady_clock::now();
  using ms = std::chrono::duration<double, std::milli>;
  std::printf("simdjson %s: read %.0f ms, parse %.0f ms, %zu values, %zu strings, %zu bytes%s%s\n",
              argv[1], ms(read - start).count(), ms(parsed - read).count(), counts.values,
              counts.strings, counts.bytes, error ? ", error: " : "",
              error ? error_message(error) : "");
  return error ? 1 : 0;
}
