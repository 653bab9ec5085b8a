#!/usr/bin/env bash
# JSON parser benchmark (run by hand; not part of the product): simdjson On-Demand, jansson and
# wallgen's former Swift parser each read a ~128 MB class file and a ~32 MB manifest and visit
# every value. Prints each program's read/parse times, then peak RSS and CPU from /usr/bin/time.
# Usage: Benchmarks/json/run-json-bench.sh [WORKDIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:-/tmp/wallgen-json-bench}
mkdir -p "$work"
[ -f "$work/comments.json" ] || python3 "$here/make-fixtures.py" "$work"
c++ -O2 -std=c++17 -o "$work/bench-simdjson" "$here/bench-simdjson.cpp" \
  $(pkg-config --cflags --libs simdjson)
cc -O2 -o "$work/bench-jansson" "$here/bench-jansson.c" $(pkg-config --cflags --libs jansson)
for file in comments manifest; do
  for program in bench-simdjson bench-jansson; do
    /usr/bin/time -f "  peak RSS %M KB, wall %e s, user %U s, sys %S s" \
      "$work/$program" "$work/$file.json"
  done
done
