#!/usr/bin/env bash
# Shard benchmark (run by hand, never by swift test): the 10,000-user scale export (the one of
# run-scale-bench.sh: 10,000 users / 100,000 images / 300,000 comments) built
#   1. as one process:  wallgen build EXPORT -o one
#   2. sharded:         wallgen plan EXPORT -o PLAN; wallgen build --plan PLAN --shard K/4 for
#                       K = 0..3, one after the other; wallgen build --plan PLAN --finalize
# each from scratch, every command under /usr/bin/time. Prints wall time, user and system CPU
# and peak RSS of each, then the two goals of issue 14:
#   total CPU of the 4 shards within 15 % of the one build's
#   peak RSS of one shard at most 40 % of the one build's
# (plan and finalize are shown beside them, and in the sums with them), then a shard run again
# with nothing to do, and checks that the two sites are byte-identical.
# Every command runs with --jobs J (default 2, the cores of this project's machine; the one
# build's default too), so that CPU is compared at the same parallelism.
# The whole run holds /tmp/wallgen-build.lock, so that no other build shares the cores.
# Usage: [WALLGEN_SHARDS=N] Benchmarks/run-shard-bench.sh [WORKDIR] [J]   (N shards, default 4;
#   N = 1 is what `wallgen build` on the plan engine would do in one process)
#   WORKDIR   default /tmp/wallgen-shard-bench; the export is made once in WORKDIR/big
#             (or taken from WALLGEN_SCALE_EXPORT, e.g. /tmp/wallgen-scale/big)
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-/tmp/wallgen-shard-bench}
jobs=${2:-2}
shards=${WALLGEN_SHARDS:-4}
mkdir -p "$work"
exec 9>/tmp/wallgen-build.lock
echo "waiting for /tmp/wallgen-build.lock ..." >&2
flock 9
swift build -c release --product wallgen >/dev/null
swift build -c release --product scale-bench >/dev/null
bin=$PWD/.build/release

export_path=${WALLGEN_SCALE_EXPORT:-$work/big}
if [ ! -f "$export_path/_User.json" ]; then
  "$bin/scale-bench" generate "$export_path" --users 10000 --images 100000 --comments 300000
fi

# Outputs of earlier runs are deleted at the end, not first (see run-scale-bench.sh: on this
# machine's ext4 without a journal, creating files soon after deleting many costs kernel time).
runs="$work/runs"
run_dir="$runs/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$run_dir"
results="$run_dir/results.tsv"
: >"$results"

measure() { # name command...
  local name=$1
  shift
  /usr/bin/time -f "%e %M %U %S" -o "$run_dir/time" "$@" >"$run_dir/$name.out" 2>"$run_dir/$name.err" || {
    echo "$name failed:" >&2
    tail -5 "$run_dir/$name.err" >&2
    exit 1
  }
  read -r seconds rss_kb user sys <"$run_dir/time"
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$seconds" "$rss_kb" "$user" "$sys" >>"$results"
  printf '%-10s %7.2f s  user %7.2f s  sys %6.2f s  peak RSS %7.1f MiB\n' \
    "$name" "$seconds" "$user" "$sys" "$(awk -v k="$rss_kb" 'BEGIN { print k / 1024 }')"
}

echo "nproc $(nproc); $(swift --version 2>&1 | head -1); --jobs $jobs; export $export_path"
measure one "$bin/wallgen" build "$export_path" -o "$run_dir/one" --quiet --jobs "$jobs"
measure plan "$bin/wallgen" plan "$export_path" -o "$run_dir/plan"
for ((k = 0; k < shards; k++)); do
  measure "shard$k" "$bin/wallgen" build --plan "$run_dir/plan" --shard "$k/$shards" \
    -o "$run_dir/site" --quiet --jobs "$jobs"
done
measure finalize "$bin/wallgen" build --plan "$run_dir/plan" --finalize -o "$run_dir/site" \
  --quiet --jobs "$jobs"
measure rerun0 "$bin/wallgen" build --plan "$run_dir/plan" --shard "0/$shards" \
  -o "$run_dir/site" --quiet --jobs "$jobs"

if diff -r -q "$run_dir/one" "$run_dir/site" >"$run_dir/diff.txt"; then
  echo "sites: byte-identical ($(find "$run_dir/site" -type f | wc -l) files)"
else
  echo "sites DIFFER: $(wc -l <"$run_dir/diff.txt") entries, e.g.:"
  head -5 "$run_dir/diff.txt"
fi

python3 - "$results" "$shards" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    name, seconds, rss, user, system = line.split("\t")
    rows[name] = dict(wall=float(seconds), rss=int(rss), cpu=float(user) + float(system))
n = int(sys.argv[2])
one = rows["one"]
shards = [rows[f"shard{k}"] for k in range(n)]
shard_cpu = sum(s["cpu"] for s in shards)
all_cpu = shard_cpu + rows["plan"]["cpu"] + rows["finalize"]["cpu"]
peak = max(s["rss"] for s in shards)
print(f"CPU  one build {one['cpu']:.1f} s; {n} shards {shard_cpu:.1f} s = "
      f"{shard_cpu / one['cpu']:.3f}x (goal <= 1.15); with plan and finalize {all_cpu:.1f} s = "
      f"{all_cpu / one['cpu']:.3f}x")
print(f"RSS  one build {one['rss'] / 1024:.1f} MiB; largest shard {peak / 1024:.1f} MiB = "
      f"{peak / one['rss']:.3f}x (goal <= 0.40); plan {rows['plan']['rss'] / 1024:.1f} MiB, "
      f"finalize {rows['finalize']['rss'] / 1024:.1f} MiB")
wall = sum(s["wall"] for s in shards)
print(f"wall one build {one['wall']:.1f} s; plan {rows['plan']['wall']:.1f} s + {n} shards "
      f"{wall:.1f} s (one after the other; {max(s['wall'] for s in shards):.1f} s the slowest) "
      f"+ finalize {rows['finalize']['wall']:.1f} s; a shard run again: {rows['rerun0']['wall']:.2f} s")
total = rows["plan"]["wall"] + wall + rows["finalize"]["wall"]
print(f"wall plan + {n} shards + finalize {total:.1f} s = {total / one['wall']:.2f}x the one build")
PY
du -sb "$run_dir/site/media" "$run_dir/site/walls" "$run_dir/plan" 2>/dev/null || true
find "$runs" -mindepth 1 -maxdepth 1 ! -path "$run_dir" -exec rm -rf {} +
