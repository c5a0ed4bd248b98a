#ifndef CSHIMS_H
#define CSHIMS_H
// Function wrappers for C macros that Swift cannot import (function-like macros),
// each prefixed `cs_` so their origin is plain at the call site.
#include <pango/pango.h>
#include <turbojpeg.h>

/// PANGO_PIXELS: Pango units to whole pixels, rounded.
int cs_pango_pixels(int units);

/// TJSCALED: a dimension scaled by a TurboJPEG scaling factor, rounded up.
int cs_tj_scaled(int dimension, tjscalingfactor factor);

/// Writes a Cairo RGB24 image (B, G, R, X bytes per pixel on little-endian) as an 8-bit RGB
/// PNG with zlib `level` (0-9) and the Sub filter: much faster than Cairo's own writer
/// (level 6, adaptive filters) at a slightly larger file. libpng reports errors with
/// `longjmp`, so the `setjmp` stays here in C. Returns 0, or -1 with `error` filled.
int cs_write_png_rgb24(const char *path, const unsigned char *data, int width, int height, int stride,
                       int level, char *error, int error_size);

#endif
