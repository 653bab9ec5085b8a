#!/usr/bin/env bash
# Render-step benchmark of two or more wallgen binaries, interleaved (run by hand, not in CI):
# for each round and each binary in turn, the four builds of run-scale-bench.sh (full into a new
# folder, no-op, re-render, theme edit), one line each: wall time, user and system CPU, peak
# RSS, the render and publish steps (from --json), pages/s of the render step, and the load
# average.
# Compare binaries within one run: the machine is shared.
# Usage: Benchmarks/run-page-bench.sh EXPORT WORKDIR ROUNDS LABEL=BINARY[,TEMPLATES] ...
#   EXPORT  e.g. made by: .build/release/scale-bench generate DIR --users 10000 \
#           --images 100000 --comments 300000
#   WORKDIR a fresh folder (mktemp -d); every run's site stays in it until the end (deleting
#           many files makes this machine's ext4 slow to create files for minutes after).
#   TEMPLATES the binary's own Templates folder (default: this checkout's), from which its
#           theme edit's wall.html is made: an older binary may lack a newer one's partials.
# REST=SECONDS in the environment: `sync`, then wait that long before each full build, so that
#   each one finds the disk as the first did (a journal-less ext4 creates files slowly for up
#   to 6 minutes after the theme edit before it freed the pages it replaced; 400 is enough).
set -euo pipefail
[ $# -ge 4 ] || { sed -n 2,16p "$0"; exit 2; }
rest=${REST:-0}
export_dir=$1 work=$2 rounds=$3
shift 3
default_templates="$(cd "$(dirname "$0")/.." && pwd)/Templates"

measure() { # label binary templates
  local label=$1 bin=$2 templates=$3 run_dir theme
  run_dir=$(mktemp -d "$work/run.XXXXXX")
  theme="$run_dir/theme-edit"
  mkdir -p "$theme/Templates"
  { cat "$templates/wall.html"; echo "<!-- edited theme -->"; } >"$theme/Templates/wall.html"
  for run in full no-op re-render theme; do
    local extra=()
    if [ "$run" = full ] && [ "$rest" -gt 0 ]; then sync; sleep "$rest"; fi
    [ "$run" = re-render ] && rm -f "$run_dir/.wallgen/site/last-build.json"
    [ "$run" = theme ] && extra=(--theme "$theme")
    /usr/bin/time -f "%e %U %S %M" -o "$run_dir/time" nice -n 19 \
      "$bin" build "$export_dir" -o "$run_dir/site" --quiet --json "${extra[@]}" \
      >"$run_dir/summary.json" 2>"$run_dir/problems.txt"
    python3 - "$label" "$run" "$run_dir/time" "$run_dir/summary.json" <<'PY'
import json, sys
label, run = sys.argv[1], sys.argv[2]
seconds, user, system, rss = (float(x) for x in open(sys.argv[3]).read().split()[-4:])
s = json.load(open(sys.argv[4]))
render, publish = s["steps"].get("render") or 0, s["steps"].get("publish") or 0
rate = s["pages"] / render if render else 0
load = open("/proc/loadavg").read().split()[0]
print(f"{label:8} {run:10} wall {seconds:7.2f} user {user:6.2f} sys {system:6.2f} "
      f"rss {rss / 1024:5.0f}M "
      f"render {render:6.2f} pps {rate:6.0f} publish {publish:5.2f} pages {s['pages']} "
      f"written {s['filesWritten']} load {load}", flush=True)
PY
  done
}

for round in $(seq "$rounds"); do
  for pair in "$@"; do
    binary=${pair#*=}
    templates=$default_templates
    case $binary in *,*) templates=${binary#*,} binary=${binary%%,*} ;; esac
    measure "${pair%%=*}" "$binary" "$templates"
  done
done
