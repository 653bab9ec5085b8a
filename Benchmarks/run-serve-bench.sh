#!/usr/bin/env bash
# Preview-server benchmark (issue 22, item 5): `wallgen serve` against `python3 -m http.server`
# on the same wall page of the demo site, in one run, with wrk.
#
#   Benchmarks/run-serve-bench.sh [ROUNDS]          (default 5)
#
# Steps:
#   - builds wallgen in release (`swift build -c release`; set BUILD_LOCK=/path to hold that
#     flock for the build only), unless WALLGEN=/path/to/wallgen names a binary to measure;
#   - in a fresh `mktemp -d`: `wallgen serve Examples/demo-export -o DIR/site -q` on a free
#     port (it builds the demo site first), and `python3 -m http.server` on another free port
#     serving that same folder;
#   - the page is the largest wall page of the demo (walls/<id>/index.html, about 37 KB; wallgen
#     sends it with its live-reload script, about 3 KB more);
#   - ROUNDS rounds of `wrk -t THREADS -c CONNECTIONS -d DURATION --latency` (defaults 2, 200,
#     5s) against wallgen, then against Python, one after the other;
#   - prints each round, then the medians of requests/s and p99 and the ratio wallgen/Python
#     of the median requests/s; socket errors and non-2xx answers are counted too.
# BASELINE=/path/to/another/wallgen adds a third server, another build of wallgen serving its own
# copy of the site, measured in the same rounds (before/after figures from one run).
# Both servers are stopped and the folder removed on exit, whatever happens.
# wrk comes from Debian: `apt-get install -y wrk` (done here when missing and we are root).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${1:-5}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-200}
DURATION=${DURATION:-5s}

if ! command -v wrk >/dev/null; then
  [[ $(id -u) == 0 ]] || { echo "need wrk: apt-get install -y wrk" >&2; exit 1; }
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >&2
fi

cd "$ROOT"
if [[ -z ${WALLGEN:-} ]]; then
  LOCK=(); [[ -n ${BUILD_LOCK:-} ]] && LOCK=(flock "$BUILD_LOCK")
  "${LOCK[@]}" swift build -c release --product wallgen >&2
  WALLGEN="$(swift build -c release --show-bin-path)/wallgen"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/serve-bench.XXXXXX")
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# --- the servers -------------------------------------------------------------------------------
# start_wallgen BINARY NAME PORT: `wallgen serve` of the demo into WORK/NAME, once it serves.
start_wallgen() {
  "$1" serve "$ROOT/Examples/demo-export" -o "$WORK/$2" --port "$3" -q \
    > "$WORK/$2.out" 2> "$WORK/$2.err" &
  local pid=$!
  PIDS+=("$pid")
  for _ in $(seq 600); do
    grep -q '^http://' "$WORK/$2.out" 2>/dev/null && return
    kill -0 "$pid" 2>/dev/null || { cat "$WORK/$2.err" >&2; exit 1; }
    sleep 0.1
  done
  echo "$1 serve did not start" >&2
  exit 1
}

WALLGEN_PORT=$(free_port)
start_wallgen "$WALLGEN" site "$WALLGEN_PORT"
SERVERS=("wallgen:$WALLGEN_PORT")
if [[ -n ${BASELINE:-} ]]; then
  BASELINE_PORT=$(free_port)
  start_wallgen "$BASELINE" site-baseline "$BASELINE_PORT"
  SERVERS+=("baseline:$BASELINE_PORT")
fi

PYTHON_PORT=$(free_port)
python3 -m http.server "$PYTHON_PORT" --bind 127.0.0.1 --directory "$WORK/site" \
  > "$WORK/python.log" 2>&1 &
PIDS+=($!)
SERVERS+=("python:$PYTHON_PORT")

PAGE=$(cd "$WORK/site" && find walls -name index.html -printf '%s %p\n' | sort -n | tail -1 | cut -d' ' -f2)
for server in "${SERVERS[@]}"; do
  port=${server#*:}
  for _ in $(seq 100); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/$PAGE" 2>/dev/null && break
    sleep 0.1
  done
  curl -fsS -o /dev/null "http://127.0.0.1:$port/$PAGE"
done

# --- rounds ------------------------------------------------------------------------------------
RESULTS=$WORK/results.tsv
printf 'round\tserver\trps\tp99_ms\terrors\tnon2xx\n' > "$RESULTS"

# run ROUND NAME PORT: one wrk run, appended to the results.
run() {
  local round=$1 name=$2 port=$3
  wrk -t "$THREADS" -c "$CONNECTIONS" -d "$DURATION" --latency \
    "http://127.0.0.1:$port/$PAGE" > "$WORK/wrk.txt" 2>&1
  python3 - "$WORK/wrk.txt" "$round" "$name" >> "$RESULTS" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rps = float(re.search(r'Requests/sec:\s+([\d.]+)', text).group(1))
value, unit = re.search(r'^\s+99%\s+([\d.]+)(us|ms|s)\s*$', text, re.M).groups()
p99 = float(value) * {'us': 0.001, 'ms': 1.0, 's': 1000.0}[unit]
errors = sum(int(n) for n in re.findall(r'(?:connect|read|write|timeout) (\d+)', text))
non2xx = re.search(r'Non-2xx or 3xx responses: (\d+)', text)
print(f"{sys.argv[2]}\t{sys.argv[3]}\t{rps:.0f}\t{p99:.2f}\t{errors}\t{non2xx.group(1) if non2xx else 0}")
PY
  tail -1 "$RESULTS" | awk -F'\t' '{printf "round %s %-8s %8s req/s  p99 %8s ms  errors %s  non-2xx %s\n", $1, $2, $3, $4, $5, $6}' >&2
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) processors; page /$PAGE;" \
  "wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS rounds" >&2
for ((round = 1; round <= ROUNDS; round++)); do
  for server in "${SERVERS[@]}"; do run "$round" "${server%%:*}" "${server#*:}"; done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

python3 - "$RESULTS" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
def median(server, field):
    return statistics.median(float(r[field]) for r in rows if r['server'] == server)
def total(server, field):
    return sum(int(r[field]) for r in rows if r['server'] == server)
print('| server | req/s (median) | p99 ms (median) | socket errors | non-2xx |')
print('|---|---:|---:|---:|---:|')
for server in dict.fromkeys(r['server'] for r in rows):
    print(f"| {server} | {median(server, 'rps'):,.0f} | {median(server, 'p99_ms'):.1f} "
          f"| {total(server, 'errors')} | {total(server, 'non2xx')} |")
for server in dict.fromkeys(r['server'] for r in rows if r['server'] != 'python'):
    print(f"ratio {server} / python (median req/s): "
          f"{median(server, 'rps') / median('python', 'rps'):.1f}")
PY
