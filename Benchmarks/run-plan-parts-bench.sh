#!/usr/bin/env bash
# What a plan made in parts costs on three exports of one size (run by hand, not in CI):
#   clean    scale-bench generate --degree skewed
#   faulty   the same with --faulty: about 1 row in 1,000 of users, images and comments is
#            faulty (a stray row without an objectId, a missing file, a date that is no date,
#            a comment on a missing image, a friendship listed by one side only)
#   mongo    the clean export as Parse Server's mongoexport writes it (documents per line)
# For each: `wallgen plan --part K/4` for K = 0..3 one after the other, `--merge 4`, and, for
# comparison, the whole import (`wallgen plan EXPORT -o PLAN`, what the merge falls back to).
# Each line: wall seconds and peak RSS (from /usr/bin/time), and whether the merge imported
# the export whole.
# Usage: Benchmarks/run-plan-parts-bench.sh [USERS] [WORKDIR]   (WORKDIR: a new mktemp -d)
set -euo pipefail
cd "$(dirname "$0")/.."
users=${1:-50000}
work=${2:-$(mktemp -d)}
swift build -c release --product wallgen >/dev/null
swift build -c release --product scale-bench >/dev/null
bin=$PWD/.build/release
echo "commit $(git rev-parse --short HEAD), $users users, in $work"

"$bin/scale-bench" generate "$work/clean" --users "$users" --degree skewed >/dev/null
"$bin/scale-bench" generate "$work/faulty" --users "$users" --degree skewed --faulty >/dev/null
"$bin/scale-bench" parse-server "$work/clean" "$work/mongo" >/dev/null

timed() { # label command...
  local label=$1
  shift
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >"$work/out" 2>&1 || {
    echo "$label failed:"
    cat "$work/out"
    exit 1
  }
  read -r seconds kib <"$work/time"
  printf '  %-12s %7.1f s %7.1f MiB\n' "$label" "$seconds" "$(echo "$kib / 1024" | bc -l)"
}

for name in clean faulty mongo; do
  export_dir="$work/$name"
  plan="$work/$name.plan"
  echo "$name:"
  for part in 0 1 2 3; do
    timed "part $part/4" "$bin/wallgen" plan "$export_dir" --part "$part/4" -o "$plan" --jobs 2
  done
  timed "merge 4" "$bin/wallgen" plan "$export_dir" --merge 4 -o "$plan"
  if grep -q "imported the export whole" "$work/out"; then
    echo "  (the merge imported the export whole: $(grep 'imported the export whole' "$work/out"))"
  fi
  grep -E "^planned" "$work/out" | sed 's/^/  /'
  timed "whole" "$bin/wallgen" plan "$export_dir" -o "$work/$name.whole.plan" --jobs 2
done
