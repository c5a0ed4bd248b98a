#!/usr/bin/python3
"""Writes copies of a clean PDF/X-4 file, each breaking one rule that `contactsheet preflight`
checks, named after the rule: FOLDER/RULE.pdf.

Usage: break-pdf.py CLEAN.pdf FOLDER
"""
import os
import sys

import pikepdf


def variant(clean, folder, rule, change, **save):
    pdf = pikepdf.open(clean)
    change(pdf)
    pdf.save(os.path.join(folder, rule + ".pdf"), **save)


def drop_intent(pdf):
    del pdf.Root["/OutputIntents"]


def drop_profile(pdf):
    del pdf.Root.OutputIntents[0]["/DestOutputProfile"]


def untrapped(pdf):
    pdf.trailer.Info.Trapped = pikepdf.Name("/Unknown")


def no_version(pdf):
    del pdf.trailer.Info["/GTS_PDFXVersion"]


def no_metadata(pdf):
    del pdf.Root["/Metadata"]


def no_trim(pdf):
    del pdf.pages[0].obj["/TrimBox"]


def bleed_past_media(pdf):
    media = pdf.pages[0].obj.MediaBox
    pdf.pages[0].obj.BleedBox = pikepdf.Array([media[0], media[1], float(media[2]) + 1, media[3]])


def unembedded_font(pdf):
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor":
            for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                if key in obj:
                    del obj[key]
            return


def device_rgb(pdf):
    for page in pdf.pages:
        del page.obj.Resources["/ColorSpace"]


def link_without_contents(pdf):
    page = pdf.pages[0].obj
    link = pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[10, 10, 50, 50],
        A=pikepdf.Dictionary(S=pikepdf.Name.URI, URI=pikepdf.String("https://example.com"))))
    page.Annots = pikepdf.Array([link])


def figure_without_alt(pdf):
    figure = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Figure))
    document = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Document,
                                                    K=pikepdf.Array([figure])))
    pdf.Root.StructTreeRoot = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructTreeRoot, K=document))


def add_cmyk(pdf, colour, sample):
    """Draws a rectangle in the CMYK colour `colour` (four fractions) and a 2x2 DeviceCMYK image
    whose last pixel is `sample` (four bytes), at 72 ppi, on the first page."""
    page = pdf.pages[0]
    image = pikepdf.Stream(pdf, bytes(12) + bytes(sample))
    image.Type = pikepdf.Name.XObject
    image.Subtype = pikepdf.Name.Image
    image.Width, image.Height, image.BitsPerComponent = 2, 2, 8
    image.ColorSpace = pikepdf.Name.DeviceCMYK
    page.obj.Resources.XObject.Ink = pdf.make_indirect(image)
    c, m, y, k = colour
    page.contents_add(pikepdf.Stream(pdf, (
        "q %g %g %g %g k 0 0 10 10 re f 2 0 0 2 20 20 cm /Ink Do Q" % (c, m, y, k)).encode()))


def add_cmyk_jpeg(pdf):
    """Draws an 8x8 CMYK JPEG of 400% ink as Photoshop writes one: samples stored inverted
    (Adobe's convention, as Pillow writes it) and a /Decode array saying so."""
    import io
    from PIL import Image
    data = io.BytesIO()
    Image.new("CMYK", (8, 8), (255, 255, 255, 255)).save(data, "JPEG", quality=100)
    image = pikepdf.Stream(pdf, data.getvalue())
    image.Type = pikepdf.Name.XObject
    image.Subtype = pikepdf.Name.Image
    image.Width, image.Height, image.BitsPerComponent = 8, 8, 8
    image.ColorSpace = pikepdf.Name.DeviceCMYK
    image.Filter = pikepdf.Name.DCTDecode
    image.Decode = pikepdf.Array([1, 0, 1, 0, 1, 0, 1, 0])
    page = pdf.pages[0]
    page.obj.Resources.XObject.Jpeg = pdf.make_indirect(image)
    page.contents_add(pikepdf.Stream(pdf, b"q 8 0 0 8 40 40 cm /Jpeg Do Q"))


def rgb_intent(pdf):
    # The file's own sRGB profile (its DefaultRGB) stands for an RGB printing condition.
    srgb = pdf.pages[0].obj.Resources.ColorSpace.DefaultRGB[1]
    pdf.Root.OutputIntents[0].DestOutputProfile = srgb
    add_cmyk(pdf, (0, 0, 0, 1), (0, 0, 0, 255))


def main(clean, folder):
    variant(clean, folder, "output-intent", drop_intent)
    variant(clean, folder, "output-intent-profile", drop_profile)
    variant(clean, folder, "trapped", untrapped)
    variant(clean, folder, "pdfx-version", no_version)
    variant(clean, folder, "metadata", no_metadata)
    variant(clean, folder, "boxes", no_trim)
    variant(clean, folder, "boxes-bleed", bleed_past_media)
    variant(clean, folder, "fonts", unembedded_font)
    variant(clean, folder, "colour", device_rgb)
    variant(clean, folder, "encryption", lambda pdf: None,
            encryption=pikepdf.Encryption(owner="owner", user="", R=6))
    variant(clean, folder, "link-description", link_without_contents)
    variant(clean, folder, "total-ink", lambda pdf: add_cmyk(pdf, (1, 1, 1, 1), (0, 0, 0, 0)))
    variant(clean, folder, "total-ink-image", lambda pdf: add_cmyk(pdf, (0, 0, 0, 0), (255, 255, 255, 128)))
    # 0.8+0.7+0.6+0.9 = 300% and (255, 255, 127, 128) = 300%: at the limit, not above it.
    variant(clean, folder, "ink-within", lambda pdf: add_cmyk(pdf, (0.8, 0.7, 0.6, 0.9), (255, 255, 127, 128)))
    variant(clean, folder, "total-ink-jpeg", add_cmyk_jpeg)
    variant(clean, folder, "colour-cmyk", rgb_intent)
    variant(clean, folder, "alt-text", figure_without_alt)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
