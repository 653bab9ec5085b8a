#!/usr/bin/env bash
# Thumbnail benchmark: wallgen's Thumbnailer against vipsthumbnail and ImageMagick mogrify on
# the shared photo corpus, in the same run, JPEG and PNG separately, 1 and 2 jobs.
#
#   Benchmarks/run-media-bench.sh [CORPUS_DIR] [ROUNDS]
#
# Builds media-bench in release, makes the corpus with ../shared/bench/make-corpus.sh when
# absent, then for each round runs every tool once per (format, jobs) cell: 320 px longest
# side, JPEG quality 80, output to a fresh temporary folder. wallgen runs as one process with
# N threads; the other tools as N processes each given every N-th file. Wall time and peak RSS
# come from /usr/bin/time (for N processes: wall time of the whole cell, RSS summed).
# Prints medians of the rounds: images/s, MP/s, peak RSS, and wallgen's ratio to each tool.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CORPUS=${1:-${TMPDIR:-/tmp}/media-bench-corpus}
ROUNDS=${2:-5}
MAKE_CORPUS=${MAKE_CORPUS:-$ROOT/../shared/bench/make-corpus.sh}
SIDE=320
QUALITY=80

cd "$ROOT"
swift build -c release --product media-bench >&2
BIN="$(swift build -c release --show-bin-path)/media-bench"
[[ -s $CORPUS/SHA256SUMS ]] || "$MAKE_CORPUS" "$CORPUS" >&2
command -v vipsthumbnail >/dev/null || { echo "need vipsthumbnail (libvips-tools)" >&2; exit 1; }
HAVE_MOGRIFY=0; command -v mogrify >/dev/null && HAVE_MOGRIFY=1

WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
RESULTS=$WORK/results.tsv
printf 'round\tkind\ttool\tjobs\tseconds\trss_kib\n' > "$RESULTS"

# run_cell KIND TOOL JOBS ROUND: runs TOOL over the KIND files split into JOBS processes.
run_cell() {
  local kind=$1 tool=$2 jobs=$3 round=$4
  local out=$WORK/out-$tool-$kind-$jobs; rm -rf "$out"; mkdir -p "$out"
  local files=("$CORPUS/$kind"/*)
  local begin end pids=() part
  begin=$(date +%s.%N)
  if [[ $tool == wallgen ]]; then
    /usr/bin/time -f '%M' -o "$WORK/time.0" "$BIN" "$CORPUS/$kind" --jobs "$jobs" \
      --side $SIDE --quality $QUALITY --out "$out" > "$WORK/bench.out"
    grep -q 'failed 0$' "$WORK/bench.out" || { cat "$WORK/bench.out" >&2; exit 1; }
  else
    for ((part = 0; part < jobs; part++)); do
      local mine=()
      for ((i = part; i < ${#files[@]}; i += jobs)); do mine+=("${files[i]}"); done
      case $tool in
        vips) /usr/bin/time -f '%M' -o "$WORK/time.$part" \
                vipsthumbnail -s $SIDE -o "$out/%s.jpg[Q=$QUALITY]" "${mine[@]}" 2>/dev/null & ;;
        mogrify) /usr/bin/time -f '%M' -o "$WORK/time.$part" \
                mogrify -path "$out" -define jpeg:size=$((SIDE * 2))x$((SIDE * 2)) \
                -thumbnail ${SIDE}x${SIDE} -quality $QUALITY -format jpg "${mine[@]}" 2>/dev/null & ;;
      esac
      pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
  fi
  end=$(date +%s.%N)
  local rss=0 part_rss
  for f in "$WORK"/time.*; do part_rss=$(tail -1 "$f"); rss=$((rss + part_rss)); done
  rm -f "$WORK"/time.*
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$kind" "$tool" "$jobs" \
    "$(echo "$end - $begin" | bc)" "$rss" >> "$RESULTS"
}

TOOLS=(wallgen vips); [[ $HAVE_MOGRIFY == 1 ]] && TOOLS+=(mogrify)
for ((round = 1; round <= ROUNDS; round++)); do
  for kind in jpeg png; do
    for jobs in 1 2; do
      for tool in "${TOOLS[@]}"; do
        run_cell "$kind" "$tool" "$jobs" "$round"
        echo "round $round $kind $tool jobs=$jobs: $(tail -1 "$RESULTS" | cut -f5,6)" >&2
      done
    done
  done
done

python3 - "$RESULTS" "$CORPUS" <<'PY'
import csv, statistics, sys, subprocess, os
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
corpus = sys.argv[2]
counts = {k: len(os.listdir(os.path.join(corpus, k))) for k in ('jpeg', 'png')}
mp = {}
for kind in ('jpeg', 'png'):
    out = subprocess.run(['identify', '-ping', '-format', '%w %h\n'] +
                         sorted(os.path.join(corpus, kind, f) for f in os.listdir(os.path.join(corpus, kind))),
                         capture_output=True, text=True).stdout.split('\n')
    mp[kind] = sum(int(a) * int(b) for a, b in (l.split() for l in out if l.strip())) / 1e6
cells = {}
for r in rows:
    cells.setdefault((r['kind'], r['tool'], int(r['jobs'])), []).append(r)
print(f"rounds: {len({r['round'] for r in rows})} (medians); corpus: {counts['jpeg']} JPEG "
      f"{mp['jpeg']:.1f} MP, {counts['png']} PNG {mp['png']:.1f} MP; 320 px longest side, q80")
print()
print('| format | jobs | tool | img/s | MP/s | peak RSS MiB | wallgen speed / tool | wallgen RSS / tool |')
print('|---|---:|---|---:|---:|---:|---:|---:|')
for kind in ('jpeg', 'png'):
    for jobs in (1, 2):
        base = cells.get((kind, 'wallgen', jobs))
        base_s = statistics.median(float(r['seconds']) for r in base)
        base_rss = statistics.median(int(r['rss_kib']) for r in base)
        for tool in ('wallgen', 'vips', 'mogrify'):
            c = cells.get((kind, tool, jobs))
            if not c: continue
            s = statistics.median(float(r['seconds']) for r in c)
            rss = statistics.median(int(r['rss_kib']) for r in c)
            ratio = '' if tool == 'wallgen' else f'{s / base_s:.2f}x'
            rss_ratio = '' if tool == 'wallgen' else f'{base_rss / rss:.2f}'
            print(f'| {kind} | {jobs} | {tool} | {counts[kind] / s:.1f} | {mp[kind] / s:.1f} | '
                  f'{rss / 1024:.0f} | {ratio} | {rss_ratio} |')
PY
