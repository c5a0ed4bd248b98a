#!/usr/bin/env python3
"""Writes the image-kind and broken-file fixtures from ../photos (needs Pillow with WebP).
Run: python3 make.py
  cmyk.jpg         CMYK JPEG with Photoshop's Adobe APP14 marker (inverted inks), from a flat
                   colour field of known RGB quadrants (so the test knows what RGB to expect)
  grey.jpg         single-channel JPEG
  progressive.jpg  progressive JPEG of rocket.jpg
  photo.webp       lossy WebP of chelsea.png (451x300 -> 300 px wide)
  alpha.webp       lossless WebP with an alpha ramp
  truncated.jpg    the first 40% of ../photos/rocket.jpg (baseline)
  truncated.png    the first half of ../photos/horse.png
  corrupt.jpg      a valid JPEG header followed by random bytes
  not-an-image.jpg a text file named .jpg
  empty.png        zero bytes
  huge.png         a valid PNG whose header claims 40000x40000 pixels (1.6 gigapixels)
"""
import random, struct, zlib
from PIL import Image, ImageDraw

photos = "../photos/"
field = Image.new("RGB", (64, 32))
d = ImageDraw.Draw(field)
d.rectangle([0, 0, 31, 31], fill=(200, 40, 40))
d.rectangle([32, 0, 63, 31], fill=(40, 90, 200))
field.convert("CMYK").save("cmyk.jpg", quality=95)
Image.open(photos + "grace_hopper.jpg").convert("L").save("grey.jpg", quality=90)
rocket = Image.open(photos + "rocket.jpg")
rocket.save("progressive.jpg", quality=90, progressive=True, icc_profile=rocket.info.get("icc_profile"))
Image.open(photos + "chelsea.png").convert("RGB").resize((300, 200)).save("photo.webp", quality=85)
ramp = Image.new("RGBA", (64, 32))
for x in range(64):
    for y in range(32):
        ramp.putpixel((x, y), (30, 120, 200, 255 - x * 4))
ramp.save("alpha.webp", lossless=True)
data = open(photos + "rocket.jpg", "rb").read()
open("truncated.jpg", "wb").write(data[: len(data) * 4 // 10])
data = open(photos + "horse.png", "rb").read()
open("truncated.png", "wb").write(data[: len(data) // 2])
header = open("grey.jpg", "rb").read()[:700]
rng = random.Random(4)
open("corrupt.jpg", "wb").write(header + bytes(rng.randrange(256) for _ in range(4000)))
open("not-an-image.jpg", "w").write("This is a text file, not a photo.\n")
open("empty.png", "wb").close()


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


ihdr = struct.pack(">IIBBBBB", 40000, 40000, 8, 0, 0, 0, 0)
open("huge.png", "wb").write(
    b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
)
