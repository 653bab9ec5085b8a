#!/usr/bin/env python3
"""Reads a WACZ with warcio and surt, as the tests of wallgen's WACZ output need it.

usage: read_warc.py FILE.wacz

Prints one JSON object: the count of records by type, every response's URL with the SHA-256
of its payload (as warcio reads it), and the problems found:
- a response whose WARC-Payload-Digest or Content-Length differs from its payload;
- a CDXJ line whose offset and length do not give one gzip member holding that URL's response;
- a CDXJ key that is not surt.surt(url), or lines out of order.
"""
import gzip
import hashlib
import io
import json
import sys
import zipfile

import surt
from warcio.archiveiterator import ArchiveIterator


def main(path):
    problems = []
    with zipfile.ZipFile(path) as wacz:
        warc = wacz.read("archive/data.warc.gz")
        index = wacz.read("indexes/index.cdx").decode("utf-8").splitlines()
    counts = {}
    payloads = {}
    for record in ArchiveIterator(io.BytesIO(warc)):
        kind = record.rec_type
        counts[kind] = counts.get(kind, 0) + 1
        if kind != "response":
            continue
        url = record.rec_headers.get_header("WARC-Target-URI")
        body = record.content_stream().read()
        digest = "sha256:" + hashlib.sha256(body).hexdigest()
        if record.rec_headers.get_header("WARC-Payload-Digest") != digest:
            problems.append(f"{url}: payload digest differs")
        if int(record.http_headers.get_header("Content-Length")) != len(body):
            problems.append(f"{url}: Content-Length differs")
        if record.http_headers.get_statuscode() != "200":
            problems.append(f"{url}: status {record.http_headers.get_statuscode()}")
        payloads[url] = hashlib.sha256(body).hexdigest()
    if index != sorted(index):
        problems.append("index.cdxj is not sorted")
    for line in index:
        key, stamp, fields = line.split(" ", 2)
        fields = json.loads(fields)
        if key != surt.surt(fields["url"]):
            problems.append(f"{fields['url']}: key {key} is not {surt.surt(fields['url'])}")
        offset, length = int(fields["offset"]), int(fields["length"])
        member = gzip.decompress(warc[offset : offset + length])
        head = member.split(b"\r\n\r\n", 1)[0].decode("utf-8")
        if "WARC-Type: response" not in head or f"WARC-Target-URI: {fields['url']}" not in head:
            problems.append(f"{fields['url']}: the member at {offset} is not its response")
        if fields["digest"] != "sha256:" + payloads.get(fields["url"], ""):
            problems.append(f"{fields['url']}: index digest differs")
    print(json.dumps({"counts": counts, "payloads": payloads, "indexLines": len(index),
                      "problems": problems}))


if __name__ == "__main__":
    main(sys.argv[1])
