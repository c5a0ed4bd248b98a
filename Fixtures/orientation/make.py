#!/usr/bin/env python3
"""Writes eight JPEGs, one per EXIF orientation (1-8), whose pixels are stored turned so
that applying the orientation gives the same upright 64x32 picture: red top-left, green
top-right, blue bottom-left, yellow bottom-right, and a black bar along the top-left
quadrant's upper edge. The APP1 Exif segment is written by hand (a minimal big-endian TIFF
with one IFD entry: 0x0112). Run: python3 make.py (needs Pillow).
"""
import io, struct
from PIL import Image, ImageDraw

upright = Image.new("RGB", (64, 32))
draw = ImageDraw.Draw(upright)
draw.rectangle([0, 0, 31, 15], fill=(220, 30, 30))
draw.rectangle([32, 0, 63, 15], fill=(30, 170, 60))
draw.rectangle([0, 16, 31, 31], fill=(40, 60, 210))
draw.rectangle([32, 16, 63, 31], fill=(240, 210, 40))
draw.rectangle([0, 0, 31, 3], fill=(0, 0, 0))

# The transpose that turns the stored image upright, per orientation (as exif_transpose does);
# the stored image is the inverse transpose applied to the upright one.
T = Image.Transpose
inverse = {
    1: None, 2: T.FLIP_LEFT_RIGHT, 3: T.ROTATE_180, 4: T.FLIP_TOP_BOTTOM,
    5: T.TRANSPOSE, 6: T.ROTATE_90, 7: T.TRANSVERSE, 8: T.ROTATE_270,
}


def exif_segment(orientation):
    tiff = b"MM\0\x2a" + struct.pack(">I", 8)
    tiff += struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack(">I", 0)
    payload = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


for orientation in range(1, 9):
    stored = upright if inverse[orientation] is None else upright.transpose(inverse[orientation])
    buffer = io.BytesIO()
    stored.save(buffer, "JPEG", quality=95, subsampling=0)
    data = buffer.getvalue()
    # Put APP1 right after SOI (Pillow wrote a JFIF APP0; EXIF readers accept either order).
    data = data[:2] + exif_segment(orientation) + data[2:]
    open(f"orientation-{orientation}.jpg", "wb").write(data)
    check = Image.open(io.BytesIO(data))
    from PIL import ImageOps
    assert check.getexif().get(0x0112) == orientation
    assert ImageOps.exif_transpose(check).size == (64, 32)
