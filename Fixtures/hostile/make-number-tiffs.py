#!/usr/bin/env python3
"""Writes the TIFFs whose samples are numbers libtiff's RGBA reader refuses (issue 14): floating
point of 16, 32 and 64 bits, signed and 32-bit unsigned integers, and one layout that stays
refused (floating-point CMYK). Each is a few pixels whose expected colours the tests state.
Needs numpy and tifffile (PyPI). Run: python3 make-number-tiffs.py
"""
import numpy as np
import tifffile

# 8x4 RGB, 32-bit float, deflate with the floating-point predictor: the left half is
# (0.25, 0.5, 1.0), the right half (2.0, -1.0, NaN), clamped to (1, 0, 0).
rgb = np.zeros((4, 8, 3), np.float32)
rgb[:, :4] = (0.25, 0.5, 1.0)
rgb[:, 4:] = (2.0, -1.0, np.nan)
tifffile.imwrite("float32-rgb.tif", rgb, photometric="rgb", compression="zlib", predictor=True,
                 metadata=None)

# The same colours as 16-bit (half) floats, uncompressed.
tifffile.imwrite("float16-rgb.tif", rgb.astype(np.float16), photometric="rgb", metadata=None)

# 32x32 grey, 64-bit float, in 16x16 tiles: a ramp from 0 (left) to 1 (right).
ramp = np.tile(np.linspace(0, 1, 32), (32, 1))
tifffile.imwrite("float64-grey-tiled.tif", ramp, photometric="minisblack", tile=(16, 16),
                 metadata=None)

# 4x1 grey, signed 16-bit: -100, 0, 16384, 32767 are black, black, mid grey and white.
tifffile.imwrite("int16-grey.tif", np.array([[-100, 0, 16384, 32767]], np.int16),
                 photometric="minisblack", metadata=None)

# 2x1 RGB, unsigned 32-bit: white and (0, half, 0).
tifffile.imwrite("uint32-rgb.tif", np.array([[[4294967295] * 3, [0, 2147483648, 0]]], np.uint32),
                 photometric="rgb", metadata=None)

# 2x2 CMYK as 32-bit floats: no reader takes it, and the message says so in words.
tifffile.imwrite("float32-cmyk.tif", np.zeros((2, 2, 4), np.float32), photometric="separated",
                 metadata=None)
