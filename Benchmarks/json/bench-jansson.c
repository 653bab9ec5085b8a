/* Parses a JSON file with jansson (a full tree) and visits every value.
   Prints read and parse milliseconds and the counts.
   Build: cc -O2 bench-jansson.c $(pkg-config --cflags --libs jansson) */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static size_t values, strings, bytes;

static void visit(json_t *value) {
  values++;
  switch (json_typeof(value)) {
  case JSON_OBJECT: {
    const char *key;
    json_t *member;
    json_object_foreach(value, key, member) { visit(member); }
    break;
  }
  case JSON_ARRAY: {
    size_t index;
    json_t *element;
    json_array_foreach(value, index, element) { visit(element); }
    break;
  }
  case JSON_STRING:
    strings++;
    bytes += json_string_length(value);
    break;
  default:
    break;
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: bench-jansson FILE\n");
    return 64;
  }
  double start = now();
  FILE *file = fopen(argv[1], "rb");
  if (!file) { perror(argv[1]); return 1; }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *buffer = malloc(size);
  if (!buffer || fread(buffer, 1, size, file) != (size_t)size) { perror("read"); return 1; }
  fclose(file);
  double read = now();
  json_error_t error;
  json_t *root = json_loadb(buffer, size, JSON_REJECT_DUPLICATES, &error);
  if (root) visit(root);
  double parsed = now();
  printf("jansson %s: read %.0f ms, parse %.0f ms, %zu values, %zu strings, %zu bytes", argv[1],
         read - start, parsed - read, values, strings, bytes);
  if (!root) printf(", error at line %d column %d (byte %d): %s", error.line, error.column,
                    error.position, error.text);
  printf("\n");
  json_decref(root);
  free(buffer);
  return root ? 0 : 1;
}
