// libjpeg's streaming writer for ContactSheet's JPEG pages.
//
// libjpeg reports errors by calling a function that must not return, so every setjmp stays in
// these C functions: each returns 0 (or a handle) on success, or -1 (or NULL) with a message in
// `error`.
#ifndef CJPEG_H
#define CJPEG_H

#include <stddef.h>
#include <stdint.h>

/// A baseline JPEG being written row by row, so a page need not be in memory at once.
typedef struct cjpeg_writer cjpeg_writer;

/// Creates `path` for a `width`×`height` baseline JPEG at `quality` (1–100) taking B, G, R, X
/// rows (Cairo RGB24). The file says its resolution in its JFIF header (`pixels_per_inch`,
/// rounded; none when 0) and embeds the ICC profile `icc` (`icc_size` bytes; none when NULL).
/// Chroma is subsampled 2×2 below quality 90 and kept whole from 90, as ImageMagick does.
cjpeg_writer *cjpeg_writer_open(const char *path, int width, int height, int quality, double pixels_per_inch,
                                const uint8_t *icc, size_t icc_size, char *error, size_t error_size);

/// Appends `count` rows, `stride` bytes apart.
int cjpeg_writer_write_rows(cjpeg_writer *writer, const uint8_t *data, int count, size_t stride, char *error,
                            size_t error_size);

/// Finishes the file (when `complete`: every row must have been written), closes it and frees
/// the writer; its error, if any, goes to `error`.
int cjpeg_writer_close(cjpeg_writer *writer, int complete, char *error, size_t error_size);

#endif
