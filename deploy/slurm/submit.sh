#!/usr/bin/env bash
# Submits a sharded wallgen build to Slurm as four jobs, chained with --dependency=afterok:
#   plan      (plan.sbatch)      an array --array=0-(P-1): wallgen plan EXPORT --part K/P -o PLAN
#   merge     (merge.sbatch)     wallgen plan EXPORT --merge P -o PLAN
#   shards    (shards.sbatch)    an array --array=0-(N-1): wallgen build --plan PLAN --shard K/N
#   finalize  (finalize.sbatch)  wallgen build --plan PLAN --finalize -o SITE
# and prints the four job ids ("plan 12", "merge 13", "shards 14", "finalize 15"). When a job
# fails, the jobs after it are cancelled by Slurm (--kill-on-invalid-dep), not left pending.
#
# Usage: deploy/slurm/submit.sh EXPORT SITE N [--wait]
#   --wait   return when finalize has ended: exit 0 if it completed, else 1 naming the jobs
#            and array tasks that failed (see the logs)
#
# EXPORT, SITE, the plan, the logs and the wallgen executable must be on a file system every
# compute node sees at the same path. Environment (all optional):
#   WALLGEN                  the wallgen executable (default: wallgen on PATH), made absolute
#   WALLGEN_PLAN             the plan (default: SITE.plan beside SITE)
#   WALLGEN_LOGS             the jobs' output files (default: SITE.logs beside SITE)
#   WALLGEN_PLAN_PARTS       P, the parts of the plan (default: N)
#   WALLGEN_PLAN_SBATCH      extra sbatch options of each step, split on spaces, e.g.
#   WALLGEN_MERGE_SBATCH       WALLGEN_SHARD_SBATCH="--partition=short --mem=3G --time=1:00:00"
#   WALLGEN_SHARD_SBATCH     (they override the #SBATCH lines of the .sbatch files)
#   WALLGEN_FINALIZE_SBATCH
#   WALLGEN_BUILD_OPTIONS    build options for every shard and finalize alike, split on
#                            spaces, e.g. "--page-size 50 --timezone Europe/Paris"
#   WALLGEN_ARRAY_LIMIT      run at most this many shards at once (--array=0-(N-1)%LIMIT)
#   WALLGEN_TIMEOUT          with --wait: after this many seconds, cancel the four jobs and
#                            exit 1 (default: wait as long as it takes)
#   SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_TIMELIMIT, ...   read by sbatch for all four
set -euo pipefail

usage() {
  echo "usage: $0 EXPORT SITE N [--wait]" >&2
  exit 64
}
[[ $# -eq 3 || ($# -eq 4 && "$4" == --wait) ]] || usage
[[ "$3" =~ ^[1-9][0-9]*$ ]] || {
  echo "submit: N must be a positive whole number, not '$3'" >&2
  exit 64
}
absolute() { # a path made absolute without requiring it to exist
  case "$1" in
    /*) printf '%s\n' "${1%/}" ;;
    *) printf '%s\n' "$PWD/${1%/}" ;;
  esac
}
export_path=$(absolute "$1")
site=$(absolute "$2")
count=$3
parts=${WALLGEN_PLAN_PARTS:-$count}
[[ "$parts" =~ ^[1-9][0-9]*$ ]] || {
  echo "submit: WALLGEN_PLAN_PARTS must be a positive whole number, not '$parts'" >&2
  exit 64
}
wait=${4:+yes}
here=$(cd "$(dirname "$0")" && pwd)
plan=$(absolute "${WALLGEN_PLAN:-$site.plan}")
logs=$(absolute "${WALLGEN_LOGS:-$site.logs}")

wallgen=${WALLGEN:-wallgen}
if [[ "$wallgen" != */* ]]; then
  wallgen=$(command -v "$wallgen") || {
    echo "submit: no '$wallgen' on PATH; set WALLGEN to the wallgen executable" >&2
    exit 1
  }
fi
wallgen=$(absolute "$wallgen")
[[ -x "$wallgen" ]] || {
  echo "submit: $wallgen is not an executable" >&2
  exit 1
}
[[ -e "$export_path" ]] || {
  echo "submit: no export at $export_path" >&2
  exit 1
}
mkdir -p "$logs"
export WALLGEN="$wallgen"

read -r -a plan_options <<<"${WALLGEN_PLAN_SBATCH:-}"
read -r -a merge_options <<<"${WALLGEN_MERGE_SBATCH:-}"
read -r -a shard_options <<<"${WALLGEN_SHARD_SBATCH:-}"
read -r -a finalize_options <<<"${WALLGEN_FINALIZE_SBATCH:-}"
array="0-$((count - 1))${WALLGEN_ARRAY_LIMIT:+%$WALLGEN_ARRAY_LIMIT}"

plan_job=$(sbatch --parsable --export=ALL --output="$logs/plan-%A_%a.out" \
  --array="0-$((parts - 1))" "${plan_options[@]}" "$here/plan.sbatch" "$export_path" "$plan")
plan_job=${plan_job%%;*} # "id;cluster" on a multi-cluster set-up
echo "plan $plan_job"
merge_job=$(sbatch --parsable --export=ALL --output="$logs/merge-%j.out" \
  --dependency="afterok:$plan_job" --kill-on-invalid-dep=yes \
  "${merge_options[@]}" "$here/merge.sbatch" "$export_path" "$plan" "$parts")
merge_job=${merge_job%%;*}
echo "merge $merge_job"
shards_job=$(sbatch --parsable --export=ALL --output="$logs/shard-%A_%a.out" \
  --array="$array" --dependency="afterok:$merge_job" --kill-on-invalid-dep=yes \
  "${shard_options[@]}" "$here/shards.sbatch" "$plan" "$site")
shards_job=${shards_job%%;*}
echo "shards $shards_job"
finalize_job=$(sbatch --parsable --export=ALL --output="$logs/finalize-%j.out" \
  --dependency="afterok:$shards_job" --kill-on-invalid-dep=yes \
  "${finalize_options[@]}" "$here/finalize.sbatch" "$plan" "$site")
finalize_job=${finalize_job%%;*}
echo "finalize $finalize_job"
[[ -n "$wait" ]] || exit 0

# Wait until none of the four is queued or running (squeue lists only those), then read how
# each ended: a job cancelled because one before it failed counts as failed too.
while [[ -n "$(squeue -h -o %i -t PENDING,CONFIGURING,RUNNING,COMPLETING,SUSPENDED \
  -j "$plan_job,$merge_job,$shards_job,$finalize_job" 2>/dev/null)" ]]; do
  if [[ -n "${WALLGEN_TIMEOUT:-}" ]] && ((SECONDS >= WALLGEN_TIMEOUT)); then
    scancel "$plan_job" "$merge_job" "$shards_job" "$finalize_job" || true
    echo "submit: not done after $WALLGEN_TIMEOUT s; the four jobs were cancelled" >&2
    exit 1
  fi
  sleep 1
done
# Finalize completed only if every job before it did (each waits with afterok): that is
# enough. Asking about the others could fail on a long run, since slurmctld forgets a job
# MinJobAge (300 s by default) after it ended; they are asked only to name what failed.
finalize_state=$(scontrol show job -o "$finalize_job" 2>/dev/null |
  sed -n 's/.* JobState=\([A-Z_]*\).*/\1/p')
if [[ "$finalize_state" == COMPLETED ]]; then
  echo "submit: done: $site"
  exit 0
fi
failed=()
for job in "$plan_job" "$merge_job" "$shards_job" "$finalize_job"; do
  while read -r line; do
    state=$(sed -n 's/.* JobState=\([A-Z_]*\).*/\1/p' <<<"$line")
    name=$(sed -n 's/.* JobName=\([^ ]*\).*/\1/p' <<<"$line")
    task=$(sed -n 's/.* ArrayTaskId=\([^ ]*\).*/\1/p' <<<"$line")
    [[ "$state" == COMPLETED ]] || failed+=("job $job $name${task:+ task $task}: ${state:-unknown}")
  done < <(scontrol show job -o "$job" 2>/dev/null || echo "JobId=$job JobName=? JobState=GONE (ended too long ago to ask)")
done
if ((${#failed[@]})); then
  printf 'submit: %s\n' "${failed[@]}" >&2
  echo "submit: the build did not finish; logs in $logs" >&2
  exit 1
fi
echo "submit: done: $site"
