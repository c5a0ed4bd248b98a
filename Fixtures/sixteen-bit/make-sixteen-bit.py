#!/usr/bin/env python3
"""Writes the 16-bit PNG pairs the comparison tests read (run from this folder).

base.png       16×12 RGB, 16 bits a sample: a gradient whose low bytes vary.
low-byte.png   base.png with one pixel, (5, 3), changed in the low byte of red only (+1 of 65535):
               the same picture at 8 bits, a different one at 16.
alpha.png      base.png as RGBA with opaque alpha but pixel (9, 7) at alpha 65534 (the low byte).
"""
import struct
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def write(path, width, height, pixel, channels):
    colour_type = {3: 2, 4: 6}[channels]
    rows = b""
    for y in range(height):
        rows += b"\0" + b"".join(struct.pack(">" + "H" * channels, *pixel(x, y)) for x in range(width))
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 16, colour_type, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(rows, 9))
    png += chunk(b"IEND", b"")
    with open(path, "wb") as file:
        file.write(png)


def base(x, y):
    return (x * 4000 + y * 7 + 0x33, y * 5000 + x * 3 + 0x11, 30000 + x * y * 11)


def low_byte(x, y):
    r, g, b = base(x, y)
    return (r + 1, g, b) if (x, y) == (5, 3) else (r, g, b)


def alpha(x, y):
    return base(x, y) + (65534 if (x, y) == (9, 7) else 65535,)


write("base.png", 16, 12, base, 3)
write("low-byte.png", 16, 12, low_byte, 3)
write("alpha.png", 16, 12, alpha, 4)
