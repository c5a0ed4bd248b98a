#!/usr/bin/env python3
"""Makes a reproducible corpus of photo-like JPEGs of 12-24 megapixels for the render benchmark.

Each file is built from the sample photos in Fixtures/photos: a random crop of one photo
enlarged to the full frame, two smaller photos pasted in at an angle, then per-pixel sensor-like
noise and a little blur, written at JPEG quality 90 with 4:2:0 chroma like a camera. The noise
matters: real photos compress far worse (and decode slower) than smooth gradients; these land
at about 2-3 bits per pixel. Same seed, same files.

usage: make-corpus.py COUNT OUTDIR [--seed N]
"""
import argparse, os, sys
import numpy as np
from PIL import Image, ImageFilter

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fixtures", "photos")
SIZES = [(4000, 3000), (4608, 3456), (5472, 3648), (6000, 4000)]  # 12, 16, 20, 24 MP


def synthesize(rng, sources, width, height):
    """A width×height photo-like image: a crop of one source enlarged, two more pasted in at an
    angle, sensor-like grain and a little blur (also used by benchmarks/cache/make-corpus.py)."""
    base = sources[rng.integers(len(sources))]
    cw = int(base.width * rng.uniform(0.5, 0.9))
    ch = int(base.height * rng.uniform(0.5, 0.9))
    x = int(rng.integers(0, base.width - cw + 1))
    y = int(rng.integers(0, base.height - ch + 1))
    frame = base.crop((x, y, x + cw, y + ch)).resize((width, height), Image.BICUBIC)
    for _ in range(2):
        inset = sources[rng.integers(len(sources))]
        scale = rng.uniform(0.25, 0.45) * width / inset.width
        inset = inset.resize((int(inset.width * scale), int(inset.height * scale)), Image.BILINEAR)
        inset = inset.convert("RGBA").rotate(float(rng.uniform(-12, 12)), resample=Image.BILINEAR, expand=True)
        frame.paste(inset, (int(rng.integers(0, width // 2)), int(rng.integers(0, height // 2))), inset)
    pixels = np.asarray(frame, dtype=np.int16)
    noise = rng.integers(-14, 15, size=(height, width, 1), dtype=np.int16)  # luminance grain
    chroma = rng.integers(-4, 5, size=(height, width, 3), dtype=np.int16)
    pixels = np.clip(pixels + noise + chroma, 0, 255).astype(np.uint8)
    return Image.fromarray(pixels).filter(ImageFilter.GaussianBlur(0.35))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("outdir")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    sources = [Image.open(os.path.join(ROOT, name)).convert("RGB") for name in sorted(os.listdir(ROOT))
               if name.endswith((".jpg", ".png"))]
    for index in range(args.count):
        path = os.path.join(args.outdir, f"photo-{index + 1:04d}.jpg")
        if os.path.exists(path):
            continue
        rng = np.random.default_rng([args.seed, index])
        width, height = SIZES[rng.integers(len(SIZES))]
        if rng.random() < 0.25:
            width, height = height, width  # portrait
        image = synthesize(rng, sources, width, height)
        image.save(path, "JPEG", quality=90, subsampling=2)
        print(f"{path} {width}x{height} {os.path.getsize(path) // 1024} KB", file=sys.stderr)


if __name__ == "__main__":
    main()
