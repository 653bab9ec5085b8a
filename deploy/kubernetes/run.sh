#!/usr/bin/env bash
# Runs a sharded wallgen build on Kubernetes: N plan parts, the merge of the plan, N shards,
# then finalize, each a Job, each started only when the one before it has completed.
# Kubernetes has no ordering between Jobs, so this script is the order: it applies a Job,
# waits for its Complete (or Failed) condition, then applies the next. Nothing else: no scheduler of its own.
#
# Usage: deploy/kubernetes/run.sh N
# The export must already be at /data/export on the volume (deploy/README.md says how).
# Environment (optional):
#   WALLGEN_IMAGE    the image holding wallgen (default: wallgen:latest, as in the manifests)
#   KUBECTL          the kubectl to use, with its flags, e.g. "kubectl --namespace batch"
#   WALLGEN_PARALLELISM  at most this many shard (and plan part) pods at once (default N)
#   WALLGEN_TIMEOUT  seconds to wait for each Job (default 86400)
# Earlier Jobs of the same names are deleted first (a Job's pod template cannot be changed);
# the volume, the plan and the site stay, so a run after a failure repeats nothing done.
set -euo pipefail

if [[ $# -ne 1 || ! "$1" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 N   (N shards, a positive whole number)" >&2
  exit 64
fi
shards=$1
here=$(cd "$(dirname "$0")" && pwd)
read -r -a kubectl <<<"${KUBECTL:-kubectl}"
image=${WALLGEN_IMAGE:-wallgen:latest}
parallelism=${WALLGEN_PARALLELISM:-$shards}
timeout=${WALLGEN_TIMEOUT:-86400}

# Prints manifest $1 with the image set and the JSON patch $2 applied (offline: --local).
render() {
  local patch='[{"op": "replace", "path": "/spec/template/spec/containers/0/image", "value": "'"$image"'"}'
  "${kubectl[@]}" patch --local -f "$here/$1" --type=json -o yaml -p "$patch${2:+, $2}]"
}

# Waits until Job $1 has the condition Complete (returns 0) or Failed (returns 1).
wait_for() {
  local job=$1 started=$SECONDS conditions
  while ((SECONDS - started < timeout)); do
    conditions=$("${kubectl[@]}" get job "$job" \
      -o jsonpath='{range .status.conditions[?(@.status=="True")]}{.type} {end}')
    case " $conditions " in
      *" Complete "*)
        echo "run: $job complete"
        return 0
        ;;
      *" Failed "*)
        echo "run: $job failed; see: ${kubectl[*]} logs job/$job" >&2
        return 1
        ;;
    esac
    sleep 5
  done
  echo "run: $job did not finish within $timeout s" >&2
  return 1
}

"${kubectl[@]}" apply -f "$here/volume.yaml"
"${kubectl[@]}" delete job wallgen-plan wallgen-plan-merge wallgen-shards wallgen-finalize \
  --ignore-not-found --wait=true

render plan-job.yaml "$(
  printf '{"op": "replace", "path": "/spec/%s", "value": %d}, ' completions "$shards" parallelism "$parallelism"
  printf '{"op": "replace", "path": "/spec/template/spec/containers/0/env/1", "value": {"name": "WALLGEN_PLAN_PARTS", "value": "%d"}}' "$shards"
)" | "${kubectl[@]}" apply -f -
wait_for wallgen-plan

render merge-job.yaml "$(
  printf '{"op": "replace", "path": "/spec/template/spec/containers/0/env/0", "value": {"name": "WALLGEN_PLAN_PARTS", "value": "%d"}}' "$shards"
)" | "${kubectl[@]}" apply -f -
wait_for wallgen-plan-merge

render shards-job.yaml "$(
  printf '{"op": "replace", "path": "/spec/%s", "value": %d}, ' completions "$shards" parallelism "$parallelism"
  printf '{"op": "replace", "path": "/spec/template/spec/containers/0/env/1", "value": {"name": "WALLGEN_SHARDS", "value": "%d"}}' "$shards"
)" | "${kubectl[@]}" apply -f -
wait_for wallgen-shards

render finalize-job.yaml | "${kubectl[@]}" apply -f -
wait_for wallgen-finalize
echo "run: done: the site is /data/site on the volume wallgen-data"
