#!/usr/bin/env bash
# Whole-site benchmark (issue 13): `wallgen build` against `sigal build` and against the C limit
# (Benchmarks/limit/limit.c) on the photo corpus of ../shared/bench/make-corpus.sh, in one run.
#
#   Benchmarks/run-site-bench.sh [CORPUS_DIR] [ROUNDS]      (defaults: $TMPDIR/media-bench-corpus, 3)
#
# Set-up (kept between runs under $BENCH_HOME, default $TMPDIR/site-bench):
#   - the corpus, made with make-corpus.sh when absent (ImageMagick is installed with apt-get
#     when `identify` is missing and we are root);
#   - sigal, in a virtual environment of its own (python3 -m venv; pip install sigal);
#   - the C limit, built with gcc and pkg-config (libjpeg libpng lcms2 libcrypto);
#   - wallgen, built in release (`swift build`; set BUILD_LOCK=/path to hold that flock);
#   - one export per format (jpeg, png): one user, one WallImage per photo, the photos
#     hard-linked (or copied) under files/.
# Then ROUNDS rounds; each round runs, for jpeg and png, for 1 and 2 jobs, one after the other:
#   wallgen  `wallgen build EXPORT -o FRESH --jobs J --quiet --json` (checks that every photo
#            was processed and none failed), then the same command again: the no-op rebuild;
#   sigal    `sigal build -n J -c CONF CORPUS/KIND FRESH` (config below; checks that it made one
#            thumbnail per photo), then again: no-op;
#   limit    `limit -j J -o FRESH CORPUS/KIND/*`;
#   floor    `limit -d -j J CORPUS/KIND/*`: only read, hash and decode every photo (JPEG at the
#            same DCT scale), making nothing: the work no tool making these outputs can skip.
# Times are wall-clock seconds of the whole process (date +%s.%N around it), CPU = user + system
# of the process and the children it waited for (/usr/bin/time, 10 ms resolution).
# sigal's config, as close to wallgen's three widths as sigal allows: sigal makes one resized
# image and one thumbnail per photo, so img_size (1280, 1280) fit (landscape 1280 wide; portrait
# 1280 tall), a 320 x 320 thumbnail fit (thumb_fit False), no 640 variant; keep_orig (copies the
# original); JPEG quality 82, optimize, progressive; autorotate (default). PNG sources are
# written as JPEG too (img_format "JPEG"; sigal then uses its PNG options, so quality 75,
# baseline), as wallgen writes opaque PNGs as JPEG.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CORPUS=${1:-${TMPDIR:-/tmp}/media-bench-corpus}
ROUNDS=${2:-3}
MAKE_CORPUS=${MAKE_CORPUS:-$ROOT/../shared/bench/make-corpus.sh}
BENCH_HOME=${BENCH_HOME:-${TMPDIR:-/tmp}/site-bench}
mkdir -p "$BENCH_HOME"

# --- set-up -------------------------------------------------------------------------------------
if [[ ! -s $CORPUS/SHA256SUMS ]]; then
  if ! command -v identify >/dev/null; then
    [[ $(id -u) == 0 ]] || { echo "need ImageMagick: apt-get install imagemagick" >&2; exit 1; }
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq imagemagick >&2
  fi
  "$MAKE_CORPUS" "$CORPUS" >&2
fi

VENV=$BENCH_HOME/sigal-venv
if [[ ! -x $VENV/bin/sigal ]]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check sigal >&2
fi
SIGAL_VERSION=$("$VENV/bin/sigal" --version | awk '{print $NF}')
PILLOW_VERSION=$("$VENV/bin/python" -c 'import PIL; print(PIL.__version__)')

LIMIT=$BENCH_HOME/limit
# shellcheck disable=SC2046  # pkg-config prints several words on purpose
# -O3: the limit is the fastest careful C program; it ran 6-11 % faster than at -O2 here.
gcc -O3 -Wall -o "$LIMIT" "$ROOT/Benchmarks/limit/limit.c" \
  $(pkg-config --cflags --libs libjpeg libpng lcms2 libcrypto) -lm -lpthread

cd "$ROOT"
LOCK=(); [[ -n ${BUILD_LOCK:-} ]] && LOCK=(flock "$BUILD_LOCK")
"${LOCK[@]}" swift build -c release --product wallgen >&2
WALLGEN="$(swift build -c release --show-bin-path)/wallgen"

# make_export KIND: an export whose one user posted every photo of CORPUS/KIND.
make_export() {
  "$ROOT/Benchmarks/make-photo-export.sh" "$CORPUS/$1" "$BENCH_HOME/export-$1"
}

# sigal_config KIND: writes the config file described above.
sigal_config() {
  local conf=$BENCH_HOME/sigal-$1.conf.py
  {
    echo 'img_size = (1280, 1280)'
    echo 'thumb_size = (320, 320)'
    echo 'thumb_fit = False'
    echo 'keep_orig = True'
    echo "jpg_options = {'quality': 82, 'optimize': True, 'progressive': True}"
    [[ $1 == png ]] && echo "img_format = 'JPEG'"
  } > "$conf"
  echo "$conf"
}

for kind in jpeg png; do make_export "$kind"; done
COUNT_jpeg=$(find "$CORPUS/jpeg" -type f | wc -l)
COUNT_png=$(find "$CORPUS/png" -type f | wc -l)

WORK=$(mktemp -d "$BENCH_HOME/run.XXXXXX"); trap 'rm -rf "$WORK"' EXIT
RESULTS=$WORK/results.tsv
printf 'round\tkind\tjobs\ttool\tseconds\tcpu\trss_kib\n' > "$RESULTS"

# timed ROUND KIND JOBS TOOL COMMAND...: runs COMMAND, appends its times to the results.
timed() {
  local round=$1 kind=$2 jobs=$3 tool=$4; shift 4
  local begin end seconds user sys rss
  begin=$(date +%s.%N)
  /usr/bin/time -f '%U %S %M' -o "$WORK/time" "$@" > "$WORK/stdout" 2> "$WORK/stderr" || {
    echo "$tool failed:" >&2; cat "$WORK/stderr" "$WORK/stdout" >&2; exit 1
  }
  end=$(date +%s.%N)
  seconds=$(echo "$end - $begin" | bc)
  read -r user sys rss < <(tail -1 "$WORK/time")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$kind" "$jobs" "$tool" "$seconds" \
    "$(echo "$user + $sys" | bc)" "$rss" >> "$RESULTS"
  printf 'round %s %-4s jobs=%s %-13s %6.2f s  (CPU %6.2f s)\n' "$round" "$kind" "$jobs" "$tool" \
    "$seconds" "$(echo "$user + $sys" | bc)" >&2
}

# check_wallgen COUNT: the last wallgen run processed COUNT photos (or reused them) and failed none.
check_wallgen() {
  python3 - "$WORK/stdout" "$1" "$2" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
expected, noop = int(sys.argv[2]), sys.argv[3] == 'noop'
done = s['imagesReused'] if noop else s['imagesProcessed']
if s['imagesFailed'] or (not noop and done != expected):
    sys.exit(f"wallgen: expected {expected} photos processed, got {s}")
PY
}

for ((round = 1; round <= ROUNDS; round++)); do
  for kind in jpeg png; do
    count_var=COUNT_$kind; count=${!count_var}
    conf=$(sigal_config "$kind")
    for jobs in 1 2; do
      out=$WORK/r$round-$kind-$jobs
      timed "$round" "$kind" "$jobs" wallgen \
        "$WALLGEN" build "$BENCH_HOME/export-$kind" -o "$out-wallgen/site" --jobs "$jobs" --quiet --json
      check_wallgen "$count" full
      timed "$round" "$kind" "$jobs" wallgen-noop \
        "$WALLGEN" build "$BENCH_HOME/export-$kind" -o "$out-wallgen/site" --jobs "$jobs" --quiet --json
      check_wallgen "$count" noop
      timed "$round" "$kind" "$jobs" sigal \
        "$VENV/bin/sigal" build -q -n "$jobs" -c "$conf" "$CORPUS/$kind" "$out-sigal"
      made=$(find "$out-sigal/thumbnails" -type f | wc -l)
      [[ $made == "$count" ]] || { echo "sigal made $made thumbnails of $count photos" >&2; exit 1; }
      timed "$round" "$kind" "$jobs" sigal-noop \
        "$VENV/bin/sigal" build -q -n "$jobs" -c "$conf" "$CORPUS/$kind" "$out-sigal"
      mkdir -p "$out-limit"
      timed "$round" "$kind" "$jobs" limit "$LIMIT" -j "$jobs" -o "$out-limit" "$CORPUS/$kind"/*
      timed "$round" "$kind" "$jobs" floor "$LIMIT" -d -j "$jobs" "$CORPUS/$kind"/*
      rm -rf "$out-wallgen" "$out-sigal" "$out-limit"
    done
  done
done

python3 - "$RESULTS" "$ROUNDS" "$COUNT_jpeg" "$COUNT_png" "$SIGAL_VERSION" "$PILLOW_VERSION" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
rounds, counts = sys.argv[2], {'jpeg': sys.argv[3], 'png': sys.argv[4]}
cell = {}
for r in rows:
    cell.setdefault((r['kind'], int(r['jobs']), r['tool']), []).append(r)
def med(kind, jobs, tool, field='seconds'):
    return statistics.median(float(r[field]) for r in cell[(kind, jobs, tool)])
print(f"median of {rounds} round(s); sigal {sys.argv[5]}, Pillow {sys.argv[6]}; "
      f"corpus {counts['jpeg']} JPEG, {counts['png']} PNG")
print()
print('| format | jobs | wallgen s | sigal s | C limit s | decode floor s | wallgen / sigal '
      '| wallgen / C limit | floor / sigal | wallgen CPU s | sigal CPU s | C limit CPU s |')
print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for kind in ('jpeg', 'png'):
    for jobs in (1, 2):
        w, s, c, f = (med(kind, jobs, t) for t in ('wallgen', 'sigal', 'limit', 'floor'))
        wc, sc, cc = (med(kind, jobs, t, 'cpu') for t in ('wallgen', 'sigal', 'limit'))
        print(f'| {kind} | {jobs} | {w:.2f} | {s:.2f} | {c:.2f} | {f:.2f} | {w / s:.2f} '
              f'| {w / c:.2f} | {f / s:.2f} | {wc:.2f} | {sc:.2f} | {cc:.2f} |')
print()
print('| format | jobs | wallgen no-op s | sigal no-op s |')
print('|---|---:|---:|---:|')
for kind in ('jpeg', 'png'):
    for jobs in (1, 2):
        print(f"| {kind} | {jobs} | {med(kind, jobs, 'wallgen-noop'):.3f} "
              f"| {med(kind, jobs, 'sigal-noop'):.3f} |")
PY
