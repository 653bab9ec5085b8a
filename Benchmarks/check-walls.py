#!/usr/bin/env python3
"""A sampled oracle of a built site: does each wall show what the visibility rule says?

    Benchmarks/check-walls.py EXPORT SITE [--sample 2000] [--seed 1] [--private SECRET_FILE]
                              [--owners u1,u2,...] [--page-size-check]

Chooses --sample users of EXPORT with a seeded random (reservoir sampling over _User.json, so
the same seed and export give the same walls), works out each one's wall from the export's
class files by its own reading of the rule, and compares it with the wall's pages in SITE.

The rule (docs/input-format.md, "Who sees what"; WallIndex.wall(for:) and AccessControl in
Sources/WallModel): the wall of owner O shows, newest first (createdAt, ties by objectId), every
image whose uploader is O or in O's friend list (the relatedIds of the _Join:friends:_User rows
O owns, and the users whose fbId is listed in graph/<O's fbId>.json), and that the audience may
read: on a public site, images with no ACL or an ACL granting read to "*"; on a private site
(--private), also those granting read to O or to a role O holds (directly through
_Join:users:_Role, or through a role that a role includes, _Join:roles:_Role). An uploader is
found by userFBId, else by the username in `user`.

The site: a wall is walls/<objectId>/ (an objectId that is no safe folder name:
walls/id.<32 hex of its SHA-256>/; --private: walls/<hex HMAC-SHA-256(secret, objectId)>/),
its pages index.html, page-2.html, ...; each image card is <article class="card"
data-object-id="<objectId>">. Every page of a sampled wall is read, and the cards in page order
must be exactly the expected images in the expected order. Under each card, the comments
(<li data-object-id=...>) must be the newest 50 of the image's comments that
the audience may read (the same ACL rule), oldest first, ties by objectId (--images-only skips
this). The oracle takes every comment's author and every friend named to be a user of the
export (as the generated exports are); the importer drops comments by unknown authors.

Memory is bounded by the sample, not the export: class files written as a JSON array with one
object per line (`scale-bench generate --degree ...`) are read line by line; other class files
(`{"results": [...]}`) are read whole. Pass 1 samples the owners and their fbIds (_User), pass 2 keeps their
friend rows and reads their Graph files, pass 3 (_User again) finds the friends' fbIds and
usernames, pass 4 keeps only the images of the owners and their friends, pass 5 only the
comments on the images expected on the sampled walls.

Prints the walls checked and the mismatches (the first few named: wall, image, expected or
found); exits 1 on any mismatch, 2 on a usage or input error.
"""

import argparse
import datetime
import hashlib
import hmac
import html
import json
import os
import random
import re
import sys

CARD = re.compile(r'<article class="card" data-object-id="([^"]*)"(.*?)</article>', re.S)
COMMENT = re.compile(r'<li data-object-id="([^"]*)"')
SHOWN_COMMENTS = 50  # WallPageModel.shownCommentLimit: a card shows the newest 50 it may
SAFE = re.compile(r"^[A-Za-z0-9_-]{1,128}$")
PAGE = re.compile(r"^page-([0-9]+)\.html$")


def rows(export, class_name):
    """Yields the objects of a class file; nothing when the file is absent."""
    path = os.path.join(export, class_name + ".json")
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as file:
        first = file.readline()
        if first.strip() == "[":
            for number, line in enumerate(file, start=2):
                text = line.strip()
                if text in ("", "]"):
                    continue
                if text.endswith(","):
                    text = text[:-1]
                try:
                    yield json.loads(text)
                except json.JSONDecodeError as error:
                    sys.exit(f"check-walls: {path}: line {number}: {error}")
            return
        file.seek(0)
        document = json.load(file)
    if isinstance(document, dict):
        document = document.get("results", [])
    if not isinstance(document, list):
        sys.exit(f"check-walls: {path}: neither an array nor {{\"results\": [...]}}")
    yield from document


def facebook_id(user):
    """A _User row's fbId, else authData.facebook.id."""
    value = user.get("fbId")
    if isinstance(value, str) and value:
        return value
    auth = user.get("authData")
    if isinstance(auth, dict) and isinstance(auth.get("facebook"), dict):
        value = auth["facebook"].get("id")
        if isinstance(value, str) and value:
            return value
    return None


def milliseconds(value):
    """createdAt as milliseconds since 1970 (an ISO string or a Parse Date)."""
    if isinstance(value, dict):
        value = value.get("iso")
    if not isinstance(value, str):
        return 0
    text = value.replace("Z", "+00:00")
    try:
        moment = datetime.datetime.fromisoformat(text)
    except ValueError:
        return 0
    return int(moment.timestamp() * 1000)


def readable(acl, owner, roles, private):
    """Whether the audience may read an object with this ACL (None: no ACL)."""
    if acl is None:
        return True
    if not isinstance(acl, dict):
        return False  # a malformed ACL: shown to nobody

    def grants(key):
        entry = acl.get(key)
        return isinstance(entry, dict) and entry.get("read") is True

    if grants("*"):
        return True
    if not private:
        return False
    return grants(owner) or any(grants("role:" + name) for name in roles)


def sample_owners(export, count, seed):
    """Pass 1: reservoir sampling of `count` users, in file order."""
    chooser = random.Random(seed)
    chosen = []
    position = 0
    for user in rows(export, "_User"):
        object_id = user.get("objectId")
        if not isinstance(object_id, str):
            continue
        if position < count:
            chosen.append((object_id, facebook_id(user)))
        else:
            slot = chooser.randrange(position + 1)
            if slot < count:
                chosen[slot] = (object_id, facebook_id(user))
        position += 1
    return chosen


def friend_lists(export, owners, facebook_of):
    """Pass 2: each owner's friends by objectId (_Join rows) and by fbId (Graph files)."""
    by_id = {owner: set() for owner in owners}
    for row in rows(export, "_Join:friends:_User"):
        owner = row.get("owningId")
        if owner in by_id and isinstance(row.get("relatedId"), str):
            by_id[owner].add(row["relatedId"])
    by_facebook = {owner: set() for owner in owners}
    for owner in owners:
        fb = facebook_of.get(owner)
        path = os.path.join(export, "graph", f"{fb}.json") if fb else None
        if path and os.path.isfile(path):
            with open(path, encoding="utf-8") as file:
                document = json.load(file)
            friends = document.get("friends", {}) if isinstance(document, dict) else {}
            for friend in friends.get("data", []) if isinstance(friends, dict) else []:
                if isinstance(friend, dict) and isinstance(friend.get("id"), str):
                    by_facebook[owner].add(friend["id"])
    return by_id, by_facebook


def roles_of(export, owners):
    """Each owner's role names, direct or inherited (users of a role that role R includes hold R)."""
    names = {}
    for role in rows(export, "_Role"):
        if isinstance(role.get("objectId"), str) and isinstance(role.get("name"), str):
            names.setdefault(role["objectId"], role["name"])
    parents = {}
    for row in rows(export, "_Join:roles:_Role"):
        parents.setdefault(row.get("relatedId"), set()).add(row.get("owningId"))
    direct = {owner: set() for owner in owners}
    for row in rows(export, "_Join:users:_Role"):
        if row.get("relatedId") in direct and row.get("owningId") in names:
            direct[row["relatedId"]].add(row["owningId"])
    result = {}
    for owner, held in direct.items():
        pending, seen = list(held), set(held)
        while pending:
            for parent in parents.get(pending.pop(), ()):
                if parent in names and parent not in seen:
                    seen.add(parent)
                    pending.append(parent)
        result[owner] = {names[role] for role in seen}
    return result


def wall_folder(object_id, secret):
    """The folder of a wall under walls/."""
    if secret is not None:
        return hmac.new(secret, object_id.encode(), hashlib.sha256).hexdigest()
    if SAFE.match(object_id):
        return object_id
    return "id." + hashlib.sha256(object_id.encode()).hexdigest()[:32]


def wall_cards(site, folder):
    """The cards of every page of a wall, in page order, as (image objectId, [comment
    objectIds]); None when there is no wall."""
    path = os.path.join(site, "walls", folder)
    if not os.path.isfile(os.path.join(path, "index.html")):
        return None, 0
    numbers = sorted(int(m.group(1)) for m in map(PAGE.match, os.listdir(path)) if m)
    if numbers != list(range(2, len(numbers) + 2)):
        raise ValueError(f"walls/{folder}/: pages {numbers} are not page-2 ... page-N")
    cards = []
    for name in ["index.html"] + [f"page-{n}.html" for n in numbers]:
        with open(os.path.join(path, name), encoding="utf-8") as file:
            for image, body in CARD.findall(file.read()):
                comments = [html.unescape(c) for c in COMMENT.findall(body)]
                cards.append((html.unescape(image), comments))
    return cards, 1 + len(numbers)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("export")
    parser.add_argument("site")
    parser.add_argument("--sample", type=int, default=2000, help="walls to check (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the sample (default 1)")
    parser.add_argument("--private", metavar="SECRET_FILE", help="the site is a --private build")
    parser.add_argument("--owners", help="check these objectIds (comma-separated) instead")
    parser.add_argument("--show", type=int, default=10, help="mismatches named (default 10)")
    parser.add_argument("--images-only", action="store_true", help="do not check comments")
    arguments = parser.parse_args()
    secret = None
    if arguments.private:
        with open(arguments.private, "rb") as file:
            secret = file.read().rstrip(b"\r\n")
    export, site = arguments.export, arguments.site
    if not os.path.isdir(export) or not os.path.isdir(site):
        print("check-walls: EXPORT and SITE must be folders", file=sys.stderr)
        return 2

    if arguments.owners:
        wanted = arguments.owners.split(",")
        known = {}
        for user in rows(export, "_User"):
            if user.get("objectId") in wanted:
                known.setdefault(user["objectId"], facebook_id(user))
        chosen = [(owner, known.get(owner)) for owner in wanted]
    else:
        chosen = sample_owners(export, arguments.sample, arguments.seed)
    owners = [owner for owner, _ in chosen]
    sampled = set(owners)
    facebook_of = dict(chosen)
    by_id, by_facebook = friend_lists(export, owners, facebook_of)

    # Pass 3: the friends' objectIds (from their fbIds), and the fbIds and usernames of
    # everyone whose images are needed.
    wanted_facebook = set().union(*by_facebook.values()) if by_facebook else set()
    candidates = sampled.union(*by_id.values()) if by_id else set(sampled)
    facebook_to_id, username_to_id, users, first = {}, {}, set(), set()
    for user in rows(export, "_User"):
        object_id = user.get("objectId")
        if not isinstance(object_id, str):
            continue
        if object_id in candidates:
            if object_id in first:
                continue  # a duplicate objectId: the first is kept
            first.add(object_id)
        fb = facebook_id(user)
        if object_id in candidates or fb in wanted_facebook:
            users.add(object_id)
            if fb is not None:
                facebook_to_id.setdefault(fb, object_id)
            if isinstance(user.get("username"), str):
                username_to_id.setdefault(user["username"], object_id)
    friends = {}
    for owner in owners:
        ids = {f for f in by_id[owner] if f in users}
        ids |= {facebook_to_id[f] for f in by_facebook[owner] if f in facebook_to_id}
        friends[owner] = ids
    roles = roles_of(export, owners) if secret is not None else {o: set() for o in owners}

    # Pass 4: the images of the owners and their friends.
    uploaders = set(owners).union(*friends.values())
    uploads, seen_images = {}, set()
    for image in rows(export, "WallImage"):
        object_id = image.get("objectId")
        if not isinstance(object_id, str):
            continue
        fb = image.get("userFBId")
        if isinstance(fb, str) and fb:
            uploader = facebook_to_id.get(fb)
        else:
            uploader = username_to_id.get(image.get("user"))
        if uploader not in uploaders or object_id in seen_images:
            continue
        seen_images.add(object_id)
        entry = (-milliseconds(image.get("createdAt")), object_id, image.get("ACL"))
        uploads.setdefault(uploader, []).append(entry)

    private = secret is not None
    expected_walls = {}
    for owner in owners:
        shown = [
            (time, object_id)
            for source in {owner} | friends[owner]
            for time, object_id, acl in uploads.get(source, [])
            if readable(acl, owner, roles[owner], private)
        ]
        expected_walls[owner] = [object_id for _, object_id in sorted(shown)]

    # Pass 5: the comments on the images expected on the sampled walls.
    comments = {}
    if not arguments.images_only:
        wanted = set().union(*expected_walls.values()) if expected_walls else set()
        for comment in rows(export, "WallImageComment"):
            image = comment.get("imageObjectId")
            if not isinstance(image, str) and isinstance(comment.get("image"), dict):
                image = comment["image"].get("objectId")
            if image in wanted and isinstance(comment.get("objectId"), str):
                entry = (milliseconds(comment.get("createdAt")), comment["objectId"], comment.get("ACL"))
                comments.setdefault(image, []).append(entry)
        for entries in comments.values():
            entries.sort(key=lambda entry: entry[:2])

    mismatches, messages, images_expected, comments_expected, pages_read = 0, [], 0, 0, 0
    for owner in owners:
        expected = expected_walls[owner]
        images_expected += len(expected)
        folder = wall_folder(owner, secret)
        try:
            found_cards, pages = wall_cards(site, folder)
        except ValueError as error:
            mismatches += 1
            messages.append(f"wall {owner}: {error}")
            continue
        pages_read += pages
        if found_cards is None:
            mismatches += 1
            messages.append(f"wall {owner}: walls/{folder}/index.html is missing")
            continue
        found = [image for image, _ in found_cards]
        if found != expected:
            mismatches += 1
            missing = [i for i in expected if i not in set(found)]
            extra = [i for i in found if i not in set(expected)]
            for image in missing[:3]:
                messages.append(f"wall {owner}: image {image}: expected, not found")
            for image in extra[:3]:
                messages.append(f"wall {owner}: image {image}: found, not expected")
            if not missing and not extra:
                position = next(i for i, (a, b) in enumerate(zip(expected, found)) if a != b)
                messages.append(
                    f"wall {owner}: order differs at card {position + 1}: expected "
                    f"{expected[position]}, found {found[position]}"
                )
            continue
        if arguments.images_only:
            continue
        for image, shown_comments in found_cards:
            readable_comments = [
                object_id
                for _, object_id, acl in comments.get(image, [])
                if readable(acl, owner, roles[owner], private)
            ][-SHOWN_COMMENTS:]
            comments_expected += len(readable_comments)
            if shown_comments != readable_comments:
                mismatches += 1
                missing = [c for c in readable_comments if c not in set(shown_comments)]
                extra = [c for c in shown_comments if c not in set(readable_comments)]
                detail = (
                    f"comment {missing[0]} expected, not found" if missing
                    else f"comment {extra[0]} found, not expected" if extra
                    else f"comments in another order: expected {readable_comments}, found {shown_comments}"
                )
                messages.append(f"wall {owner}: image {image}: {detail}")
                break
    audience = "private" if secret is not None else "public"
    print(
        f"checked {len(owners)} walls of a {audience} site ({pages_read} pages, "
        f"{images_expected} cards and {comments_expected} comments under them expected; "
        f"{len(uploaders)} uploaders, {len(seen_images)} of their images read): "
        f"{mismatches} mismatches"
    )
    for message in messages[: arguments.show]:
        print("  " + message)
    if len(messages) > arguments.show:
        print(f"  ... and {len(messages) - arguments.show} more")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
