#!/usr/bin/env python3
"""Makes the thumbnail-cache benchmark's corpus: COUNT distinct photos, reproducibly.

First 42 base photos, made like benchmarks/render/make-corpus.py's: 12-24 MP JPEGs (a random
crop of a sample photo enlarged to the frame, two more pasted in at an angle, sensor-like
grain, JPEG quality 90 4:2:0), every 12th a 4-6 MP PNG or WebP instead. Then COUNT photos
derived from them, each with its own bytes: JPEGs cropped losslessly by jpegtran (72-98% of
each side, at a seeded offset, some mirrored), PNGs and WebPs cropped and re-encoded. Grain
and noise cost seconds per photo, so they are made once per base. Sources: Fixtures/photos and,
when present, ../shared/fixtures/photos. Same seed, same files; existing files are kept.

usage: make-corpus.py COUNT OUTDIR [--seed N] [--jobs N]    (photos in OUTDIR/photos)
"""
import argparse, importlib.util, os, subprocess, sys
from multiprocessing import Pool
import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOTS = [os.path.join(HERE, "..", "..", "Fixtures", "photos"),
         os.path.join(HERE, "..", "..", "..", "shared", "fixtures", "photos")]
SIZES = [(4000, 3000), (4608, 3456), (5472, 3648), (6000, 4000)]  # 12, 16, 20, 24 MP
SMALL = [(2400, 1800), (3000, 2000)]
BASES = 42
SOURCES = []
# The base photos are drawn by the render benchmark's generator (its file name has a hyphen).
_spec = importlib.util.spec_from_file_location(
    "render_corpus", os.path.join(HERE, "..", "render", "make-corpus.py"))
RENDER_CORPUS = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(RENDER_CORPUS)


def load_sources():
    seen = {}
    for root in ROOTS:
        if not os.path.isdir(root):
            continue
        for name in sorted(os.listdir(root)):
            if name.endswith((".jpg", ".png")) and name not in seen:
                seen[name] = Image.open(os.path.join(root, name)).convert("RGB")
    return [seen[name] for name in sorted(seen)]


def name_of(index):
    if index % 12 == 11:
        return f"photo-{index + 1:04d}." + ("png" if (index // 12) % 2 == 0 else "webp")
    return f"photo-{index + 1:04d}.jpg"


def make(job):
    index, outdir, seed = job
    path = os.path.join(outdir, name_of(index))
    if os.path.exists(path):
        return
    rng = np.random.default_rng([seed, index])
    small = not path.endswith(".jpg")
    width, height = (SMALL if small else SIZES)[rng.integers(2 if small else len(SIZES))]
    if rng.random() < 0.25:
        width, height = height, width  # portrait
    image = RENDER_CORPUS.synthesize(rng, SOURCES, width, height)
    temporary = path + ".part"
    if path.endswith(".png"):
        image.save(temporary, "PNG", compress_level=1)
    elif path.endswith(".webp"):
        image.save(temporary, "WEBP", quality=85)
    else:
        image.save(temporary, "JPEG", quality=90, subsampling=2)
    os.replace(temporary, path)


def derive(job):
    index, outdir, seed = job
    kind = name_of(index).rsplit(".", 1)[1]
    bases = [i for i in range(BASES) if name_of(i).endswith(kind)]
    base = os.path.join(outdir, "bases", name_of(bases[index % len(bases)]))
    path = os.path.join(outdir, "photos", name_of(index))
    if os.path.exists(path):
        return
    rng = np.random.default_rng([seed, 7, index])
    with Image.open(base) as image:
        width, height = image.size
        cw = int(width * rng.uniform(0.72, 0.98)) // 16 * 16
        ch = int(height * rng.uniform(0.72, 0.98)) // 16 * 16
        x = int(rng.integers(0, (width - cw) // 16 + 1)) * 16
        y = int(rng.integers(0, (height - ch) // 16 + 1)) * 16
        temporary = path + ".part"
        if kind == "jpg":
            command = ["jpegtran", "-copy", "all", "-crop", f"{cw}x{ch}+{x}+{y}"]
            if rng.random() < 0.3:
                command += ["-flip", "horizontal", "-trim"]
            subprocess.run(command + ["-outfile", temporary, base], check=True)
        else:
            cropped = image.convert("RGB").crop((x, y, x + cw, y + ch))
            if kind == "png":
                cropped.save(temporary, "PNG", compress_level=1)
            else:
                cropped.save(temporary, "WEBP", quality=85)
    os.replace(temporary, path)


def init():
    SOURCES.extend(load_sources())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("outdir")
    parser.add_argument("--seed", type=int, default=1313)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    os.makedirs(os.path.join(args.outdir, "bases"), exist_ok=True)
    os.makedirs(os.path.join(args.outdir, "photos"), exist_ok=True)
    with Pool(args.jobs, initializer=init) as pool:
        bases = [(i, os.path.join(args.outdir, "bases"), args.seed) for i in range(BASES)]
        for done, _ in enumerate(pool.imap_unordered(make, bases)):
            if (done + 1) % 10 == 0:
                print(f"{done + 1}/{BASES} base photos", file=sys.stderr)
        photos = [(i, args.outdir, args.seed) for i in range(args.count)]
        for done, _ in enumerate(pool.imap_unordered(derive, photos)):
            if (done + 1) % 60 == 0:
                print(f"{done + 1}/{args.count} photos", file=sys.stderr)


if __name__ == "__main__":
    main()
