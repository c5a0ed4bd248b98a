#!/usr/bin/env python3
"""Writes tall-single-strip.tif: grey with alpha (so libtiff's RGBA reader decodes it), 16x20000
pixels in one deflate strip of 1.3 KB. Decoding it in bands of a few rows had libtiff inflate
the strip from its top for every band: time quadratic in the height (fuzzing found a
16x64779 strip taking minutes under AddressSanitizer). Needs numpy and tifffile (PyPI).
Run: python3 make-hostile-tiff.py
"""
import numpy as np
import tifffile

height = 20000
pixels = np.zeros((height, 16, 2), np.uint8)
pixels[..., 0] = (np.arange(height) // 100 % 256)[:, None]
pixels[..., 1] = 255
tifffile.imwrite(
    "tall-single-strip.tif", pixels, photometric="minisblack", extrasamples=["unassalpha"],
    compression="zlib", rowsperstrip=height, metadata=None)
