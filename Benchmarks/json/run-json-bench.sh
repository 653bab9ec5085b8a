#!/usr/bin/env bash
# JSON parser benchmark (run by hand; not part of the product): simdjson On-Demand and jansson
# each read a ~128 MB class file and a ~32 MB manifest and visit every value; then wallgen's
# JSONReader (compiled here with its shim) reads the class file's rows. Prints each program's
# times, then peak RSS and CPU from /usr/bin/time. (The former Swift parser's figures in
# docs/architecture.md came from the same kind of program over JSONParser.swift, now deleted.)
# Needs libjansson-dev (for this comparison only; wallgen does not link jansson).
# Usage: Benchmarks/json/run-json-bench.sh [WORKDIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:-/tmp/wallgen-json-bench}
mkdir -p "$work"
[ -f "$work/comments.json" ] || python3 "$here/make-fixtures.py" "$work"
c++ -O2 -std=c++17 -o "$work/bench-simdjson" "$here/bench-simdjson.cpp" \
  $(pkg-config --cflags --libs simdjson)
cc -O2 -o "$work/bench-jansson" "$here/bench-jansson.c" $(pkg-config --cflags --libs jansson)
root=$(cd "$here/../.." && pwd)
c++ -O2 -std=c++17 -DSIMDJSON_EXCEPTIONS=0 -I "$root/Sources/CSimdjsonShim/include" -c \
  -o "$work/shim.o" "$root/Sources/CSimdjsonShim/shim.cpp"
mkdir -p "$work/include"
cp "$root/Sources/CSimdjsonShim/include/CSimdjsonShim.h" "$work/include/"
printf 'module CSimdjsonShim {\n  header "CSimdjsonShim.h"\n  export *\n}\n' \
  >"$work/include/module.modulemap"
swiftc -O -I "$work/include" -o "$work/bench-rows" "$here/rows/main.swift" \
  "$root"/Sources/WallJSON/{JSONReader,JSONValue,JSONSyntaxError,JSONRepeatedKey}.swift \
  "$work/shim.o" $(pkg-config --libs simdjson) -lstdc++
for file in comments manifest; do
  for program in bench-simdjson bench-jansson; do
    /usr/bin/time -f "  peak RSS %M KB, wall %e s, user %U s, sys %S s" \
      "$work/$program" "$work/$file.json"
  done
done
/usr/bin/time -f "  peak RSS %M KB, wall %e s, user %U s, sys %S s" \
  "$work/bench-rows" "$work/comments.json"
