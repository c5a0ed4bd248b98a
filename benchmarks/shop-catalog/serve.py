#!/usr/bin/python3
"""Serves a folder over HTTP on 127.0.0.1 the way a slow shop CDN would: every request waits
DELAY seconds (50 ms by default) before it is answered, many at once (a thread each).
SimpleHTTPRequestHandler answers If-Modified-Since with 304 Not Modified when the file is no
newer, which is how contactsheet's revalidation of its downloads is answered.

usage: serve.py FOLDER PORTFILE [DELAY]

Listens on a free port, writes it to PORTFILE once listening, and logs one line per request to
standard error ("GET /img/p1.jpg HTTP/1.1" 200 ...), which the run script counts.
"""
import functools
import http.server
import os
import sys
import time


class SlowHandler(http.server.SimpleHTTPRequestHandler):
    delay = 0.05
    protocol_version = "HTTP/1.1"  # keep-alive, as a CDN does

    def do_GET(self):
        time.sleep(self.delay)
        super().do_GET()

    def do_HEAD(self):
        time.sleep(self.delay)
        super().do_HEAD()

    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % (format % args))


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    folder, port_file = sys.argv[1], sys.argv[2]
    SlowHandler.delay = float(sys.argv[3]) if len(sys.argv) > 3 else 0.05
    handler = functools.partial(SlowHandler, directory=folder)
    server = Server(("127.0.0.1", 0), handler)
    with open(port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(port_file + ".tmp", port_file)
    sys.stderr.reconfigure(line_buffering=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
