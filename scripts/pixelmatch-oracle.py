#!/usr/bin/env python3
"""Prints pixelmatch's count for each line of standard input: `A.png B.png THRESHOLD INCLUDE_AA`
(INCLUDE_AA 0 or 1), one count per line, through PyPI's pixelmatch-fast (scripts/install-oracles)."""
import sys

from pixelmatch import pixelmatch

for line in sys.stdin:
    first, second, threshold, include_aa = line.split()
    print(pixelmatch(first, second, threshold=float(threshold), includeAA=include_aa == "1"), flush=True)
