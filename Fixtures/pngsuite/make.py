#!/usr/bin/env python3
"""Writes a PngSuite-like set of small PNGs (one per colour type, bit depth and interlace
kind of the PNG spec) with a tiny PNG encoder of its own (numpy + zlib), so each file is
exactly the kind its name says. Names follow PngSuite: bas{n,i}{colour type}{kind}{depth}
(n: not interlaced, i: Adam7); tbrn2c08 has a tRNS colour key. Run: python3 make.py
"""
import struct, zlib
import numpy as np

SIZE = 32


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_rows(samples, depth):
    """samples: (h, w*channels) integer array -> list of row bytes (no filter byte)."""
    rows = []
    for row in samples:
        if depth == 16:
            rows.append(row.astype(">u2").tobytes())
        elif depth == 8:
            rows.append(row.astype(np.uint8).tobytes())
        else:
            per_byte = 8 // depth
            padded = np.zeros(((len(row) + per_byte - 1) // per_byte) * per_byte, dtype=np.uint8)
            padded[: len(row)] = row
            grouped = padded.reshape(-1, per_byte)
            value = np.zeros(len(grouped), dtype=np.uint16)
            for i in range(per_byte):
                value |= grouped[:, i].astype(np.uint16) << (8 - depth * (i + 1))
            rows.append(value.astype(np.uint8).tobytes())
    return rows


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def write(name, image, colour_type, depth, interlace=False, palette=None, trns=None):
    """image: (h, w, channels) integer array of samples at `depth`."""
    h, w, c = image.shape
    raw = b""
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        sub = image[y0::dy, x0::dx]
        if sub.size == 0:
            continue
        for row in pack_rows(sub.reshape(sub.shape[0], -1), depth):
            raw += b"\0" + row
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour_type, 0, 0, 1 if interlace else 0))
    if palette is not None:
        out += chunk(b"PLTE", bytes(np.asarray(palette, dtype=np.uint8).reshape(-1)))
    if trns is not None:
        out += chunk(b"tRNS", trns)
    out += chunk(b"IDAT", zlib.compress(raw, 9))
    out += chunk(b"IEND", b"")
    open(name + ".png", "wb").write(out)


y, x = np.mgrid[0:SIZE, 0:SIZE].astype(np.float64)
red = x / (SIZE - 1)
green = y / (SIZE - 1)
blue = 1 - (x + y) / (2 * (SIZE - 1))
grey = (x + y) / (2 * (SIZE - 1))
# Alpha: opaque on the left, transparent on the right, with a solid bar across the middle.
alpha = 1 - x / (SIZE - 1)
alpha[SIZE // 2 - 2 : SIZE // 2 + 2, :] = 1


def scale(v, depth):
    return np.round(v * (2**depth - 1)).astype(np.uint32)


for interlaced in (False, True):
    n = "i" if interlaced else "n"
    for depth in (1, 2, 4, 8, 16):
        write(f"bas{n}0g{depth:02d}", scale(grey, depth)[..., None], 0, depth, interlaced)
    for depth in (8, 16):
        rgb = np.stack([scale(red, depth), scale(green, depth), scale(blue, depth)], -1)
        write(f"bas{n}2c{depth:02d}", rgb, 2, depth, interlaced)
        write(f"bas{n}4a{depth:02d}", np.stack([scale(grey, depth), scale(alpha, depth)], -1), 4, depth, interlaced)
        write(f"bas{n}6a{depth:02d}", np.concatenate([rgb, scale(alpha, depth)[..., None]], -1), 6, depth, interlaced)
    for depth in (1, 2, 4, 8):
        count = 2**depth
        # A palette running from dark blue to orange; indices follow the diagonal.
        t = np.linspace(0, 1, count)
        palette = np.stack([t * 255, 64 + t * 96, (1 - t) * 200], -1).round()
        index = np.minimum((grey * count).astype(np.uint32), count - 1)
        write(f"bas{n}3p{depth:02d}", index[..., None], 3, depth, interlaced, palette=palette)

# A colour key: pure red pixels (a cross) are transparent.
rgb = np.stack([scale(red, 8), scale(green, 8), scale(blue, 8)], -1)
rgb[SIZE // 2 - 3 : SIZE // 2 + 3, :] = [255, 0, 0]
rgb[:, SIZE // 2 - 3 : SIZE // 2 + 3] = [255, 0, 0]
write("tbrn2c08", rgb, 2, 8, trns=struct.pack(">HHH", 255, 0, 0))
