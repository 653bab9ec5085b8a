"""Writes a tiny wall export (docs/input-format.md) for the browser tests: three friends, a few
images (tiny PNGs made here) and comments. Usage: python3 tiny_export.py DIR"""

import json
import os
import struct
import sys
import zlib

USERS = [("uAlice0001", "alice", "10001", "Alice Archer"),
         ("uBruno0002", "bruno", "10002", "Bruno Bell"),
         ("uChloe0003", "chloe", "10003", "Chloe Chen")]


def iso(seconds):
    minutes, sec = divmod(seconds, 60)
    hours, minute = divmod(minutes, 60)
    return "2014-01-%02dT%02d:%02d:%02d.000Z" % (1 + hours // 24, hours % 24, minute, sec)


def png(width, height, rgb):
    """A solid-colour RGB PNG."""
    row = b"\x00" + bytes(rgb) * width
    raw = row * height

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


def file_value(name):
    return {"__type": "File", "name": name, "url": "http://files.parsetfss.com/app/" + name}


def write(folder):
    os.makedirs(os.path.join(folder, "files"), exist_ok=True)
    os.makedirs(os.path.join(folder, "graph"), exist_ok=True)
    users = [{"objectId": oid, "username": name, "fbId": fb, "createdAt": iso(0),
              "updatedAt": iso(0)} for oid, name, fb, _ in USERS]
    joins = [{"owningId": a[0], "relatedId": b[0]} for a in USERS for b in USERS if a != b]
    images, comments = [], []
    colours = [(200, 60, 60), (60, 160, 80), (60, 90, 200), (220, 180, 40)]
    for index, colour in enumerate(colours):
        oid, name, fb, _ = USERS[index % len(USERS)]
        file_name = "tfss-%04d-img" % index
        with open(os.path.join(folder, "files", file_name), "wb") as out:
            out.write(png(64, 48, colour))
        images.append({"objectId": "img%04d" % index, "image": file_value(file_name),
                       "userFBId": fb, "user": name, "createdAt": iso(600 * index),
                       "updatedAt": iso(600 * index)})
        author = USERS[(index + 1) % len(USERS)]
        comments.append({"objectId": "cmt%04d" % index, "imageObjectId": "img%04d" % index,
                         "comment": "First comment on image %d" % index, "userFBId": author[2],
                         "user": author[1], "createdAt": iso(600 * index + 60),
                         "updatedAt": iso(600 * index + 60)})
    for oid, name, fb, display in USERS:
        friends = [{"id": f[2], "name": f[3]} for f in USERS if f[0] != oid]
        with open(os.path.join(folder, "graph", fb + ".json"), "w") as out:
            json.dump({"id": fb, "name": display, "friends": {"data": friends}}, out)
    for class_name, rows in [("_User", users), ("_Join:friends:_User", joins),
                             ("WallImage", images), ("WallImageComment", comments)]:
        with open(os.path.join(folder, class_name + ".json"), "w") as out:
            json.dump({"results": rows}, out, indent=1)
    return [u[0] for u in USERS]


if __name__ == "__main__":
    write(sys.argv[1])
