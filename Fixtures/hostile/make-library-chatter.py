#!/usr/bin/env python3
"""Writes the inputs that make C libraries print to standard error on their own, with no hook
to stop them (issue 14: library warnings are captured and shown once, not at all under -q):

- avif-garbled-obu.avif: Fixtures/formats/nclx-srgb.avif with the first bytes of its AV1 data
  overwritten; dav1d (libheif's AV1 decoder) logs "Error parsing sequence header" and "Error
  parsing OBU data" through its default logger.
- raw-lossy-garbled-jpeg.dng: a 32x32 lossy DNG (LinearRaw, four 16x16 JPEG tiles) whose
  entropy-coded data is garbled; libjpeg inside LibRaw prints "Corrupt JPEG data: premature
  end of data segment" once per tile through its standard error manager.

Needs numpy, tifffile and Pillow (PyPI). Run: python3 make-library-chatter.py
"""
import io
import pathlib

import numpy as np
import tifffile
from PIL import Image

here = pathlib.Path(__file__).parent
avif = bytearray((here / "../formats/nclx-srgb.avif").read_bytes())
mdat = avif.find(b"mdat")
avif[mdat + 4:mdat + 8] = b"\x12\x00\x0a\xff"
(here / "avif-garbled-obu.avif").write_bytes(avif)

side, tile = 32, 16
tiles = []
for top in range(0, side, tile):
    for left in range(0, side, tile):
        pixels = np.zeros((tile, tile, 3), np.uint8)
        pixels[..., 0], pixels[..., 1], pixels[..., 2] = left * 4, top * 4, 128
        encoded = io.BytesIO()
        Image.fromarray(pixels).save(encoded, "JPEG", quality=90)
        data = bytearray(encoded.getvalue())
        scan = data.find(b"\xff\xda")
        for at in range(scan + 20, len(data) - 2, 3):
            data[at] = 0xFF if at % 2 else 0x00
        tiles.append(bytes(data))
tags = [
    (50706, "B", 4, (1, 4, 0, 0), True),  # DNGVersion
    (50708, "s", 0, "ContactSheet Lossy Camera", True),  # UniqueCameraModel
    (50717, "H", 1, 255, True),  # WhiteLevel
]
with tifffile.TiffWriter(here / "raw-lossy-garbled-jpeg.dng") as writer:
    writer.write(
        iter(tiles), shape=(side, side, 3), dtype=np.uint8, photometric=34892, tile=(tile, tile),
        compression=34892, subfiletype=0, extratags=tags, metadata=None)
