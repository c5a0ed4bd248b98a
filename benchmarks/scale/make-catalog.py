#!/usr/bin/env python3
"""Generates a large catalog shaped like a shop's or an archive's, with a fixed seed, for the
scale benchmark: N items with their pixel sizes given (no image is opened for layout), sections
every 20–80 items, and captions of 0–40 words that are unique per item and mix accented Latin,
CJK and Arabic, some with markup.

Usage: make-catalog.py N OUT.json [OUT.csv] [--no-captions] [--no-sizes]

--no-sizes leaves the width and height columns out of the CSV (the JSON keeps them), so every
image must be opened for its size: the warnings benchmark, since the photos do not exist.
"""
import csv
import json
import random
import sys

LATIN = ("café naïve Łódź señor größe façade déjà vu crème brûlée smörgåsbord jalapeño "
         "über résumé coöperate piñata Ærø Øresund quatre-vingt-dix élan bœuf "
         "lamp chair table oak ash walnut linen wool brass copper steel glass stone "
         "price size colour hand-made limited edition new classic modern rustic").split()
CJK = "東京 大阪 京都 写真 商品 椅子 机 灯り 木製 真鍮 北京 上海 茶杯 花瓶 书架 沙发 경주 서울 의자".split()
ARABIC = "مرحبا كرسي طاولة مصباح خشب نحاس زجاج حجر جديد كلاسيكي حديث".split()


def caption(rng, index, words):
    if words == 0:
        return ""
    pool = rng.random()
    parts = []
    for _ in range(words):
        r = rng.random()
        if pool < 0.15 and r < 0.6:
            parts.append(rng.choice(CJK))
        elif pool < 0.25 and r < 0.6:
            parts.append(rng.choice(ARABIC))
        else:
            parts.append(rng.choice(LATIN))
    # Unique per item: a product number, and sometimes a price with its currency.
    parts.insert(rng.randrange(len(parts) + 1), f"#{index:06d}")
    if rng.random() < 0.3:
        parts.append(f"€ {rng.randrange(5, 2000)},{rng.randrange(100):02d}")
    text = " ".join(parts)
    if rng.random() < 0.2:
        text = "<b>" + text.replace("&", "&amp;").replace("<", "&lt;") + "</b>"
    return text


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    no_captions = "--no-captions" in sys.argv
    no_sizes = "--no-sizes" in sys.argv
    count = int(args[0])
    rng = random.Random(20261122)
    items = []
    section = 0
    until_next = 0
    for index in range(count):
        if until_next == 0:
            section += 1
            until_next = rng.randrange(20, 81)
        until_next -= 1
        width = rng.choice([640, 800, 1024, 1200, 1600, 2048, 3000, 4000, 6000])
        height = int(width * rng.choice([0.5, 0.66, 0.75, 1.0, 1.25, 1.5, 2.0]))
        item = {"image": f"photos/p{index:07d}.jpg", "width": width, "height": height,
                "section": f"Section {section}"}
        if not no_captions:
            item["caption"] = caption(rng, index, rng.randrange(0, 41))
        items.append(item)
    with open(args[1], "w", encoding="utf-8") as out:
        json.dump({"title": f"{count} items", "items": items}, out, ensure_ascii=False)
    if len(args) > 2:
        with open(args[2], "w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out)
            sizes = ["width", "height"] if not no_sizes else []
            writer.writerow(["image"] + sizes + ["section", "caption"])
            for item in items:
                writer.writerow([item["image"]] + [item[key] for key in sizes]
                                + [item["section"], item.get("caption", "")])


if __name__ == "__main__":
    main()
