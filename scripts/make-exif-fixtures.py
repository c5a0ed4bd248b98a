#!/usr/bin/env python3
"""Makes the small JPEGs in Fixtures/exif: real photo content (a crop of rocket.jpg) with
EXIF fields that caption templates and --sort date read. Run once; the files are committed.
Needs Pillow (pip install pillow)."""
from PIL.TiffImagePlugin import IFDRational as Fraction
from pathlib import Path

from PIL import Image

root = Path(__file__).resolve().parent.parent
source = Image.open(root / "Fixtures/photos/rocket.jpg").convert("RGB")
out = root / "Fixtures/exif"
out.mkdir(exist_ok=True)

shots = [
    # name, date taken, make, model, lens, exposure, f-number, iso, focal length
    ("later.jpg", "2024:06:02 18:30:05", "FUJIFILM", "X100V", "23mm F2", Fraction(1, 250), Fraction(28, 10), 200, Fraction(23)),
    ("earlier.jpg", "2023:12:24 09:15:00", "Canon", "Canon EOS R6", "RF24-105mm F4 L IS USM", Fraction(2), Fraction(8), 100, Fraction(105)),
]
for index, (name, date, make, model, lens, exposure, fnumber, iso, focal) in enumerate(shots):
    image = source.crop((index * 200, 0, index * 200 + 320, 240))
    exif = Image.Exif()
    exif[0x010F] = make
    exif[0x0110] = model
    exif[0x0132] = date
    ifd = exif.get_ifd(0x8769)
    ifd[0x9003] = date
    ifd[0xA434] = lens
    ifd[0x829A] = exposure
    ifd[0x829D] = fnumber
    ifd[0x8827] = iso
    ifd[0x920A] = focal
    image.save(out / name, quality=85, exif=exif)
print("wrote", ", ".join(s[0] for s in shots))
