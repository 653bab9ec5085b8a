#!/usr/bin/env bash
# What a site weighs, part by part (issue 45, item 1): builds one scale-bench export (1,000 users,
# 10,000 images, 30,000 comments, about 20 friends each) with this checkout's wallgen and, when
# asked, with a baseline binary, in one run, and prints for each the table
#
#   part | bytes | share      (wall pages, photos.js, a public site's viewer entries, photo
#                                grids, other text, media)
#
# then the text files' total (.html .js .json .css .xml), and the ratio of the two builds.
#
# Usage: Benchmarks/run-weight-bench.sh [WORKDIR]       (default: a new mktemp -d)
#   BASE_BIN=/path/to/wallgen   also measure this binary (e.g. an older release)
#   BASE_REF=<git ref>          also measure that commit, built in release in WORKDIR/base
#   USERS=N                     users of the export (images 10×, comments 30×; default 1000)
# Run by hand, not in CI: the 1,000-user build takes a few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${1:-$(mktemp -d)}
users=${USERS:-1000}
mkdir -p "$work"
swift build -c release --product wallgen >/dev/null
swift build -c release --product scale-bench >/dev/null
bin=$root/.build/release

base=${BASE_BIN:-}
if [ -z "$base" ] && [ -n "${BASE_REF:-}" ]; then
  if [ ! -d "$work/base" ]; then git worktree add --detach "$work/base" "$BASE_REF" >/dev/null; fi
  (cd "$work/base" && swift build -c release --product wallgen >/dev/null)
  base=$work/base/.build/release/wallgen
fi

export_dir=$work/export
if [ ! -f "$export_dir/_User.json" ]; then
  "$bin/scale-bench" generate "$export_dir" --users "$users" --images $((users * 10)) \
    --comments $((users * 30)) >/dev/null
fi

weigh() { # label, binary: builds a fresh site and prints its table
  local label=$1 binary=$2 site=$work/site-$1
  rm -rf "$site" "$work/.wallgen"
  "$binary" build "$export_dir" -o "$site" -q >/dev/null 2>"$work/$label.err" || true
  python3 - "$label" "$site" "$work/$label.json" <<'PY'
import json, os, sys
label, site, out = sys.argv[1:4]
parts = {"wall pages": 0, "photos.js": 0, "viewer entries": 0, "photo grids": 0,
         "other text": 0, "media": 0, "other": 0}
text = 0
for folder, dirs, names in os.walk(site):
    dirs[:] = [d for d in dirs if d != ".wallgen"]
    rel = os.path.relpath(folder, site)
    for name in names:
        size = os.path.getsize(os.path.join(folder, name))
        is_text = name.rsplit(".", 1)[-1] in ("html", "js", "json", "css", "xml")
        text += size if is_text else 0
        if rel.split(os.sep)[0] == "media":
            parts["media"] += size
        elif rel.split(os.sep)[0] == "viewer":
            parts["viewer entries"] += size
        elif rel.startswith("walls" + os.sep) and name == "photos.js":
            parts["photos.js"] += size
        elif rel.startswith("walls" + os.sep) and name.startswith("photos") and name.endswith(".html"):
            parts["photo grids"] += size
        elif rel.startswith("walls" + os.sep) and name.endswith(".html"):
            parts["wall pages"] += size
        elif is_text:
            parts["other text"] += size
        else:
            parts["other"] += size
total = sum(parts.values())
print(f"{label}: {site}")
print(f"| part | size | share |\n|---|---:|---:|")
for part, size in parts.items():
    print(f"| {part} | {size / 1e6:,.1f} MB | {100 * size / max(total, 1):.0f} % |")
print(f"| all files | {total / 1e6:,.1f} MB | |")
print(f"| text files (.html .js .json .css .xml) | {text / 1e6:,.1f} MB | {100 * text / max(total, 1):.0f} % |")
json.dump({"parts": parts, "text": text, "total": total}, open(out, "w"))
PY
}

echo "nproc $(nproc); $users users, $((users * 10)) images, $((users * 30)) comments"
weigh new "$bin/wallgen"
if [ -n "$base" ]; then
  weigh base "$base"
  python3 - "$work/base.json" "$work/new.json" <<'PY'
import json, sys
base, new = (json.load(open(path)) for path in sys.argv[1:3])
print("| part | base | new | new / base |\n|---|---:|---:|---:|")
for part in base["parts"]:
    b, n = base["parts"][part], new["parts"][part]
    ratio = f"{n / b:.2f}" if b else ("–" if not n else "new")
    print(f"| {part} | {b / 1e6:,.1f} MB | {n / 1e6:,.1f} MB | {ratio} |")
b, n = base["text"], new["text"]
print(f"| text files | {b / 1e6:,.1f} MB | {n / 1e6:,.1f} MB | {n / b if b else 0:.2f} |")
PY
fi
echo "sites and export kept in $work"
