#!/usr/bin/env bash
# Scale benchmark of `wallgen build` (run by hand, not in CI):
#   1. 10,000 users / 100,000 small images / 300,000 comments (synthetic, random friend graph)
#   2. the SNAP ego-Facebook graph (4039 users), 5 images each, 3 comments per image
# For each, four builds in a row:
#   full      from scratch, into a new folder under WORKDIR/runs/ (earlier runs' outputs are
#             deleted only at the end: on an ext4 file system without a journal, as on this
#             project's machine, creating files within minutes of deleting many costs a lot of
#             kernel time, which would be charged to the build)
#   no-op     nothing changed
#   re-render every page rendered again and compared with the file on disk, none written
#             (the no-op record is removed, as when an edit touches every wall)
#   theme     a theme whose wall template differs by one comment: every wall page rendered and
#             rewritten, no image decoded
# Each line gives wall time, user and system CPU, peak RSS (from /usr/bin/time), the render
# step's time and pages/s (from `--json`), and images/s.
# Usage: Benchmarks/run-scale-bench.sh [WORKDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-/tmp/wallgen-scale}
mkdir -p "$work"
swift build -c release --product wallgen >/dev/null
swift build -c release --product scale-bench >/dev/null
bin=.build/release

theme="$work/theme-edit"
mkdir -p "$theme/Templates"
{ cat Templates/wall.html; echo "<!-- edited theme -->"; } >"$theme/Templates/wall.html"

runs="$work/runs"
run_dir="$runs/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$run_dir"

measure() { # name export
  local name=$1 export=$2 out="$run_dir/$1-site"
  for run in full no-op re-render theme; do
    local extra=()
    [ "$run" = re-render ] && rm -f "$run_dir/.wallgen/$1-site/last-build.json"
    [ "$run" = theme ] && extra=(--theme "$theme")
    /usr/bin/time -f "%e %M %U %S" -o "$work/time" \
      "$bin/wallgen" build "$export" -o "$out" --quiet --json "${extra[@]}" \
      >"$work/summary.json" 2>"$work/problems.txt"
    read -r seconds rss_kb user sys <"$work/time"
    python3 - "$name" "$run" "$seconds" "$rss_kb" "$user" "$sys" "$work/summary.json" <<'PY'
import json, sys
name, run = sys.argv[1], sys.argv[2]
seconds, rss, user, sys_cpu = float(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])
s = json.load(open(sys.argv[7]))
render = s["steps"].get("render")
rate = f"{s['pages'] / render:6.0f} pages/s" if render else "   (not run)  "
media = s["steps"].get("media")
images = s["imagesProcessed"] / media if media and s["imagesProcessed"] else 0
print(f"{name:5} {run:10} {seconds:7.2f} s (user {user:6.1f} s, sys {sys_cpu:5.1f} s) "
      f"render {render or 0:6.2f} s {rate}  pages {s['pages']:6d} written {s['filesWritten']:6d}  "
      f"decoded {s['imagesProcessed']:6d} ({images:4.0f}/s)  peak RSS {rss / 1024:6.1f} MiB")
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
find "$runs" -mindepth 1 -maxdepth 1 ! -path "$run_dir" -exec rm -rf {} +
