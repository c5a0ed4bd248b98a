#!/usr/bin/python3
"""Prints, as JSON, what a PDF says about itself that PDF/X-4 and PDF/UA checks look at,
read by pikepdf (libqpdf), independently of ContactSheet's own PDF code.

Usage: pdf-facts.py FILE.pdf
"""
import json
import sys

import pikepdf


def text(value):
    return None if value is None else str(value)


def main(path):
    pdf = pikepdf.open(path)
    facts = {"header": open(path, "rb").read(8).decode("latin-1"), "encrypted": pdf.is_encrypted}
    root = pdf.Root
    intents = []
    for intent in root.get("/OutputIntents", []):
        profile = intent.get("/DestOutputProfile")
        intents.append({
            "S": text(intent.get("/S")),
            "OutputConditionIdentifier": text(intent.get("/OutputConditionIdentifier")),
            "OutputCondition": text(intent.get("/OutputCondition")),
            "Info": text(intent.get("/Info")),
            "RegistryName": text(intent.get("/RegistryName")),
            "N": int(profile.N) if profile is not None else None,
            "profileBytes": len(profile.read_bytes()) if profile is not None else 0,
        })
    facts["outputIntents"] = intents
    info = pdf.trailer.get("/Info")
    facts["info"] = {str(k)[1:]: str(v) for k, v in (info.items() if info is not None else [])}
    ids = pdf.trailer.get("/ID")
    facts["trailerID"] = [len(bytes(x)) for x in ids] if ids is not None else None
    xmp = {}
    if "/Metadata" in root:
        with pdf.open_metadata() as meta:
            for key in meta:
                xmp[key.split("}")[-1] if "}" in key else key] = str(meta[key])
    facts["xmp"] = xmp
    pages = []
    for page in pdf.pages:
        boxes = {}
        for name in ("MediaBox", "BleedBox", "TrimBox"):
            if "/" + name in page.obj:
                boxes[name] = [float(x) for x in page.obj["/" + name]]
        resources = page.obj.get("/Resources", pikepdf.Dictionary())
        spaces = resources.get("/ColorSpace", pikepdf.Dictionary())
        group = page.obj.get("/Group")
        pages.append({
            "boxes": boxes,
            "defaultRGB": "/DefaultRGB" in spaces,
            "groupCS": repr(group.get("/CS"))[:40] if group is not None else None,
        })
    facts["pages"] = pages
    device_rgb = 0
    forms_without_default_rgb = 0
    images = {"icc": 0, "gray": 0, "other": 0}
    fonts_unembedded = []
    for obj in pdf.objects:
        if not isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            continue
        kind = obj.get("/Subtype")
        space = obj.get("/ColorSpace")
        if kind == "/Image" and obj.get("/ImageMask") is not True:
            if isinstance(space, pikepdf.Array) and space[0] == "/ICCBased":
                images["icc"] += 1
            elif space == "/DeviceGray":
                images["gray"] += 1
            else:
                images["other"] += 1
        own = obj.get("/Resources")
        if kind == "/Form" and isinstance(own, pikepdf.Dictionary):
            if "/DefaultRGB" not in own.get("/ColorSpace", pikepdf.Dictionary()):
                forms_without_default_rgb += 1
        if space == "/DeviceRGB":
            device_rgb += 1
        group = obj.get("/Group")
        if isinstance(group, pikepdf.Dictionary) and group.get("/CS") == "/DeviceRGB":
            device_rgb += 1
        if obj.get("/Type") == "/Font" and kind not in ("/Type0", "/Type3"):
            descriptor = obj.get("/FontDescriptor")
            if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                fonts_unembedded.append(str(obj.get("/BaseFont")))
    facts["deviceRGB"] = device_rgb
    facts["formsWithoutDefaultRGB"] = forms_without_default_rgb
    facts["images"] = images
    facts["unembeddedFonts"] = fonts_unembedded
    print(json.dumps(facts, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
