#!/usr/bin/env bash
# Builds the libFuzzer harnesses (docs/fuzzing.md) and runs them one after the other.
#
#   scripts/fuzz.sh [TARGET|all] [RUNS|-max_total_time=S|LIBFUZZER-OPTION...]
#
# TARGET is json, zip, importer, image or http (default all). A plain number is a number of runs
# (-runs=N, default 2000: the smoke run of `make fuzz-smoke` and CI); anything else is passed to
# libFuzzer as is, e.g. `scripts/fuzz.sh image -max_total_time=1200`.
#
# The build goes to its own scratch path, .build-fuzz, so the normal .build is untouched: Swift
# with ASan and libFuzzer's coverage, C and C++ shims with -fsanitize=fuzzer-no-link,address,
# and libFuzzer's driver without its main (wallgen-fuzz has its own and calls the driver).
# Corpus: .build-fuzz/corpus/<target> (kept between runs; new inputs go there), plus the
# committed seeds Fuzz/Seeds/<target>, plus, when ../shared/testdata is there, its PNG, JPEG
# and Parse export files copied into a temporary folder (never into the repository).
# A crash stops the run and leaves its input in .build-fuzz/findings/<target>/; replay it with
# `swift run wallgen-fuzz <target> FILE` after a fix, and keep it as a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

targets=(json zip importer image http)
choice=${1:-all}
shift || true
options=()
if [[ $# -eq 0 ]]; then
  options=(-runs=2000)
elif [[ $1 =~ ^[0-9]+$ ]]; then
  options=(-runs="$1")
  shift
fi
options+=("$@")
case $choice in
  all) ;;
  json | zip | importer | image | http) targets=("$choice") ;;
  *)
    echo "usage: scripts/fuzz.sh [json|zip|importer|image|http|all] [RUNS|LIBFUZZER-OPTION...]" >&2
    exit 64
    ;;
esac

# The build lock other builds on this machine hold (a no-op where flock or the lock is absent).
lock=()
if command -v flock > /dev/null; then lock=(flock "${WALLGEN_BUILD_LOCK:-/tmp/wallgen-build.lock}"); fi

resources=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib
driver=$(find "$resources" -name 'libclang_rt.fuzzer_no_main-x86_64.a' -print -quit 2> /dev/null || true)
if [[ -z $driver ]]; then
  echo "fuzz.sh: libclang_rt.fuzzer_no_main-x86_64.a not found under $resources" >&2
  exit 1
fi
sanitize=fuzzer-no-link,address
"${lock[@]}" swift build --scratch-path .build-fuzz -c debug --product wallgen-fuzz \
  -Xswiftc -sanitize=address \
  -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
  -Xswiftc -DFUZZING \
  -Xcc -fsanitize=$sanitize -Xcxx -fsanitize=$sanitize \
  -Xlinker "$driver"
binary=$root/.build-fuzz/debug/wallgen-fuzz

scratch=$(mktemp -d "${TMPDIR:-/tmp}/wallgen-fuzz-corpus.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
testdata=$root/../shared/testdata

# Copies the files given on stdin (at most 100 kB each) into the folder $1.
copy_small() {
  mkdir -p "$1"
  while IFS= read -r file; do
    if [[ $(stat -c %s "$file") -le 100000 ]]; then
      cp "$file" "$1/$(echo "$file" | sed 's|[/:]|_|g')"
    fi
  done
}

# Writes an importer input (ImporterHarness: NUL-separated pieces) made from an export folder.
importer_input() {
  local folder=$1 name
  for name in _User WallImage WallImageComment _Join:friends:_User _Role _Join:users:_Role \
    _Join:roles:_Role WallImageObject; do
    if [[ -f $folder/$name.json ]]; then cat "$folder/$name.json"; fi
    printf '\0'
  done
}

shared_seeds() {
  local target=$1 out=$scratch/$1
  [[ -d $testdata ]] || return 0
  case $target in
    json) find "$testdata/parse" -name '*.json' | copy_small "$out" ;;
    zip) find "$testdata/parse" -name '*.zip' | copy_small "$out" ;;
    image) find "$testdata/pngsuite" "$testdata/jpeg" -name '*.png' -o -name '*.jpg' | copy_small "$out" ;;
    importer)
      mkdir -p "$out"
      for folder in "$testdata"/parse/*/; do
        importer_input "$folder" > "$out/$(basename "$folder").bin"
      done
      ;;
    http) ;;
  esac
  return 0
}

for target in "${targets[@]}"; do
  corpus=$root/.build-fuzz/corpus/$target
  findings=$root/.build-fuzz/findings/$target
  mkdir -p "$corpus" "$findings" "$scratch/$target"
  shared_seeds "$target"
  echo "== $target: ${options[*]}"
  start=$(date +%s)
  WALLGEN_FUZZ_TARGET=$target "$binary" -timeout=20 -rss_limit_mb=2560 \
    -max_len=100000 -print_final_stats=1 -artifact_prefix="$findings/" \
    "${options[@]}" "$corpus" "$root/Fuzz/Seeds/$target" "$scratch/$target"
  echo "== $target: done in $(($(date +%s) - start)) s"
done
