#!/usr/bin/env bash
# Engine benchmark (run by hand, never by swift test): two wallgen builds, A and B, each a
# binary and an engine, on the 10,000-user scale export (10,000 users / 100,000 images /
# 300,000 comments), in interleaved rounds. Each round, for A then B (B then A in even rounds):
#   full    wallgen build EXPORT -o NEW_FOLDER --engine E    (a new site)
#   no-op   the same again                                   (nothing to do)
#   theme   the same with --theme T, whose wall template differs (every wall rendered again)
# each under /usr/bin/time, then checks that the two sites are byte-identical. Prints every
# run, then per kind the medians of wall time and CPU (user + system) and B's ratio to A.
# Issue 43 asks the plan engine for each within 1.10× of the in-memory engine.
# Usage: Benchmarks/run-engine-bench.sh A_BIN A_ENGINE B_BIN B_ENGINE [WORKDIR] [ROUNDS]
#   e.g. run-engine-bench.sh .build/release/wallgen memory .build/release/wallgen plan
#        run-engine-bench.sh /tmp/old/wallgen plan .build/release/wallgen plan
#   WORKDIR   default /tmp/wallgen-engine-bench; the export is made once in WORKDIR/big
#             (or taken from WALLGEN_SCALE_EXPORT); sites go to WORKDIR/runs/DATE and are
#             deleted at the end of the run, not first (creating files soon after deleting many
#             costs this machine's ext4 kernel time: docs/performance.md); on tmpfs, where
#             they take memory, each round's are deleted once compared
#   ROUNDS    default 3
# The whole run holds /tmp/wallgen-build.lock, so that no other build shares the cores.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 4 ] || {
  sed -n 2,17p "$0" >&2
  exit 64
}
a_bin=$(realpath "$1") a_engine=$2 b_bin=$(realpath "$3") b_engine=$4
work=${5:-/tmp/wallgen-engine-bench}
rounds=${6:-3}
mkdir -p "$work"
exec 9>/tmp/wallgen-build.lock
echo "waiting for /tmp/wallgen-build.lock ..." >&2
flock 9
swift build -c release --product scale-bench >/dev/null
export_path=${WALLGEN_SCALE_EXPORT:-$work/big}
if [ ! -f "$export_path/_User.json" ]; then
  .build/release/scale-bench generate "$export_path" --users 10000 --images 100000 --comments 300000
fi
theme="$work/theme"
mkdir -p "$theme/Templates"
sed 's/<div class="feed">/<div class="feed" data-theme="bench">/' Templates/wall.html \
  >"$theme/Templates/wall.html"
cmp -s Templates/wall.html "$theme/Templates/wall.html" && {
  echo "the bench theme does not differ from Templates/wall.html" >&2
  exit 1
}
run_dir="$work/runs/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$run_dir"
results="$run_dir/results.tsv"
: >"$results"
echo "nproc $(nproc); A: $a_bin --engine $a_engine; B: $b_bin --engine $b_engine; export $export_path"

measure() { # side kind round site extra...
  local side=$1 kind=$2 round=$3 site=$4
  shift 4
  local bin engine
  if [ "$side" = A ]; then bin=$a_bin engine=$a_engine; else bin=$b_bin engine=$b_engine; fi
  /usr/bin/time -f "%e %M %U %S" -o "$run_dir/time" "$bin" build "$export_path" -o "$site" \
    --engine "$engine" --jobs 2 -q "$@" >"$run_dir/$side-$kind-$round.out" 2>&1 || {
    echo "$side $kind round $round failed:" >&2
    tail -5 "$run_dir/$side-$kind-$round.out" >&2
    exit 1
  }
  read -r seconds rss_kb user sys <"$run_dir/time"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$side" "$kind" "$round" "$seconds" "$user" "$sys" \
    "$rss_kb" >>"$results"
  printf '%s %-5s round %s  %7.2f s  user %7.2f s  sys %6.2f s  peak RSS %7.1f MiB\n' \
    "$side" "$kind" "$round" "$seconds" "$user" "$sys" \
    "$(awk -v k="$rss_kb" 'BEGIN { print k / 1024 }')"
}

for round in $(seq 1 "$rounds"); do
  order="A B"
  [ $((round % 2)) -eq 0 ] && order="B A"
  for side in $order; do
    site="$run_dir/site-$side-$round"
    measure "$side" full "$round" "$site"
    measure "$side" noop "$round" "$site"
    measure "$side" theme "$round" "$site" --theme "$theme"
  done
  if diff -rq "$run_dir/site-A-$round" "$run_dir/site-B-$round" >"$run_dir/diff-$round"; then
    echo "round $round: the two sites are identical ($(find "$run_dir/site-A-$round" -type f | wc -l) files)"
  else
    echo "round $round: the sites differ ($(wc -l <"$run_dir/diff-$round") lines in $run_dir/diff-$round)"
  fi
  # On tmpfs the sites are memory (about 3.4 GB each): three rounds' filled this machine's
  # 24 GB and the OOM killer stopped a build. There a round's sites go once compared.
  if [ "$(stat -f -c %T "$run_dir")" = tmpfs ]; then
    rm -rf "$run_dir/site-A-$round" "$run_dir/site-B-$round" \
      "$run_dir/.wallgen/site-A-$round" "$run_dir/.wallgen/site-B-$round"
  fi
done

echo
echo "medians of $rounds rounds (B / A):"
awk -F'\t' '
  { wall[$1 FS $2] = wall[$1 FS $2] " " $4; cpu[$1 FS $2] = cpu[$1 FS $2] " " ($5 + $6) }
  function median(list,   n, v, i, j, t) {
    n = split(list, v, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  END {
    split("full noop theme", kinds, " ")
    for (k = 1; k <= 3; k++) {
      kind = kinds[k]
      aw = median(wall["A" FS kind]); bw = median(wall["B" FS kind])
      ac = median(cpu["A" FS kind]); bc = median(cpu["B" FS kind])
      printf "%-5s  wall A %7.2f s  B %7.2f s  %5.2fx   CPU A %7.2f s  B %7.2f s  %5.2fx\n", kind, aw, bw, bw / aw, ac, bc, bc / ac
    }
  }' "$results"
echo "results: $results"
rm -rf "$run_dir"/site-* "$run_dir/.wallgen"
