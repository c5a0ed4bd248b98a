#!/usr/bin/env python3
"""Writes raw-larger-than-image.dng: a DNG whose ActiveArea makes the image 24x24 pixels while
its raw data is 96x96 (as a hostile file makes the image tiny and the data LibRaw would read
huge): the pixel limit must be checked against the raw data, not only the header's size.
Needs numpy and tifffile (PyPI). Run: python3 make-hostile-raw.py
"""
import numpy as np
import tifffile

side = 96
mosaic = (np.arange(side * side, dtype=np.uint16).reshape(side, side) * 7) % 4096
tags = [
    (50706, "B", 4, (1, 4, 0, 0), True),  # DNGVersion
    (50708, "s", 0, "ContactSheet Hostile Camera", True),  # UniqueCameraModel
    (33421, "H", 2, (2, 2), True),  # CFARepeatPatternDim
    (33422, "B", 4, (0, 1, 1, 2), True),  # CFAPattern: RGGB
    (50717, "H", 1, 4095, True),  # WhiteLevel
    (50829, "I", 4, (0, 0, 24, 24), True),  # ActiveArea: top, left, bottom, right
]
tifffile.imwrite(
    "raw-larger-than-image.dng", mosaic, photometric=32803, bitspersample=16, compression=None,
    subfiletype=0, extratags=tags, metadata=None)
