#!/usr/bin/env python3
"""A small HTTP server that misbehaves on purpose, for the tests of `wallgen fetch`.

Listens on 127.0.0.1 on a free port and prints "PORT <n>" on its first line. Every path names
a behaviour; <key> keeps the state of "first time" behaviours apart. Each request is appended
to the file named by the first argument as a line "METHOD PATH". It stops when its standard
input closes.

  /ok/<name>            200, a small JPEG-looking body made from <name>
  /status/<code>/<name> that status, always
  /flaky/<key>          500 the first time, then 200
  /ratelimit/<s>/<key>  429 with "Retry-After: <s>" the first time, then 200
  /drop/<key>           the first time: Content-Length 4000, 1000 bytes, then a reset; then 200
  /short/<key>          always: Content-Length 4000, 1000 bytes, then a clean close
  /loop/<n>             302 to /loop/<n+1>, for ever
  /tofile/<name>        302 to file:///etc/passwd
  /to/<url>             302 to <url>, percent-decoded (a test's address on this machine)
  /trickle/<name>       Content-Length 100000, then one byte every 0.2 s
  /big/<bytes>          200 with that many bytes and its Content-Length
  /bigchunked/<bytes>   200 with that many bytes, chunked (no Content-Length)
  /stallonce/<name>     the first time: half the body, then silence for 60 s; then 200
  /text/<name>          200, text/html: not an image
  /gzip/<name>          200, the /ok/<name> body gzip-encoded: "Content-Encoding: gzip" and the
                        encoded length as Content-Length (whatever Accept-Encoding asks)
"""
import gzip
import socket
import struct
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
SEEN = set()


def body_for(name):
    seed = name.encode()
    return b"\xff\xd8\xff\xe0" + (seed * (2000 // max(len(seed), 1) + 1))[:2000] + b"\xff\xd9"


def first_time(key):
    with LOCK:
        if key in SEEN:
            return False
        SEEN.add(key)
        return True


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_HEAD(self):
        self.handle_request(head=True)

    def do_GET(self):
        self.handle_request(head=False)

    def send(self, status, body, headers=(), content_type="image/jpeg", head=False):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def handle_request(self, head):
        with LOCK:
            with open(sys.argv[1], "a") as log:
                log.write(f"{self.command} {self.path}\n")
        parts = self.path.strip("/").split("/")
        kind, rest = parts[0], parts[1:]
        if kind == "ok":
            return self.send(200, body_for(rest[0]), head=head)
        if kind == "status":
            return self.send(int(rest[0]), b"no such file\n", content_type="text/plain", head=head)
        if kind == "flaky":
            if not head and first_time(self.path):
                return self.send(500, b"try later\n", content_type="text/plain")
            return self.send(200, body_for(rest[0]), head=head)
        if kind == "ratelimit":
            if not head and first_time(self.path):
                return self.send(
                    429, b"slow down\n", [("Retry-After", rest[0])], content_type="text/plain")
            return self.send(200, body_for(rest[1]), head=head)
        if kind in ("drop", "short"):
            if head or (kind == "drop" and not first_time(self.path)):
                return self.send(200, body_for(rest[0]), head=head)
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", "4000")
            self.end_headers()
            self.wfile.write(b"\xff\xd8\xff\xe0" + b"x" * 996)
            self.wfile.flush()
            if kind == "drop":
                # A reset, not a close: SO_LINGER with a zero timeout.
                self.connection.setsockopt(
                    socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            else:
                self.connection.shutdown(socket.SHUT_WR)
            self.close_connection = True
            return
        if kind == "loop":
            n = int(rest[0]) + 1
            return self.send(302, b"", [("Location", f"/loop/{n}")], content_type="text/plain",
                             head=head)
        if kind == "tofile":
            return self.send(302, b"", [("Location", "file:///etc/passwd")],
                             content_type="text/plain", head=head)
        if kind == "to":
            target = urllib.parse.unquote(rest[0])
            return self.send(302, b"", [("Location", target)], content_type="text/plain",
                             head=head)
        if kind == "trickle":
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            if head:
                return
            try:
                for _ in range(100000):
                    self.wfile.write(b"\xff")
                    self.wfile.flush()
                    time.sleep(0.2)
            except OSError:
                pass
            self.close_connection = True
            return
        if kind == "big":
            return self.send(200, b"\xff\xd8\xff" + b"\0" * (int(rest[0]) - 3), head=head)
        if kind == "bigchunked":
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            if head:
                return
            left = int(rest[0])
            try:
                while left > 0:
                    chunk = b"\xff" * min(left, 65536)
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    left -= len(chunk)
                self.wfile.write(b"0\r\n\r\n")
            except OSError:
                pass
            return
        if kind == "stallonce":
            body = body_for(rest[0])
            if head or not first_time(self.path):
                return self.send(200, body, head=head)
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            time.sleep(60)
            self.close_connection = True
            return
        if kind == "gzip":
            encoded = gzip.compress(body_for(rest[0]), mtime=0)
            return self.send(200, encoded, [("Content-Encoding", "gzip")], head=head)
        if kind == "text":
            return self.send(200, b"<html>not a photo</html>\n", content_type="text/html",
                             head=head)
        return self.send(404, b"unknown path\n", content_type="text/plain", head=head)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(f"PORT {server.server_address[1]}", flush=True)
    # Stop when the test that started us goes away (its end of our stdin closes).
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
