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

/// A PNG being written row by row (8-bit RGB from Cairo RGB24 rows: B, G, R, X bytes on
/// little-endian), with zlib `level` and the Sub filter: much faster than Cairo's own writer
/// (level 6, adaptive filters) at a slightly larger file, and a page need not be in memory at
/// once. libpng reports errors with `longjmp`, so every `setjmp` stays here in C.
typedef struct cs_png_stream cs_png_stream;

/// Opens `path` for a `width`×`height` PNG; NULL with `error` filled on failure.
cs_png_stream *cs_png_open(const char *path, int width, int height, int level, char *error, int error_size);

/// Appends `rows` rows, `stride` bytes apart; 0, or -1 with the stream's error set.
int cs_png_write_rows(cs_png_stream *stream, const unsigned char *data, int rows, int stride);

/// Finishes the file (when `complete`) and frees the stream; 0, or -1 with `error` filled.
int cs_png_close(cs_png_stream *stream, int complete, char *error, int error_size);

#endif
