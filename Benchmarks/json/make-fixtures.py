#!/usr/bin/env python3
"""Writes the JSON files the parser benchmark reads (run by hand; see run-json-bench.sh).

  comments.json  a {"results":[...]} class file of WallImageComment-like objects, ~128 MB
  manifest.json  a build manifest of site paths, ~32 MB (the no-op rebuild reads one this size)
"""
import json
import random
import sys

out = sys.argv[1]
rng = random.Random(7)
words = "wall image comment friend photo party beach night <b>bold</b> & \"quoted\" é 😀".split()


def comment(i):
    text = " ".join(rng.choice(words) for _ in range(rng.randint(3, 25)))
    row = {
        "objectId": f"c{i:09d}",
        "imageObjectId": f"i{rng.randrange(100000):08d}",
        "comment": text,
        "userFBId": str(10152734819204113 + rng.randrange(10000)),
        "user": f"user-u{rng.randrange(10000):06d}",
        "createdAt": "2014-05-06T07:08:09.123Z",
        "updatedAt": "2014-05-06T07:08:09.123Z",
    }
    if i % 3 == 0:
        row["ACL"] = {f"u{rng.randrange(10000):06d}": {"read": True, "write": True} for _ in range(3)}
    return row


def write(path, target, make, key):
    with open(path, "w", encoding="utf-8") as f:
        f.write('{"' + key + '":[')
        size, i = 0, 0
        while size < target:
            text = json.dumps(make(i), ensure_ascii=False, separators=(",", ":"))
            f.write(("," if i else "") + text)
            size += len(text.encode()) + 1
            i += 1
        f.write("]}")
    return i


n = write(f"{out}/comments.json", 128 << 20, comment, "results")
print(f"comments.json: {n} objects")
m = write(f"{out}/manifest.json", 32 << 20,
          lambda i: f"walls/u{i % 10000:06d}/page-{i // 10000}/index.html", "files")
print(f"manifest.json: {m} paths")
