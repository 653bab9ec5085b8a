#!/usr/bin/env bash
# What an atomic publish would cost (issue 44, stretch: "a reader never sees a half-published
# site"), measured beside today's builds in one run (run by hand, not in CI).
#
# Today a build publishes by renaming each staged file over its target (StagingCommit): every
# file is replaced atomically, but a reader may see new pages beside old ones until the last
# rename. An atomic switch would instead make the next site as a second tree, every file
# unchanged hard-linked from the current one and the changed ones put in, then exchange the
# two trees in one renameat2(RENAME_EXCHANGE) and remove the old one. This script times that
# tree's making, the exchange and the removal on the built site (os.link per file, as wallgen
# would), and today's no-op and one-comment-edit builds, and prints medians and ratios.
#
# Usage: Benchmarks/run-switch-bench.sh [WORKDIR]   (RUNS=3 by default; 10,000 users)
# Figures and the decision: docs/performance.md, "Why publishing is not one atomic switch".
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-/tmp/wallgen-switch}
runs=${RUNS:-3}
mkdir -p "$work"
swift build -c release --product wallgen >/dev/null
swift build -c release --product scale-bench >/dev/null
bin=$PWD/.build/release

export_dir="$work/export"
if [ ! -f "$export_dir/_User.json" ]; then
  "$bin/scale-bench" generate "$export_dir" --users 10000 --images 100000 --comments 300000
fi
site="$work/site"
timed() { # label, then the command; appends "label seconds" to $work/times
  local label=$1
  shift
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  echo "$label $(echo "$end - $start" | bc)" >>"$work/times"
}
edit_comment() { # toggles one comment's text, so that one photo's card changes on every wall showing it
  python3 - "$export_dir/WallImageComment.json" <<'PY'
import json, sys
path = sys.argv[1]
data = json.load(open(path))
rows = data["results"] if isinstance(data, dict) else data
first = rows[0]
text = first["comment"]
first["comment"] = text[:-9] if text.endswith(" (edited)") else text + " (edited)"
json.dump(data, open(path, "w"))
PY
}
switch_tree() { # hard-links the site into a second tree, exchanges the two, removes the old one
  python3 - "$site" <<'PY'
import ctypes, os, shutil, sys, time
site = sys.argv[1]
nxt = site + ".next"
libc = ctypes.CDLL(None, use_errno=True)
AT_FDCWD, RENAME_EXCHANGE = -100, 2
start = time.monotonic()
files = 0
for root, dirs, names in os.walk(site):
    target = nxt + root[len(site):]
    os.mkdir(target)
    for name in names:
        os.link(os.path.join(root, name), os.path.join(target, name))
        files += 1
linked = time.monotonic()
if libc.renameat2(AT_FDCWD, site.encode(), AT_FDCWD, nxt.encode(), RENAME_EXCHANGE) != 0:
    raise OSError(ctypes.get_errno(), "renameat2")
switched = time.monotonic()
shutil.rmtree(nxt)
removed = time.monotonic()
print(f"{files} {linked - start:.3f} {switched - linked:.6f} {removed - switched:.3f}")
PY
}

rm -rf "$site" "$site.next" "$work/.wallgen" "$work/times"
echo "nproc $(nproc); 10,000 users; $runs runs of each, alternating"
timed full "$bin/wallgen" build "$export_dir" -o "$site" -q
for _ in $(seq "$runs"); do
  edit_comment
  timed edit "$bin/wallgen" build "$export_dir" -o "$site" -q
  timed no-op "$bin/wallgen" build "$export_dir" -o "$site" -q
  switch_tree >>"$work/switch"
  # Linking and unlinking changes every file's change time, which the site's stamp holds.
  timed after-switch "$bin/wallgen" build "$export_dir" -o "$site" -q
done
python3 - "$work/times" "$work/switch" <<'PY'
import statistics, sys
times = {}
for line in open(sys.argv[1]):
    label, seconds = line.split()
    times.setdefault(label, []).append(float(seconds))
switch = [list(map(float, line.split())) for line in open(sys.argv[2])]
files = int(switch[0][0])
link = statistics.median(s[1] for s in switch)
exchange = statistics.median(s[2] for s in switch)
remove = statistics.median(s[3] for s in switch)
noop = statistics.median(times["no-op"])
edit = statistics.median(times["edit"])
print(f"site files           {files}")
print(f"full build           {times['full'][0]:8.2f} s")
print(f"no-op build          {noop:8.2f} s   (median of {len(times['no-op'])}; publishes nothing)")
print(f"one-comment edit     {edit:8.2f} s   (median of {len(times['edit'])})")
print(f"link the next tree   {link:8.2f} s   ({files / link:,.0f} files/s)")
print(f"exchange the trees   {exchange * 1000:8.3f} ms")
print(f"remove the old tree  {remove:8.2f} s")
print(f"edit with a switch   {edit + link + exchange + remove:8.2f} s   "
      f"ratio {(edit + link + exchange + remove) / edit:.2f}x "
      f"(removal deferred: {(edit + link + exchange) / edit:.2f}x)")
after = statistics.median(times["after-switch"])
print(f"no-op with a switch  {noop:8.2f} s   ratio 1.00x (a no-op publishes nothing)")
print(f"build after a switch {after:8.2f} s   ratio {after / noop:.1f}x a no-op "
      "(every file's change time moved, so the build checks every page again)")
PY
rm -f "$work/switch"
