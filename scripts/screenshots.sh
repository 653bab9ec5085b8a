#!/usr/bin/env bash
# Screenshots of one wall and the index page at 1280 and 390 px wide, for docs/screenshots/.
#
# Usage: scripts/screenshots.sh [--rev REV] [--export DIR | --long-names] [--wall NAME] LABEL [OUT_DIR]
#
# Builds EXPORT (default: the demo, Examples/demo-export; with --long-names, the export of
# Tests/browser/long_names_export.py: 200-letter names, photos of several years) with this checkout's wallgen, or, with
# --rev, with the wallgen of commit REV (its tree is exported with `git archive` into a temporary
# folder and built there), then saves OUT_DIR/LABEL-{wall,index}-{1280,390}.png (OUT_DIR defaults
# to docs/screenshots). The wall is the one whose owner is NAME (default: Ada Berg), or the first
# wall of the index. Pages are shot in headless Chromium from file://, the top 900 px (1280) or
# 844 px (390, a phone), and reduced to 128 colours when Python's PIL is installed, to keep the
# PNGs small. With selenium, scripts/screenshots_interactive.py adds LABEL-lightbox-{1440,390}.png
# (the lightbox open on the wall's second photo) and LABEL-index-search-390.png ("ar" typed in the
# index's search box).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
rev="" export_dir="$repo/Examples/demo-export" wall_name="Ada Berg"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rev) rev=$2; shift 2 ;;
    --export) export_dir=$(cd "$2" && pwd); shift 2 ;;
    --long-names) export_dir=long-names; shift ;;
    --wall) wall_name=$2; shift 2 ;;
    -*) echo "screenshots.sh: unknown option '$1'" >&2; exit 64 ;;
    *) break ;;
  esac
done
label=${1:?usage: scripts/screenshots.sh [--rev REV] [--export DIR | --long-names] [--wall NAME] LABEL [OUT_DIR]}
out=${2:-$repo/docs/screenshots}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [[ $export_dir == long-names ]]; then
  export_dir=$work/long-names
  python3 "$repo/Tests/browser/long_names_export.py" "$export_dir"
fi
source_dir=$repo
if [[ -n $rev ]]; then
  source_dir=$work/source
  mkdir -p "$source_dir"
  git -C "$repo" archive "$rev" | tar -x -C "$source_dir"
fi
# Builds take the shared lock of the machine when there is one (see the helpers' notes).
lock() { if [[ -e /tmp/wallgen-build.lock ]]; then flock /tmp/wallgen-build.lock "$@"; else "$@"; fi; }
(cd "$source_dir" && lock swift build --product wallgen >&2)
wallgen=$(cd "$source_dir" && swift build --show-bin-path)/wallgen
(cd "$source_dir" && "$wallgen" build "$export_dir" -o "$work/site" -q >&2) || true

index=$work/site/index.html
wall=$(python3 - "$index" "$wall_name" <<'EOF'
import html, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
walls = re.findall(r'<a[^>]*href="(walls/[^"]+)"[^>]*>.*?<span class="name">(.*?)</span>', text, re.S)
chosen = [href for href, name in walls if html.unescape(name) == sys.argv[2]] or [walls[0][0]]
print(chosen[0])
EOF
)

shoot() { # URL WIDTH HEIGHT FILE
  chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --force-color-profile=srgb --virtual-time-budget=5000 \
    --window-size="$2,$3" --screenshot="$4" "$1" >/dev/null 2>&1
  python3 - "$4" <<'EOF' || true
import sys
from PIL import Image
image = Image.open(sys.argv[1]).convert("RGB")
image.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(sys.argv[1], optimize=True)
EOF
  echo "$4"
}
for width in 1280 390; do
  height=$([[ $width == 390 ]] && echo 844 || echo 900)
  shoot "file://$work/site/$wall" "$width" "$height" "$out/$label-wall-$width.png"
  shoot "file://$index" "$width" "$height" "$out/$label-index-$width.png"
done
python3 "$repo/scripts/screenshots_interactive.py" "$work/site/$wall" "$index" "$out" "$label" ||
  echo "screenshots.sh: no lightbox or search shots (they need selenium)" >&2
