#!/usr/bin/env bash
# WebP's gain and cost (issue 15, item 6), on the 80-photo corpus of ../shared/bench/make-corpus.sh
# and on the demo export:
#   time   ROUNDS rounds, each for 1 and 2 jobs: `wallgen build --no-webp`, `wallgen build --webp`
#          and `sigal build` (the config of run-site-bench.sh) of the JPEG corpus, one after the
#          other; medians of the wall-clock seconds (date +%s.%N around each process) and of
#          the CPU seconds (user + system, /usr/bin/time), which other load disturbs less;
#   bytes  Benchmarks/webp/first_screen.py on both sites of the corpus and of the demo: what
#          headless Chromium downloads for the first screen of each wall at 1280x800 and 390x844,
#          DPR 1 and 2, JPEG-only against WebP; and the total bytes of each width's variants.
#
#   Benchmarks/run-webp-bench.sh [CORPUS_DIR] [ROUNDS]    (defaults: $TMPDIR/media-bench-corpus, 3)
#
# Uses what run-site-bench.sh sets up under $BENCH_HOME (default $TMPDIR/site-bench): the corpus
# and sigal's virtual environment; run that once first. wallgen is the release build
# ($WALLGEN, default .build/release/wallgen; build it first with `swift build -c release`).
# With BUILD_LOCK=/path the whole timing holds that flock, so no build runs meanwhile.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CORPUS=${1:-${TMPDIR:-/tmp}/media-bench-corpus}
ROUNDS=${2:-3}
BENCH_HOME=${BENCH_HOME:-${TMPDIR:-/tmp}/site-bench}
WALLGEN=${WALLGEN:-$ROOT/.build/release/wallgen}
VENV=$BENCH_HOME/sigal-venv
[[ -s $CORPUS/SHA256SUMS ]] || { echo "no corpus at $CORPUS: run Benchmarks/run-site-bench.sh first" >&2; exit 1; }
[[ -x $VENV/bin/sigal ]] || { echo "no sigal in $VENV: run Benchmarks/run-site-bench.sh first" >&2; exit 1; }
[[ -x $WALLGEN ]] || { echo "no wallgen at $WALLGEN: swift build -c release" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/webp-bench.XXXXXX"); trap 'rm -rf "$WORK"' EXIT
EXPORT=$WORK/export
"$ROOT/Benchmarks/make-photo-export.sh" "$CORPUS/jpeg" "$EXPORT"
COUNT=$(find "$CORPUS/jpeg" -type f | wc -l)
CONF=$WORK/sigal.conf.py
cat > "$CONF" <<'PY'
img_size = (1280, 1280)
thumb_size = (320, 320)
thumb_fit = False
keep_orig = True
jpg_options = {'quality': 82, 'optimize': True, 'progressive': True}
PY

RESULTS=$WORK/times.tsv
timed() {  # timed ROUND JOBS TOOL COMMAND...
  local round=$1 jobs=$2 tool=$3; shift 3
  local begin end seconds cpu
  begin=$(date +%s.%N)
  /usr/bin/time -f '%U %S' -o "$WORK/time" "$@" > "$WORK/stdout" 2> "$WORK/stderr" ||
    { echo "$tool failed:" >&2; cat "$WORK/stderr" >&2; exit 1; }
  end=$(date +%s.%N)
  seconds=$(echo "$end - $begin" | bc)
  cpu=$(tail -1 "$WORK/time" | awk '{print $1 + $2}')
  printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$jobs" "$tool" "$seconds" "$cpu" >> "$RESULTS"
  printf 'round %s jobs=%s %-15s %6.2f s  (CPU %6.2f s)\n' "$round" "$jobs" "$tool" "$seconds" "$cpu" >&2
}

if [[ -n ${BUILD_LOCK:-} ]]; then exec 9>"$BUILD_LOCK"; flock 9; fi
for ((round = 1; round <= ROUNDS; round++)); do
  for jobs in 1 2; do
    for mode in no-webp webp; do
      rm -rf "$WORK/site-$mode" "$WORK/.wallgen"
      timed "$round" "$jobs" "wallgen-$mode" \
        "$WALLGEN" build "$EXPORT" -o "$WORK/site-$mode" --jobs "$jobs" "--$mode" --quiet --json
      grep -q "\"imagesProcessed\":$COUNT" "$WORK/stdout" ||
        grep -q "\"imagesProcessed\" *: *$COUNT" "$WORK/stdout" ||
        { echo "wallgen did not process $COUNT photos: $(cat "$WORK/stdout")" >&2; exit 1; }
    done
    rm -rf "$WORK/sigal"
    timed "$round" "$jobs" sigal "$VENV/bin/sigal" build -q -n "$jobs" -c "$CONF" "$CORPUS/jpeg" "$WORK/sigal"
  done
done
[[ -n ${BUILD_LOCK:-} ]] && flock -u 9

python3 - "$RESULTS" "$ROUNDS" "$COUNT" <<'PY'
import statistics, sys
rows = [line.rstrip('\n').split('\t') for line in open(sys.argv[1])]
cell = {}
for _, jobs, tool, seconds, cpu in rows:
    cell.setdefault((int(jobs), tool), []).append((float(seconds), float(cpu)))
print(f"build time, {sys.argv[3]} JPEG photos, median of {sys.argv[2]} round(s), seconds")
print()
for index, name in ((0, 'wall-clock'), (1, 'CPU (user + system)')):
    print(f'{name} seconds')
    print()
    print('| jobs | --no-webp | --webp | WebP adds | sigal | --no-webp / sigal | --webp / sigal |')
    print('|---:|---:|---:|---:|---:|---:|---:|')
    for jobs in (1, 2):
        off, on, sigal = (statistics.median(v[index] for v in cell[(jobs, t)])
                          for t in ('wallgen-no-webp', 'wallgen-webp', 'sigal'))
        print(f'| {jobs} | {off:.2f} | {on:.2f} | {on - off:+.2f} ({(on / off - 1) * 100:+.0f} %) '
              f'| {sigal:.2f} | {off / sigal:.2f} | {on / sigal:.2f} |')
    print()
print()
PY

# Bytes: every variant by width, then the first screen in Chromium.
python3 - "$WORK/site-webp/media" <<'PY'
import collections, pathlib, re, sys
sizes = collections.Counter()
for f in pathlib.Path(sys.argv[1]).rglob('*-w*.*'):
    m = re.search(r'-w(\d+)\.(jpg|png|webp)$', f.name)
    if m: sizes[(int(m.group(1)), 'webp' if m.group(2) == 'webp' else 'jpeg/png')] += f.stat().st_size
print('| corpus variants | JPEG/PNG bytes | WebP bytes | WebP / JPEG |')
print('|---|---:|---:|---:|')
for w in sorted({w for w, _ in sizes}):
    j, p = sizes[(w, 'jpeg/png')], sizes[(w, 'webp')]
    print(f'| w{w} | {j} | {p} | {p / j:.2f} |')
print()
PY
(cd "$ROOT" && "$WALLGEN" build -o "$WORK/demo-no-webp" --no-webp --quiet > /dev/null 2>&1 || true)
(cd "$ROOT" && "$WALLGEN" build -o "$WORK/demo-webp" --webp --quiet > /dev/null 2>&1 || true)
[[ -d $WORK/demo-webp/walls ]] || { echo "the demo did not build" >&2; exit 1; }
echo "| site | viewport | walls | first-screen photos | first-screen bytes | photos at load | bytes at load | chosen |"
echo "|---|---|---:|---:|---:|---:|---:|---|"
for site in corpus demo; do
  for mode in no-webp webp; do
    dir=$WORK/site-$mode; [[ $site == demo ]] && dir=$WORK/demo-$mode
    python3 "$ROOT/Benchmarks/webp/first_screen.py" "$dir" --label "$site $mode" |
      awk -F'\t' '{printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8}'
  done
done
