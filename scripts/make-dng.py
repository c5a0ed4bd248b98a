#!/usr/bin/env python3
"""Writes a DNG laid out as cameras write it: IFD0 holds the JPEG preview (NewSubfileType 1,
with the DNG tags), a SubIFD the 12-bit RGGB Bayer mosaic (photometric CFA), made from an sRGB
PNG whose linear light the sensor is taken to record (ColorMatrix1 is XYZ→linear sRGB, D65).
Needs numpy, tifffile and imagecodecs (PyPI).
Run: make-dng.py SOURCE.png|.jpg OUT.dng [--preview WIDTH [--preview-out P.jpg]] [--orientation N]
     [--scale K]
"""
import argparse

import imagecodecs
import numpy as np
import tifffile

parser = argparse.ArgumentParser()
parser.add_argument("source")
parser.add_argument("output")
parser.add_argument("--preview", type=int, default=0, help="preview width in pixels; 0 for none")
parser.add_argument("--orientation", type=int, default=1)
parser.add_argument("--scale", type=int, default=1, help="enlarge the source K times (big sensors)")
parser.add_argument("--quality", type=int, default=90)
parser.add_argument("--preview-out", help="also write the preview as a JPEG file here")
args = parser.parse_args()

data = open(args.source, "rb").read()
rgb = (imagecodecs.png_decode(data) if data[:4] == b"\x89PNG" else imagecodecs.jpeg8_decode(data))[..., :3]
if args.scale > 1:
    rgb = rgb.repeat(args.scale, axis=0).repeat(args.scale, axis=1)
height, width = (rgb.shape[0] // 2 * 2, rgb.shape[1] // 2 * 2)
rgb = rgb[:height, :width]
srgb = rgb.astype(np.float32) / 255
linear = np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)
white = 4095
mosaic = np.empty((height, width), np.uint16)
mosaic[0::2, 0::2] = linear[0::2, 0::2, 0] * white
mosaic[0::2, 1::2] = linear[0::2, 1::2, 1] * white
mosaic[1::2, 0::2] = linear[1::2, 0::2, 1] * white
mosaic[1::2, 1::2] = linear[1::2, 1::2, 2] * white


def srational(values):
    out = []
    for value in values:
        out += [int(round(value * 10000)), 10000]
    return out


xyz_to_srgb = [3.2406, -1.5372, -0.4986, -0.9689, 1.8758, 0.0415, 0.0557, -0.2040, 1.0570]
dng_tags = [
    (271, "s", 0, "ContactSheet", True),  # Make
    (272, "s", 0, "ContactSheet Test Camera", True),  # Model
    (274, "H", 1, args.orientation, True),  # Orientation
    (50706, "B", 4, (1, 4, 0, 0), True),  # DNGVersion
    (50707, "B", 4, (1, 1, 0, 0), True),  # DNGBackwardVersion
    (50708, "s", 0, "ContactSheet Test Camera", True),  # UniqueCameraModel
    (50721, "q", 9, srational(xyz_to_srgb), True),  # ColorMatrix1 (SRATIONAL as pairs)
    (50778, "H", 1, 21, True),  # CalibrationIlluminant1: D65
    (50728, "2I", 3, (1, 1, 1, 1, 1, 1), True),  # AsShotNeutral
]
raw_tags = [
    (33421, "H", 2, (2, 2), True),  # CFARepeatPatternDim
    (33422, "B", 4, (0, 1, 1, 2), True),  # CFAPattern: RGGB
    (50717, "H", 1, white, True),  # WhiteLevel
    (50714, "H", 1, 0, True),  # BlackLevel
]


def tag(code, kind, count, value, once):
    # tifffile wants a dtype: SRATIONAL is 10, RATIONAL 5.
    if kind == "q":
        return (code, 10, count, value, once)
    if kind == "2I":
        return (code, 5, count, value, once)
    return (code, kind, count, value, once)


with tifffile.TiffWriter(args.output) as tif:
    raw_options = dict(
        photometric=32803, bitspersample=16, compression=None, subfiletype=0,
        extratags=[tag(*t) for t in raw_tags], metadata=None)
    if args.preview:
        preview_height = max(1, round(height * args.preview / width))
        index_y = (np.arange(preview_height) * height // preview_height)
        index_x = (np.arange(args.preview) * width // args.preview)
        preview = rgb[index_y][:, index_x].copy()
        tif.write(
            # One strip, as cameras write previews (LibRaw reads a preview from its first strip).
            preview, photometric="rgb", compression="jpeg", compressionargs={"level": args.quality},
            rowsperstrip=preview_height, subfiletype=1, subifds=1,
            extratags=[tag(*t) for t in dng_tags], metadata=None)
        tif.write(mosaic, **raw_options)
        if args.preview_out:
            open(args.preview_out, "wb").write(imagecodecs.jpeg8_encode(preview, level=args.quality))
    else:
        raw_options["extratags"] = [tag(*t) for t in dng_tags + raw_tags]
        tif.write(mosaic, **raw_options)
