#!/usr/bin/env bash
# Scale benchmark of `wallgen build` (run by hand, not in CI):
#   1. 10,000 users / 100,000 small images / 300,000 comments (synthetic, random friend graph)
#   2. the SNAP ego-Facebook graph (4039 users), 5 images each, 3 comments per image
# For each: a full build from scratch, then a no-op rebuild; prints wall time, pages/s,
# images/s and peak RSS (from /usr/bin/time). Usage: Benchmarks/run-scale-bench.sh [WORKDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-/tmp/wallgen-scale}
mkdir -p "$work"
swift build -c release --product wallgen >/dev/null
swift build -c release --product scale-bench >/dev/null
bin=.build/release

measure() { # name export
  local name=$1 export=$2 out="$work/$1-site"
  rm -rf "$out"
  for run in full no-op; do
    /usr/bin/time -f "%e %M" -o "$work/time" "$bin/wallgen" build "$export" -o "$out" --quiet --json >"$work/summary.json"
    read -r seconds rss_kb <"$work/time"
    python3 - "$name" "$run" "$seconds" "$rss_kb" "$work/summary.json" <<'PY'
import json, sys
name, run, seconds, rss, path = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
s = json.load(open(path))
images = s["imagesProcessed"] + s["imagesReused"] + s["imagesFailed"]
print(f"{name:10} {run:6} {seconds:8.2f} s  pages {s['pages']:7d} ({s['pages']/seconds:8.0f}/s)  "
      f"images {images:7d} processed {s['imagesProcessed']:7d} ({s['imagesProcessed']/seconds:7.0f}/s)  "
      f"written {s['filesWritten']:7d}  peak RSS {rss/1024:7.1f} MiB")
PY
  done
}

if [ ! -f "$work/big/_User.json" ]; then
  "$bin/scale-bench" generate "$work/big" --users 10000 --images 100000 --comments 300000
fi
snap=../shared/testdata/graphs/facebook_combined.txt
if [ -f "$snap" ] && [ ! -f "$work/snap/_User.json" ]; then
  "$bin/scale-bench" generate-snap "$work/snap" "$snap" --images-per-user 5
fi
echo "nproc $(nproc); $(swift --version 2>&1 | head -1)"
measure big "$work/big"
[ -f "$work/snap/_User.json" ] && measure snap "$work/snap"
