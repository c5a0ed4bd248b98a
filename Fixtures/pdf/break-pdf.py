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
    variant(clean, folder, "alt-text", figure_without_alt)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
