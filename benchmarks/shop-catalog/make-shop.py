#!/usr/bin/python3
"""Makes the shop-catalog benchmark's inputs: a Shopify product export of COUNT products (four
rows each: the product with its first variant and picture, two more variants, one more picture)
naming local files (shopify-local.csv) and the same files by URL (shopify-urls.csv).

usage: make-shop.py WORK [COUNT] [--pool N] [--port PORT] [--links]

WORK/pool/     N camera-shaped JPEGs (3000x2000 or 2000x3000, quality 90, a light grain) made
               from the photos in Fixtures/photos, each cropped, tinted and numbered differently
WORK/img/      p{i}.jpg, product i's picture: pool image i % N with a JPEG comment naming the
               product, so every product's file differs (the thumbnail cache is keyed by the
               bytes: 5,000 hard links to 40 files would be 40 decodes); with --links a hard link
               to the pool image instead. p{i}-b.jpg, its second picture, is always a hard link.
The CSVs name img/p{i}.jpg (shopify-local.csv), or http://127.0.0.1:PORT/img/p{i}.jpg
(shopify-urls.csv; without --port, PORT is written as the placeholder {PORT}).
Generating again into the same WORK with the same options keeps the files already made.
"""
import glob
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFont, ImageEnhance, ImageOps

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FONT = os.path.join(ROOT, "Fixtures", "fonts", "DejaVuSans-Bold.ttf")

HEADER = ["Handle", "Title", "Body (HTML)", "Vendor", "Product Category", "Type", "Tags", "Published",
          "Option1 Name", "Option1 Value", "Variant SKU", "Variant Price", "Variant Compare At Price",
          "Image Src", "Image Position", "Image Alt Text", "Status"]

# Nine types, each with Shopify's category, the nouns of its titles and the option its variants differ by.
TYPES = [
    ("Tables", "Home & Garden > Furniture > Tables", ["Dining Table", "Side Table", "Desk", "Coffee Table"],
     "Size", ["Small", "Medium", "Large"], (149, 1899)),
    ("Chairs", "Home & Garden > Furniture > Chairs", ["Chair", "Stool", "Armchair", "Bench"],
     "Finish", ["Oak", "Walnut", "Black"], (59, 899)),
    ("Lamps", "Home & Garden > Lighting > Lamps", ["Floor Lamp", "Desk Lamp", "Pendant", "Wall Light"],
     "Colour", ["Brass", "White", "Black"], (29, 649)),
    ("Cameras", "Cameras & Optics > Cameras > Film Cameras", ["Rangefinder", "SLR", "Compact", "Instant Camera"],
     "Condition", ["Good", "Very good", "Mint"], (89, 2450)),
    ("Clocks", "Home & Garden > Decor > Clocks", ["Wall Clock", "Alarm Clock", "Mantel Clock", "Cuckoo Clock"],
     "Colour", ["Brass", "Copper", "Silver"], (19, 389)),
    ("Rugs", "Home & Garden > Decor > Rugs", ["Wool Rug", "Runner", "Kilim", "Bath Mat"],
     "Size", ["120 × 170 cm", "160 × 230 cm", "200 × 300 cm"], (39, 1290)),
    ("Mugs", "Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs", ["Mug", "Cup", "Tumbler", "Teapot"],
     "Colour", ["Sand", "Moss", "Ink"], (6, 79)),
    ("Bags", "Apparel & Accessories > Handbags, Wallets & Cases > Handbags", ["Tote", "Backpack", "Satchel", "Wallet"],
     "Colour", ["Tan", "Black", "Olive"], (25, 495)),
    ("Watches", "Apparel & Accessories > Jewelry > Watches", ["Field Watch", "Diver", "Chronograph", "Dress Watch"],
     "Strap", ["Leather", "Steel", "Nylon"], (79, 3200)),
]
ADJECTIVES = ["Oak", "Linen", "Nordic", "Brass", "Classic", "Studio", "Harbour", "Alpine", "Copper", "Field",
              "Meadow", "Slate", "Amber", "Coastal", "Heritage", "Urban"]
# Now and then a title in German (umlauts), Arabic or Japanese.
GERMAN = ["Große Kaffeemühle", "Bürostuhl „Öko“", "Küchenwaage Müller", "Schränkchen Märchen", "Fußhocker Grün",
          "Tischleuchte Weiß", "Wanduhr Schwäbisch", "Teppich Läufer Süd"]
ARABIC = ["مصباح نحاسي", "كرسي خشبي", "ساعة حائط", "حقيبة جلدية", "سجادة صوف"]
JAPANESE = ["木製スツール", "真鍮の時計", "陶器のマグカップ", "革のトートバッグ", "フィルムカメラ"]
VENDORS = ["Nordisk Møbel", "Uhrwerk Zürich", "Atelier Lumière", "Harbour & Co.", "Kōbō Tanaka",
           "Fjeld Supply", "Casa Oliva", "Dar Al Nahas"]
FEATURES = ["Solid wood, oiled by hand", "Made to order in 3&nbsp;weeks", "Two-year warranty",
            "Ships flat-packed", "Recycled packaging", "Care: wipe with a damp cloth",
            "Certified FSC&reg; timber", "Hand-finished &amp; inspected"]


def make_pool(folder, count, seed=27):
    """count JPEGs of 3000x2000 (every fourth 2000x3000) from the fixture photos."""
    os.makedirs(folder, exist_ok=True)
    sources = sorted(glob.glob(os.path.join(ROOT, "Fixtures", "photos", "*.png"))
                     + glob.glob(os.path.join(ROOT, "Fixtures", "photos", "*.jpg")))
    sources = [s for s in sources if "text.png" not in s] or sources
    rng = random.Random(seed)
    font = ImageFont.truetype(FONT, 220)
    paths = []
    for n in range(count):
        path = os.path.join(folder, f"pool-{n:02d}.jpg")
        paths.append(path)
        if os.path.exists(path):
            continue
        photo = Image.open(sources[n % len(sources)]).convert("RGB")
        if n // len(sources) % 2:
            photo = ImageOps.mirror(photo)
        size = (2000, 3000) if n % 4 == 3 else (3000, 2000)
        # A crop of 70-100% of the photo, at a place of its own, to the camera's shape.
        scale = rng.uniform(0.7, 1.0)
        w, h = photo.size
        aspect = size[0] / size[1]
        cw = min(w, h * aspect) * scale
        ch = cw / aspect
        x = rng.uniform(0, w - cw)
        y = rng.uniform(0, h - ch)
        image = photo.resize(size, Image.LANCZOS, box=(x, y, x + cw, y + ch))
        image = ImageEnhance.Color(image).enhance(rng.uniform(0.7, 1.4))
        tint = Image.new("RGB", size, tuple(rng.randrange(256) for _ in range(3)))
        image = Image.blend(image, tint, rng.uniform(0.05, 0.2))
        # A light sensor grain, so the JPEG is about the size of a camera's.
        grain = Image.effect_noise(size, 24).convert("RGB")
        image = Image.blend(image, grain, 0.12)
        draw = ImageDraw.Draw(image)
        draw.rectangle((80, 80, 820, 380), fill=(255, 255, 255))
        draw.text((120, 100), f"{n:02d}", font=font, fill=(20, 20, 20))
        image.save(path, "JPEG", quality=90)
    return paths


def with_comment(jpeg, text):
    """jpeg's bytes with a COM segment holding text after its SOI marker."""
    payload = text.encode()
    return jpeg[:2] + b"\xff\xfe" + (len(payload) + 2).to_bytes(2, "big") + payload + jpeg[2:]


def make_images(work, pool, count, links):
    folder = os.path.join(work, "img")
    os.makedirs(folder, exist_ok=True)
    pool_bytes = {}
    for i in range(count):
        first = os.path.join(folder, f"p{i}.jpg")
        second = os.path.join(folder, f"p{i}-b.jpg")
        if not os.path.exists(first):
            source = pool[i % len(pool)]
            if links:
                os.link(source, first)
            else:
                if source not in pool_bytes:
                    with open(source, "rb") as f:
                        pool_bytes[source] = f.read()
                with open(first + ".tmp", "wb") as f:
                    f.write(with_comment(pool_bytes[source], f"product {i}"))
                os.rename(first + ".tmp", first)
        if not os.path.exists(second):
            os.link(pool[(i + 17) % len(pool)], second)


def price_text(value):
    return f"{value:.2f}"


def products(count, seed=27):
    """count products, grouped by type as a shop sorted by type exports them."""
    rng = random.Random(seed)
    per_type = [count // len(TYPES) + (1 if t < count % len(TYPES) else 0) for t in range(len(TYPES))]
    number = 0
    for t, (type_name, category, nouns, option, values, (low, high)) in enumerate(TYPES):
        for k in range(per_type[t]):
            i = number
            number += 1
            if i % 97 == 5:
                title = f"{ARABIC[i % len(ARABIC)]} {k + 1}"
            elif i % 89 == 7:
                title = f"{JAPANESE[i % len(JAPANESE)]} {k + 1}"
            elif i % 11 == 3:
                title = f"{GERMAN[i % len(GERMAN)]} {k + 1}"
            else:
                title = f"{rng.choice(ADJECTIVES)} {rng.choice(nouns)} No. {k + 1}"
                if i % 13 == 0:
                    title += " with a rather long name that needs two lines"
            base = round(rng.uniform(low, high), 0) - (0.01 if rng.random() < 0.5 else 0)
            features = rng.sample(FEATURES, rng.randint(2, 4))
            body = (f"<p>The <strong>{title.replace('&', '&amp;')}</strong> — {type_name.lower()[:-1]} from our "
                    f"{rng.choice(ADJECTIVES).lower()} range.</p><ul>"
                    + "".join(f"<li>{f}</li>" for f in features) + "</ul>")
            yield {
                "i": i, "type": type_name, "category": category, "title": title, "body": body,
                "vendor": rng.choice(VENDORS), "option": option, "values": values, "base": base,
                "sale": rng.random() < 0.15, "handle": f"{type_name.lower()}-{k + 1}-{i}",
                "tags": ", ".join(rng.sample(["new", "sale", "bestseller", "gift", "eco", "handmade"], 2)),
            }


def write_csvs(work, count, pool_size, port):
    import csv
    base = f"http://127.0.0.1:{port}/" if port else "http://127.0.0.1:{PORT}/"
    outs = {"local": "", "urls": base}
    files = {name: open(os.path.join(work, f"shopify-{name}.csv"), "w", newline="", encoding="utf-8")
             for name in outs}
    writers = {name: csv.writer(f) for name, f in files.items()}
    for w in writers.values():
        w.writerow(HEADER)
    rows = 0
    for p in products(count):
        i = p["i"]
        for name, prefix in outs.items():
            w = writers[name]
            sku = f"{p['type'][:3].upper()}-{i:05d}"
            prices = [p["base"], p["base"] * 1.1, p["base"] * 1.25]
            for v, value in enumerate(p["values"]):
                price = price_text(round(prices[v], 0) - 0.01 if p["base"] > 20 else prices[v])
                compare = price_text(float(price) * 1.3) if p["sale"] and v == 0 else ""
                if v == 0:
                    w.writerow([p["handle"], p["title"], p["body"], p["vendor"], p["category"], p["type"], p["tags"],
                                "TRUE", p["option"], value, f"{sku}-{v + 1}", price, compare,
                                f"{prefix}img/p{i}.jpg", "1", f"{p['title']}, seen from the front", "active"])
                else:
                    w.writerow([p["handle"], "", "", "", "", "", "", "", "", value, f"{sku}-{v + 1}", price, compare,
                                "", "", "", ""])
            w.writerow([p["handle"]] + [""] * 12 + [f"{prefix}img/p{i}-b.jpg", "2", f"{p['title']}, in use", ""])
        rows += 4
    for f in files.values():
        f.close()
    return rows


def main():
    import argparse
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("work")
    parser.add_argument("count", nargs="?", type=int, default=5000)
    parser.add_argument("--pool", type=int, default=40)
    parser.add_argument("--port")
    parser.add_argument("--links", action="store_true")
    a = parser.parse_args()
    os.makedirs(a.work, exist_ok=True)
    stamp = os.path.join(a.work, f".made-{a.count}-{a.pool}-{'links' if a.links else 'distinct'}")
    if not os.path.exists(stamp):
        for old in glob.glob(os.path.join(a.work, ".made-*")):
            os.remove(old)
        if os.path.isdir(os.path.join(a.work, "img")):
            import shutil
            shutil.rmtree(os.path.join(a.work, "img"))
        pool = make_pool(os.path.join(a.work, "pool"), a.pool)
        make_images(a.work, pool, a.count, a.links)
        open(stamp, "w").close()
    rows = write_csvs(a.work, a.count, a.pool, a.port)
    print(f"{a.count} products, {rows} rows, a pool of {a.pool} pictures, in {a.work}")


if __name__ == "__main__":
    main()
