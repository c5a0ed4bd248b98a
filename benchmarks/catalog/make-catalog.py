#!/usr/bin/env python3
"""Makes a reproducible shop catalog for the catalog benchmark: COUNT product photos (JPEG,
1200x1200 like a shop's product shots, from the sample photos in Fixtures/photos with sensor-like
noise so they compress like real photos) and products.csv, semicolon-separated as European
spreadsheets export it, with name, SKU, price, an unsorted category and a url column.

usage: make-catalog.py COUNT OUTDIR [--seed N]
"""
import argparse, csv, os, random
import numpy as np
from PIL import Image

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fixtures", "photos")
CATEGORIES = ["Kitchen", "Posters", "Garden", "Office", "Lighting", "Toys", "Textiles", "Clocks"]
WORDS = ["Classic", "Modern", "Small", "Large", "Nordic", "Vintage", "Red", "Oak", "Brass", "Linen"]
THINGS = ["cup", "poster", "lamp", "chair", "clock", "vase", "rug", "shelf", "mug", "kettle"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("outdir")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    os.makedirs(os.path.join(args.outdir, "photos"), exist_ok=True)
    rng = random.Random(args.seed)
    noise = np.random.default_rng(args.seed)
    sources = [Image.open(os.path.join(ROOT, name)).convert("RGB") for name in sorted(os.listdir(ROOT))
               if name.endswith((".jpg", ".png"))]
    rows = []
    for index in range(args.count):
        name = f"photos/product-{index + 1:04d}.jpg"
        path = os.path.join(args.outdir, name)
        if not os.path.exists(path):
            source = rng.choice(sources)
            side = min(source.size)
            left = rng.randint(0, source.size[0] - side)
            top = rng.randint(0, source.size[1] - side)
            image = source.crop((left, top, left + side, top + side)).resize((1200, 1200), Image.BICUBIC)
            pixels = np.asarray(image, dtype=np.int16) + noise.normal(0, 6, (1200, 1200, 3)).astype(np.int16)
            Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8)).save(path, quality=88)
        product = f"{rng.choice(WORDS)} {rng.choice(THINGS)} {index + 1}"
        price = f"€ {rng.randint(5, 900)},{rng.randint(0, 99):02d}"
        rows.append([name, product, f"SKU-{index + 1:05d}", price, rng.choice(CATEGORIES),
                     f"https://shop.example/products/{index + 1}"])
    with open(os.path.join(args.outdir, "products.csv"), "w", newline="") as file:
        writer = csv.writer(file, delimiter=";")
        writer.writerow(["image", "name", "sku", "price", "category", "url"])
        writer.writerows(rows)


if __name__ == "__main__":
    main()
