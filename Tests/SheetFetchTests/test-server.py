#!/usr/bin/python3
"""An HTTP server for SheetFetch's tests, behaving well and badly on purpose.

Usage: test-server.py JPEG PNG

Binds 127.0.0.1 on a free port and prints the port as the first line of standard output. Exits
when standard input closes (the test that started it is gone) or on SIGTERM.

Routes:
  /image.jpg            the JPEG, with ETag and Last-Modified; 304 for a matching conditional GET
  /image.png            the PNG, with an ETag only
  /dated.jpg            the JPEG, with Last-Modified only (If-Modified-Since)
  /plain.jpg            the JPEG, without validators
  /gzip.jpg             the JPEG, gzip-compressed in transit when the client accepts it
  /flaky.jpg            the JPEG (with an ETag) the first time, 503 afterwards
  /gone-later.jpg       the JPEG (with an ETag) the first time, 404 afterwards
  /missing              404 with an HTML page
  /slow?s=S             sleeps S seconds (default 5), then the JPEG
  /latency?ms=M         sleeps M milliseconds (default 50), then the JPEG (any other query too)
  /redirect/N           a chain of N redirects ending at /image.jpg
  /loop                 redirects to itself
  /ftp-redirect         redirects to an ftp:// URL
  /html                 200 with an HTML page
  /empty                200 image/jpeg with an empty body
  /text-as-jpeg         200 image/jpeg whose body is text
  /huge?bytes=B         200 image/jpeg, B bytes (default 8 MiB) starting like a JPEG, without
                        Content-Length, then the connection closes
  /huge-announced       200 image/jpeg announcing 50 MiB; sends a few bytes and closes
  /lying-length/long    announces more bytes than it sends (the JPEG), then closes
  /lying-length/short   announces 100 bytes, sends the whole JPEG
  /stats                JSON: hits per path (and per path with query), statuses per path,
                        the most requests in flight at once, the User-Agent headers seen
"""

import email.utils
import gzip
import hashlib
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

JPEG = open(sys.argv[1], "rb").read()
PNG = open(sys.argv[2], "rb").read()
JPEG_ETAG = '"jpeg-' + hashlib.sha256(JPEG).hexdigest()[:16] + '"'
PNG_ETAG = '"png-' + hashlib.sha256(PNG).hexdigest()[:16] + '"'
MODIFIED = email.utils.formatdate(1_700_000_000, usegmt=True)

lock = threading.Lock()
hits = {}
hits_with_query = {}
statuses = {}
user_agents = set()
in_flight = 0
max_in_flight = 0


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        global in_flight, max_in_flight
        parts = urlsplit(self.path)
        path, query = parts.path, parse_qs(parts.query)
        if path == "/stats":
            return self.stats()
        with lock:
            hits[path] = hits.get(path, 0) + 1
            hits_with_query[self.path] = hits_with_query.get(self.path, 0) + 1
            count = hits[path]
            user_agents.add(self.headers.get("User-Agent", ""))
            in_flight += 1
            max_in_flight = max(max_in_flight, in_flight)
        try:
            self.route(path, query, count)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        finally:
            with lock:
                in_flight -= 1

    def record(self, status):
        with lock:
            path = urlsplit(self.path).path
            by_status = statuses.setdefault(path, {})
            by_status[str(status)] = by_status.get(str(status), 0) + 1

    def reply(self, status, body=b"", content_type="image/jpeg", headers=(), length=None):
        self.record(status)
        self.send_response(status)
        if content_type is not None and status != 304:
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(body) if length is None else length))
        self.end_headers()
        if status != 304:
            self.wfile.write(body)

    def conditional_image(self, body, content_type, etag=None, modified=None):
        headers = []
        if etag:
            headers.append(("ETag", etag))
        if modified:
            headers.append(("Last-Modified", modified))
        none_match = self.headers.get("If-None-Match")
        since = self.headers.get("If-Modified-Since")
        if none_match is not None:
            fresh = etag is not None and etag in [tag.strip() for tag in none_match.split(",")]
        elif since is not None and modified is not None:
            fresh = email.utils.parsedate_to_datetime(since) >= email.utils.parsedate_to_datetime(modified)
        else:
            fresh = False
        self.reply(304 if fresh else 200, body, content_type, headers)

    def redirect(self, location):
        self.reply(302, b"", "text/plain", [("Location", location)])

    def route(self, path, query, count):
        if path == "/image.jpg":
            self.conditional_image(JPEG, "image/jpeg", JPEG_ETAG, MODIFIED)
        elif path == "/image.png":
            self.conditional_image(PNG, "image/png", PNG_ETAG)
        elif path == "/dated.jpg":
            self.conditional_image(JPEG, "image/jpeg", modified=MODIFIED)
        elif path == "/plain.jpg":
            self.reply(200, JPEG)
        elif path == "/gzip.jpg":
            if "gzip" in self.headers.get("Accept-Encoding", ""):
                self.reply(200, gzip.compress(JPEG), headers=[("Content-Encoding", "gzip")])
            else:
                self.reply(200, JPEG)
        elif path in ("/flaky.jpg", "/gone-later.jpg"):
            if count == 1:
                self.reply(200, JPEG, headers=[("ETag", '"first"')])
            elif path == "/flaky.jpg":
                self.reply(503, b"<html>down</html>", "text/html")
            else:
                self.reply(404, b"<html>gone</html>", "text/html")
        elif path == "/missing":
            self.reply(404, b"<html><body>Not here</body></html>", "text/html")
        elif path == "/slow":
            time.sleep(float(query.get("s", ["5"])[0]))
            self.reply(200, JPEG)
        elif path == "/latency":
            time.sleep(float(query.get("ms", ["50"])[0]) / 1000)
            self.reply(200, JPEG)
        elif path.startswith("/redirect/"):
            left = int(path.rsplit("/", 1)[1])
            self.redirect("/image.jpg" if left <= 1 else "/redirect/%d" % (left - 1))
        elif path == "/loop":
            self.redirect("/loop")
        elif path == "/ftp-redirect":
            self.redirect("ftp://127.0.0.1:%d/image.jpg" % self.server.server_address[1])
        elif path == "/html":
            self.reply(200, b"<!DOCTYPE html><html><body>Sign in</body></html>", "text/html; charset=utf-8")
        elif path == "/empty":
            self.reply(200, b"")
        elif path == "/text-as-jpeg":
            self.reply(200, b"this is plain text that claims to be a JPEG image, but is not one at all")
        elif path == "/huge":
            self.huge(int(query.get("bytes", [str(8 << 20)])[0]))
        elif path == "/huge-announced":
            self.reply(200, JPEG[:100], length=50 << 20)
            self.close_connection = True
        elif path == "/lying-length/long":
            self.reply(200, JPEG, length=len(JPEG) + 1000)
            self.close_connection = True
        elif path == "/lying-length/short":
            self.reply(200, JPEG, length=100)
            self.close_connection = True
        else:
            self.reply(404, b"no such route", "text/plain")

    def huge(self, size):
        self.record(200)
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        chunk = bytes(64 << 10)
        self.wfile.write(JPEG[:64])
        sent = 64
        while sent < size:
            piece = chunk[: min(len(chunk), size - sent)]
            self.wfile.write(piece)
            sent += len(piece)

    def stats(self):
        with lock:
            body = json.dumps(
                {
                    "hits": hits,
                    "hitsWithQuery": hits_with_query,
                    "statuses": statuses,
                    "maxInFlight": max_in_flight,
                    "userAgents": sorted(user_agents),
                }
            ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Server(ThreadingHTTPServer):
    # Room for every connection a test opens at once (the default backlog of 5 would delay some).
    request_queue_size = 64
    daemon_threads = True


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)

    def stop(*_):
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)

    def watch_stdin():
        sys.stdin.buffer.read()
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()


main()
