// Fast PNG reading and writing for SheetCompare, straight through libpng.
//
// libpng reports errors with longjmp, which Swift cannot survive, so the setjmp stays in these
// C functions: each returns 0 on success, or -1 with a message in `error`.
#ifndef CCOMPAREPNG_H
#define CCOMPAREPNG_H

#include <stddef.h>
#include <stdint.h>

/// A PNG file being read: `ccpng_open` reads its header, `ccpng_read` its pixels into a
/// buffer the caller provides (so no copy is needed), `ccpng_close` releases it.
typedef struct ccpng_reader ccpng_reader;

/// Opens `path` and reads its header; NULL on failure. `*has_alpha` is 1 when the file has an
/// alpha channel or transparency.
ccpng_reader *ccpng_open(const char *path, int *width, int *height, int *has_alpha, char *error,
                         size_t error_size);

/// Reads the pixels as premultiplied B, G, R, A (Cairo's ARGB32 order on little-endian
/// machines) into `pixels`, width × height × 4 bytes, rows packed.
int ccpng_read(ccpng_reader *reader, uint8_t *pixels, char *error, size_t error_size);

void ccpng_close(ccpng_reader *reader);

/// Writes opaque B, G, R, A pixels (alpha ignored) as a PNG at zlib's fastest setting: an
/// 8-bit palette image when there are at most 256 colours (diff images have about 30), else RGB.
int ccpng_write_bgrx(const char *path, const uint8_t *pixels, int width, int height,
                     char *error, size_t error_size);

#endif
