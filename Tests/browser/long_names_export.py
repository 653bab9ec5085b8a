"""Writes a small wall export whose three people have 200-letter names without a space, for
screenshots of how pages hold long words (scripts/screenshots.sh --long-names). Photos of 2014,
2012 and 2011, so the newest wall card shows no year and the older ones do; each photo has a
200-letter comment. PageLayoutTests makes its own export of the same kind in Swift.
Usage: python3 long_names_export.py DIR"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tiny_export import file_value, png  # noqa: E402

NAMES = [letter + letter.lower() * 199 for letter in "ABC"]
PHOTOS = ["2014-07-04T20:40:00.000Z", "2012-05-01T10:00:00.000Z", "2012-04-01T09:30:00.000Z",
          "2011-12-24T18:15:00.000Z"]
COLOURS = [(200, 60, 60), (60, 160, 80), (60, 90, 200), (220, 180, 40)]


def write(folder):
    os.makedirs(os.path.join(folder, "files"), exist_ok=True)
    users = [{"objectId": "u%d" % i, "username": "user%d" % i, "fbId": "10%d" % i, "name": name,
              "createdAt": PHOTOS[-1], "updatedAt": PHOTOS[-1]} for i, name in enumerate(NAMES)]
    joins = [{"owningId": "u%d" % a, "relatedId": "u%d" % b}
             for a in range(3) for b in range(3) if a != b]
    images, comments = [], []
    for number, (date, colour) in enumerate(zip(PHOTOS, COLOURS)):
        uploader, author = number % 3, (number + 1) % 3
        name = "tfss-%04d-img" % number
        with open(os.path.join(folder, "files", name), "wb") as out:
            out.write(png(400, 100, colour))
        images.append({"objectId": "img%d" % number, "image": file_value(name),
                       "userFBId": "10%d" % uploader, "user": "user%d" % uploader,
                       "createdAt": date, "updatedAt": date})
        comments.append({"objectId": "cmt%d" % number, "imageObjectId": "img%d" % number,
                         "comment": "W" * 200, "userFBId": "10%d" % author,
                         "user": "user%d" % author, "createdAt": date, "updatedAt": date})
    for class_name, rows in (("_User", users), ("_Join:friends:_User", joins),
                             ("WallImage", images), ("WallImageComment", comments)):
        with open(os.path.join(folder, class_name + ".json"), "w", encoding="utf-8") as out:
            json.dump({"results": rows}, out, indent=1)


if __name__ == "__main__":
    write(sys.argv[1])
