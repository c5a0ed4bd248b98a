#!/usr/bin/env python3
"""Hostile `assemble` parts made from a real part: python3 make-hostile-parts.py PART.pdf OUT_DIR.

Each variant replaces the part's facts (the JSON stream under /ContactSheetPart) and is
rewritten through qpdf's QDF form, so it is an otherwise valid PDF:

- bomb.pdf: facts that inflate to 200 MB of zeros (2 MB compressed);
- bookmarks.pdf: a million bookmarks (about 60 MB of JSON, 1.5 MB compressed);
- few-bookmarks.pdf: 1,001 bookmarks per page, small, over the count a page may carry;
- link-infinite.pdf: a link at x = 1e308 with width 1e308 (overflows to infinity);
- height-huge.pdf: a page 1e308 pt high.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import zlib


def facts_object(qdf):
    number = re.search(rb"/ContactSheetPart (\d+) 0 R", qdf).group(1)
    start = qdf.index(b"\n%s 0 obj\n" % number) + 1
    end = qdf.index(b"endobj", start) + len(b"endobj")
    body = qdf[start:end]
    json_start = body.index(b"stream\n") + len(b"stream\n")
    json_end = body.rindex(b"\nendstream")
    return number, start, end, json.loads(body[json_start:json_end])


def write(qdf, number, start, end, data, compressed, path):
    filter_key = b" /Filter /FlateDecode" if compressed else b""
    obj = b"%s 0 obj\n<< /Length %d%s >>\nstream\n%s\nendstream\nendobj" % (
        number, len(data), filter_key, data)
    with tempfile.NamedTemporaryFile(suffix=".pdf", delete=False) as edited:
        edited.write(qdf[:start] + obj + qdf[end:])
    fixed = subprocess.run(["fix-qdf", edited.name], check=True, capture_output=True).stdout
    os.unlink(edited.name)
    with open(path, "wb") as out:
        out.write(fixed)


def deflate_zeros(megabytes):
    compressor = zlib.compressobj(9)
    chunk = bytes(1 << 20)
    parts = [compressor.compress(chunk) for _ in range(megabytes)]
    return b"".join(parts) + compressor.flush()


def main(part, folder):
    qdf = subprocess.run(
        ["qpdf", "--qdf", "--object-streams=disable", part, "-"], check=True, capture_output=True
    ).stdout
    number, start, end, facts = facts_object(qdf)
    os.makedirs(folder, exist_ok=True)

    def variant(name, change=None, data=None, compressed=False):
        if data is None:
            edited = json.loads(json.dumps(facts))
            change(edited)
            data = json.dumps(edited).encode()
        write(qdf, number, start, end, data, compressed, os.path.join(folder, name))

    variant("bomb.pdf", data=deflate_zeros(200), compressed=True)
    page = facts["pages"][0]
    mark = {"title": "x", "page": page, "x": 0, "y": 0}

    def bookmarks(count):
        return lambda f: f.update(bookmarks=[mark] * count)

    million = json.dumps(dict(facts, bookmarks=[mark] * 1_000_000)).encode()
    variant("bookmarks.pdf", data=zlib.compress(million, 9), compressed=True)
    variant("few-bookmarks.pdf", bookmarks(1001 * len(facts["pages"])))
    link = {"page": page, "rect": {"x": 1e308, "y": 10, "width": 1e308, "height": 10},
            "target": {"uri": {"_0": "https://example.com"}}}
    variant("link-infinite.pdf", lambda f: f.update(links=[link]))
    variant("height-huge.pdf", lambda f: f["pageHeights"].__setitem__(0, 1e308))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
