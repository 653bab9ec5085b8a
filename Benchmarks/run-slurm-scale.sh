#!/usr/bin/env bash
# Scale benchmark of the sharded build through Slurm (issue 23, item 5; run by hand, never by
# swift test): a synthetic export of USERS users (scale-bench generate --degree skewed: 2 images
# and 3 comments per user, 16x12 JPEGs, a mean of 20 friends with a few hubs) built by
#   deploy/slurm/submit.sh EXPORT SITE N --wait
# on the local single-node Slurm cluster, every step measured, then optionally the one-process
# `wallgen build` of the same export, a byte-identity check of the two sites, and the sampled
# oracle (Benchmarks/check-walls.py) on the sharded site.
#
# Usage: Benchmarks/run-slurm-scale.sh USERS [N] [--one-process] [--keep]
#   N              shards (default 8)
#   --one-process  also `wallgen build EXPORT -o ONE --quiet --json`, and compare the two sites
#                  (diff -r)
#   --keep         keep the sites (by default they are deleted at the end; they take GBs)
# Environment:
#   WALLGEN_SCALE_SCRATCH  the scratch folder (default: a new mktemp -d -p /work/scratch, deleted
#                          at the end unless --keep). Exports are kept there, keyed by their
#                          parameters (export-u<USERS>-skewed-i2-c3-16x12-s1), and reused.
#   WALLGEN_SCALE_NICE     niceness of every measured step (default 19)
#   WALLGEN_SCALE_SAMPLE   walls checked by check-walls.py (default 2000; 0: no check)
#   SLURM_CONF             a running cluster to use; else one is started in SCRATCH/slurm with
#                          deploy/slurm/local-cluster.sh and stopped at the end
#   WALLGEN_BUILD_OPTIONS, WALLGEN_*_SBATCH, WALLGEN_ARRAY_LIMIT   passed to submit.sh as they are
#
# How each step is measured: submit.sh is given WALLGEN=<a wrapper> (written in the run folder),
# which runs the real release binary under `/usr/bin/time` and appends one line per step to
# RUN/steps.tsv. The step is named from wallgen's arguments, whatever job runs it: `plan`
# (`plan K/N` with --part K/N, `plan merge` with --merge), `shard K/N` (build --shard K/N),
# `finalize` (build --finalize), else the arguments themselves. So it keeps working if the plan
# becomes an array job, as long as every step runs "$WALLGEN" with its arguments.
# "files written" comes from wallgen itself:
#   shard K/N  the pages it wrote, from its summary line ("... pages (P written); images: I
#              processed"; the wrapper drops --quiet so that the line is printed); the images
#              column is I: each processed image writes its media files, which the line does not
#              count
#   finalize   "filesWritten" of its --json summary (the wrapper adds --json)
#   one build  "filesWritten" of its --json summary
#   plan       none (it writes the plan); its size is printed instead
# The "sum" rows add the steps up (wall time too, though Slurm runs shards side by side); the
# last line is the time from submit to the end of finalize.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

usage() {
  echo "usage: $0 USERS [N] [--one-process] [--keep]" >&2
  exit 64
}
[[ $# -ge 1 && "$1" =~ ^[1-9][0-9]*$ ]] || usage
users=$1
shift
shards=8
one_process=
keep=
for argument in "$@"; do
  case "$argument" in
    --one-process) one_process=yes ;;
    --keep) keep=yes ;;
    *) [[ "$argument" =~ ^[1-9][0-9]*$ ]] && shards=$argument || usage ;;
  esac
done
niceness=${WALLGEN_SCALE_NICE:-19}
sample=${WALLGEN_SCALE_SAMPLE:-2000}

if [[ -n "${WALLGEN_SCALE_SCRATCH:-}" ]]; then
  scratch=$(mkdir -p "$WALLGEN_SCALE_SCRATCH" && cd "$WALLGEN_SCALE_SCRATCH" && pwd)
  own_scratch=
else
  mkdir -p /work/scratch
  scratch=$(mktemp -d -p /work/scratch slurm-scale.XXXXXX)
  own_scratch=yes
fi
chmod 755 "$scratch" # munged (local-cluster.sh) runs as its own user and must reach its folder
run="$scratch/run-$users-$shards-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$run"
echo "run folder $run"

# The binaries: release builds under the shared build lock, copied into the run folder so that
# a rebuild of the worktree during the run changes nothing.
flock /tmp/wallgen-build.lock nice -n 19 swift build -c release --product wallgen >/dev/null
flock /tmp/wallgen-build.lock nice -n 19 swift build -c release --product scale-bench >/dev/null
cp .build/release/wallgen .build/release/scale-bench "$run/"

export_path="$scratch/export-u$users-skewed-i2-c3-16x12-s1"
if [[ ! -f "$export_path/WallImageComment.json" ]]; then
  rm -rf "$export_path"
  /usr/bin/time -f "%e %U %S %M" -o "$run/generate.time" nice -n "$niceness" \
    "$run/scale-bench" generate "$export_path" --users "$users" --degree skewed \
    --images-per-user 2 --comments-per-user 3 --size 16x12 --seed 1 | tee "$run/generate.out"
  read -r seconds user sys rss <"$run/generate.time"
  echo "generated in $seconds s (user $user s, sys $sys s, peak RSS $((rss / 1024)) MiB)"
else
  echo "reusing the export $export_path"
fi

# The wrapper that submit.sh runs as WALLGEN.
steps="$run/steps.tsv"
: >"$steps"
cat >"$run/wallgen-timed" <<EOF
#!/usr/bin/env bash
# Runs $run/wallgen under /usr/bin/time, one line per step in $steps (Benchmarks/run-slurm-scale.sh).
real="$run/wallgen"
steps="$steps"
niceness="$niceness"
EOF
cat >>"$run/wallgen-timed" <<'EOF'
args=("$@")
step="$*"
if [[ "${args[0]:-}" == plan ]]; then
  step=plan
  for ((i = 1; i < ${#args[@]}; i++)); do
    [[ "${args[i]}" == --part ]] && step="plan ${args[i + 1]:-}"
    [[ "${args[i]}" == --merge ]] && step="plan merge"
  done
elif [[ "${args[0]:-}" == build ]]; then
  for ((i = 1; i < ${#args[@]}; i++)); do
    [[ "${args[i]}" == --shard ]] && step="shard ${args[i + 1]:-}"
    [[ "${args[i]}" == --finalize ]] && step=finalize
  done
  if [[ "$step" == shard* ]]; then # without --quiet, so that its summary line is printed
    kept=()
    for argument in "${args[@]}"; do [[ "$argument" == --quiet ]] || kept+=("$argument"); done
    args=("${kept[@]}")
  elif [[ "$step" == finalize ]]; then
    args+=(--json)
  fi
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
/usr/bin/time -f "%e %U %S %M" -o "$work/time" nice -n "$niceness" "$real" "${args[@]}" \
  >"$work/out" 2>"$work/err" || status=$?
cat "$work/out"
cat "$work/err" >&2
read -r seconds user sys rss <"$work/time" || true
files=-
images=-
case "$step" in
  shard*)
    files=$(sed -n 's/.* pages (\([0-9]*\) written); images: \([0-9]*\) processed.*/\1/p' "$work/err" | tail -1)
    images=$(sed -n 's/.* pages (\([0-9]*\) written); images: \([0-9]*\) processed.*/\2/p' "$work/err" | tail -1)
    ;;
  finalize)
    files=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["filesWritten"])' "$work/out" 2>/dev/null || echo -)
    ;;
esac
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$step" "$status" "${seconds:-0}" "${user:-0}" \
  "${sys:-0}" "${rss:-0}" "${files:--}" "${images:--}" | flock "$steps" tee -a "$steps" >/dev/null
exit "$status"
EOF
chmod +x "$run/wallgen-timed"

# The cluster: the one SLURM_CONF names if it answers, else our own, stopped at the end.
cluster=
cleanup() {
  if [[ -n "$cluster" ]]; then deploy/slurm/local-cluster.sh stop "$cluster" >/dev/null || true; fi
  if [[ -z "$keep" ]]; then
    rm -rf "$run/site" "$run/site.plan" "$run/one" "$run/.wallgen"
    if [[ -n "$own_scratch" ]]; then rm -rf "$scratch"; fi
  fi
}
trap cleanup EXIT
if [[ -z "${SLURM_CONF:-}" ]] || ! sinfo -h >/dev/null 2>&1; then
  cluster="$scratch/slurm"
  line=$(deploy/slurm/local-cluster.sh start "$cluster" | grep '^export SLURM_CONF=')
  export SLURM_CONF=${line#export SLURM_CONF=}
  echo "started a local Slurm cluster in $cluster"
fi

echo "nproc $(nproc); $users users, $shards shards; niceness $niceness"
started=$(date +%s.%N)
# The steps' own exit codes (steps.tsv) are checked too: every step 0, N shards and a
# finalize. (submit.sh --wait once called a job that ended more than MinJobAge before finalize
# "GONE" and exited 1 though every step succeeded.)
if ! WALLGEN="$run/wallgen-timed" deploy/slurm/submit.sh "$export_path" "$run/site" "$shards" \
  --wait >"$run/submit.out" 2>&1; then
  cat "$run/submit.out"
  if awk -F'\t' -v n="$shards" '$2 != 0 { bad = 1 } $1 ~ /^shard / { s++ } $1 == "finalize" { f = 1 }
    END { exit !(!bad && s == n && f) }' "$steps"; then
    echo "submit.sh said the build failed, but every step exited 0 (steps.tsv): going on" >&2
  else
    echo "the sharded build failed; logs in $run/site.logs" >&2
    exit 1
  fi
fi
ended=$(date +%s.%N)
total=$(python3 -c "print(f'{$ended - $started:.1f}')")

if [[ -n "$one_process" ]]; then
  /usr/bin/time -f "%e %U %S %M" -o "$run/one.time" nice -n "$niceness" "$run/wallgen" build \
    "$export_path" -o "$run/one" --quiet --json ${WALLGEN_BUILD_OPTIONS:-} \
    >"$run/one.json" 2>"$run/one.err" || {
    tail -5 "$run/one.err" >&2
    exit 1
  }
  read -r seconds user sys rss <"$run/one.time"
  files=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["filesWritten"])' "$run/one.json")
  printf 'one build\t0\t%s\t%s\t%s\t%s\t%s\t-\n' "$seconds" "$user" "$sys" "$rss" "$files" >>"$steps"
fi

python3 - "$steps" "$total" "$run/site.plan" <<'PY'
import os, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
def order(row):  # one build, plan (parts by K), shards by K, finalize, anything else
    name = row[0].split()
    group = {"one": 0, "plan": 1, "shard": 2, "finalize": 3}.get(name[0], 4)
    part = name[1].split("/")[0] if len(name) > 1 else ""
    return (group, int(part) if part.isdigit() else 10**9 if part else -1, row[0])
rows.sort(key=order)
print(f"{'step':14} {'wall s':>8} {'user s':>8} {'sys s':>7} {'peak RSS MiB':>13} "
      f"{'files written':>14} {'images':>8}")
def total(selected, name):
    if not selected: return
    wall = sum(float(r[2]) for r in selected)
    cpu_user = sum(float(r[3]) for r in selected)
    cpu_sys = sum(float(r[4]) for r in selected)
    rss = max(int(r[5]) for r in selected)
    files = sum(int(r[6]) for r in selected if r[6].isdigit())
    print(f"{name:14} {wall:8.1f} {cpu_user:8.1f} {cpu_sys:7.1f} {rss / 1024:13.1f} {files:14}")
for step, status, wall, cpu_user, cpu_sys, rss, files, images in rows:
    mark = "" if status == "0" else f"  (exit {status})"
    print(f"{step:14} {float(wall):8.1f} {float(cpu_user):8.1f} {float(cpu_sys):7.1f} "
          f"{int(rss) / 1024:13.1f} {files:>14} {images:>8}{mark}")
sharded = [r for r in rows if r[0] != "one build"]
total([r for r in sharded if r[0].startswith("shard ")], "sum of shards")
total(sharded, "sum of steps")
print(f"sharded build through Slurm: {sys.argv[2]} s from submit to finalize's end")
plan = sys.argv[3]
if os.path.exists(plan):
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(plan) for f in fs) \
        if os.path.isdir(plan) else os.path.getsize(plan)
    print(f"plan: {size / 1e6:.1f} MB")
PY
du -sh "$run/site" 2>/dev/null | sed 's/^/site: /'
echo "files in the site: $(find "$run/site" -type f | wc -l)"

if [[ -n "$one_process" ]]; then
  if diff -r -q "$run/one" "$run/site" >"$run/diff.txt"; then
    echo "byte-identity: the sharded site and the one-process build are identical"
  else
    echo "byte-identity: the sites DIFFER in $(wc -l <"$run/diff.txt") entries, e.g.:"
    head -5 "$run/diff.txt"
  fi
fi
if ((sample > 0)); then
  nice -n "$niceness" python3 Benchmarks/check-walls.py "$export_path" "$run/site" \
    --sample "$sample" --seed 1 || echo "check-walls: MISMATCHES (above)"
fi
[[ -n "$keep" ]] && echo "kept: $run" || true
