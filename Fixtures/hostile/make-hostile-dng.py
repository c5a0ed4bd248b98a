#!/usr/bin/env python3
"""Writes raw-preview-height-twice.dng: Fuzz/corpus/raw/preview.dng (7,840 bytes) with IFD 0's Compression tag
(0x0103, value 7) renamed ImageLength (0x0101), so the preview's directory names its height
twice (24, then 7). LibRaw 0.20's unpack_thumb then wrote past its buffer (heap corruption,
glibc's "free(): invalid next size"). No dependencies. Run: python3 make-hostile-dng.py
"""
import pathlib
import struct

here = pathlib.Path(__file__).parent
data = bytearray((here / ".." / ".." / "Fuzz" / "corpus" / "raw" / "preview.dng").read_bytes())
entry = 8 + 2 + 4 * 12  # IFD 0 starts at byte 8; Compression is its fifth entry
assert struct.unpack_from("<HHI", data, entry) == (0x0103, 3, 1), "preview.dng changed"
struct.pack_into("<H", data, entry, 0x0101)
(here / "raw-preview-height-twice.dng").write_bytes(bytes(data))
