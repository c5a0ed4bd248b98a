#!/usr/bin/env python3
"""A catalog of COUNT products, one card a page (--columns 1 on A6 with tall images), a section
every 50 products, each with a link: the input of benchmarks/run-shards. Images are 16 small
PNGs made here (no dependencies), named in a JSON manifest with their sizes.

usage: make-catalog.py COUNT FOLDER
"""
import json
import os
import struct
import sys
import zlib

count, folder = int(sys.argv[1]), sys.argv[2]
os.makedirs(os.path.join(folder, "photos"), exist_ok=True)
WIDTH, HEIGHT = 120, 360


def png(path, seed):
    rows = []
    for y in range(HEIGHT):
        row = bytearray([0])
        for x in range(WIDTH):
            row += bytes(((x * 2 + seed * 37) % 256, (y + seed * 53) % 256, (x + y + seed * 11) % 256))
        rows.append(bytes(row))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 6))
                  + chunk(b"IEND", b""))


for seed in range(16):
    path = os.path.join(folder, "photos", f"p{seed:02d}.png")
    if not os.path.exists(path):
        png(path, seed)

items = []
for index in range(count):
    if index % 50 == 0:
        items.append({"banner": f"Section {index // 50 + 1}"})
    items.append({"image": f"photos/p{index % 16:02d}.png", "width": WIDTH, "height": HEIGHT,
                  "title": f"Product {index + 1}", "link": f"https://example.com/p/{index + 1}"})
with open(os.path.join(folder, "catalog.json"), "w") as out:
    json.dump({"title": "Benchmark catalog", "items": items}, out)
