// Fast PNG reading and writing for SheetCompare, straight through libpng.
//
// libpng reports errors with longjmp, which Swift cannot survive, so the setjmp stays in these
// C functions: each returns 0 on success, or -1 with a message in `error`.
#ifndef CCOMPAREPNG_H
#define CCOMPAREPNG_H

#include <stddef.h>
#include <stdint.h>

/// Reads a PNG file into premultiplied B, G, R, A pixels (Cairo's ARGB32 order on
/// little-endian machines), rows packed. `*pixels` is malloc'ed; free it with `ccpng_free`.
/// `*has_alpha` is 1 when the file has an alpha channel or transparency.
int ccpng_read_bgra(const char *path, uint8_t **pixels, int *width, int *height, int *has_alpha,
                    char *error, size_t error_size);

/// Writes opaque B, G, R, A pixels (alpha ignored) as a PNG at zlib's fastest setting: an
/// 8-bit palette image when there are at most 256 colours (diff images have about 30), else RGB.
int ccpng_write_bgrx(const char *path, const uint8_t *pixels, int width, int height,
                     char *error, size_t error_size);

void ccpng_free(void *pointer);

#endif
