#!/usr/bin/env bash
# One-user export of every photo in a folder, for the benchmarks (run-site-bench.sh,
# run-webp-bench.sh): the photos hard-linked (or copied) under EXPORT/files/, one WallImage each.
#
#   Benchmarks/make-photo-export.sh PHOTO_DIR EXPORT_DIR      (EXPORT_DIR is made anew)
set -euo pipefail
photos=$1 export=$2
rm -rf "$export"; mkdir -p "$export/files"
for f in "$photos"/*; do
  ln "$f" "$export/files/" 2>/dev/null || cp "$f" "$export/files/"
done
python3 - "$export" <<'PY'
import json, os, sys
root = sys.argv[1]
names = sorted(os.listdir(os.path.join(root, 'files')))
date = '2014-01-01T00:00:00.000Z'
user = {'objectId': 'u1', 'username': 'bench', 'fbId': '1000', 'createdAt': date, 'updatedAt': date}
images = [{'objectId': f'img{i:04d}', 'userFBId': '1000', 'user': 'bench',
           'image': {'__type': 'File', 'name': name, 'url': f'http://files.parsetfss.com/bench/{name}'},
           'createdAt': date, 'updatedAt': date} for i, name in enumerate(names)]
for cls, rows in (('_User', [user]), ('WallImage', images)):
    with open(os.path.join(root, cls + '.json'), 'w') as f:
        json.dump({'results': rows}, f)
PY
