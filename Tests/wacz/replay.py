#!/usr/bin/env python3
"""Replays WACZ files with pywb and saves what it serves, as the tests of wallgen's WACZ need it.

usage: replay.py WORKDIR OUT_FOLDER FILE.wacz TIMESTAMP URL [URL ...]

In WORKDIR (an empty temporary folder) it makes a collection with `wb-manager init` and
`wb-manager add --unpack-wacz`, starts `wayback` on 127.0.0.1 on a free port, fetches each URL through replay
with the `id_` modifier (the archived bytes, unrewritten), writes each body to OUT_FOLDER/<n>
(n = 0, 1, ...), stops the server and prints the HTTP status of each fetch, one a line.
"""
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main(workdir, out, wacz, stamp, urls):
    # A process started from a test's thread may inherit a mask that blocks SIGTERM (libdispatch
    # blocks signals on its threads); unblock them so that wayback, our child, can be stopped.
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    run = lambda *args: subprocess.run(args, cwd=workdir, check=True, capture_output=True)
    run("wb-manager", "init", "coll")
    # pywb 2.10 adds a WACZ by unpacking its WARC (and indexes it again itself).
    run("wb-manager", "add", "--unpack-wacz", "coll", wacz)
    port = free_port()
    server = subprocess.Popen(
        ["wayback", "--bind", "127.0.0.1", "-p", str(port)], cwd=workdir,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
                break
            except Exception:
                if time.time() > deadline or server.poll() is not None:
                    raise SystemExit("wayback did not start")
                time.sleep(0.2)
        for number, url in enumerate(urls):
            replay = f"http://127.0.0.1:{port}/coll/{stamp}id_/{url}"
            try:
                with urllib.request.urlopen(replay, timeout=30) as response:
                    status, body = response.status, response.read()
            except urllib.error.HTTPError as error:
                status, body = error.code, error.read()
            with open(os.path.join(out, str(number)), "wb") as file:
                file.write(body)
            print(status)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
