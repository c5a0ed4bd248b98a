// libpng for ContactSheet: one reader and one streaming writer.
//
// libpng reports errors with longjmp, which Swift cannot survive, so every setjmp stays in
// these C functions: each returns 0 (or a handle) on success, or -1 (or NULL) with a message in
// `error`.
#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/// A PNG being read from memory: `cpng_reader_open` reads its header, `cpng_reader_read` its
/// pixels into a buffer the caller provides, `cpng_reader_close` releases it.
typedef struct cpng_reader cpng_reader;

/// Limits checked by libpng before it allocates: the largest width and height, and the
/// largest ancillary chunk (text, ICC profile, …) it will hold in memory.
typedef struct {
  uint32_t max_width;
  uint32_t max_height;
  size_t max_chunk_bytes;
} cpng_limits;

/// Opens the PNG in `data` (not copied: it must outlive the reader) and reads its header.
/// With `straight`, the pixels are read as pngjs reads them, for pixelmatch: left straight (B, G,
/// R, A as stored) instead of premultiplied, and 16-bit samples rounded to 8 bits (without it,
/// their high byte is kept). `*has_alpha` is 1 when the file has an alpha channel or
/// transparency. On failure returns NULL; `*truncated` is 1 when the data ended before the
/// header did.
cpng_reader *cpng_reader_open(const uint8_t *data, size_t size, cpng_limits limits, int straight,
                              int *width, int *height, int *has_alpha, int *truncated, char *error,
                              size_t error_size);

/// Reads the pixels as premultiplied B, G, R, A (Cairo's ARGB32 order on little-endian
/// machines; opaque images get alpha 255) into `pixels`, rows `stride` bytes apart.
/// `*truncated` is 1 when the data ended early.
int cpng_reader_read(cpng_reader *reader, uint8_t *pixels, size_t stride, int *truncated,
                     char *error, size_t error_size);

/// Whether the PNG is interlaced (Adam7): its rows arrive in seven passes, so it can only be
/// read whole, never row by row.
int cpng_reader_is_interlaced(const cpng_reader *reader);

/// Reads the next `count` rows of a non-interlaced PNG into `pixels`, `stride` bytes apart, in
/// the same premultiplied B, G, R, A as `cpng_reader_read`: a large image is read a few rows at
/// a time and shrunk as it goes, never held whole. `*truncated` is 1 when the data ended early.
int cpng_reader_read_rows(cpng_reader *reader, uint8_t *pixels, int count, size_t stride, int *truncated,
                          char *error, size_t error_size);

void cpng_reader_close(cpng_reader *reader);

/// How the rows handed to a writer are laid out, and how the file stores them.
typedef enum {
  /// B, G, R, X bytes per pixel (Cairo RGB24); stored as 8-bit RGB.
  CPNG_ROWS_BGRX = 0,
  /// Premultiplied B, G, R, A bytes (Cairo ARGB32); stored as 8-bit RGBA, unpremultiplied.
  CPNG_ROWS_BGRA_PREMULTIPLIED = 1,
  /// One palette index per pixel; stored as an 8-bit palette image.
  CPNG_ROWS_PALETTE = 2,
  /// Straight R, G, B, A bytes (pixelmatch's and a canvas's order); stored as 8-bit RGBA as they are.
  CPNG_ROWS_RGBA = 3,
} cpng_rows;

/// A PNG being written row by row, so a page need not be in memory at once.
typedef struct cpng_writer cpng_writer;

/// Creates `path` for a `width`×`height` PNG at zlib `level` (0–9). For CPNG_ROWS_PALETTE,
/// `palette_rgb` holds `palette_size` R, G, B triples.
cpng_writer *cpng_writer_open(const char *path, int width, int height, cpng_rows rows, int level,
                              const uint8_t *palette_rgb, int palette_size, char *error,
                              size_t error_size);

/// As cpng_writer_open, the file also saying it is sRGB (an sRGB chunk, with the gAMA and cHRM
/// that stand for it) and, when `pixels_per_inch` is over 0, its resolution (a pHYs chunk in
/// pixels per metre), so that it opens at its print size.
cpng_writer *cpng_writer_open_srgb(const char *path, int width, int height, cpng_rows rows, int level,
                                   double pixels_per_inch, char *error, size_t error_size);

/// Appends `count` rows, `stride` bytes apart.
int cpng_writer_write_rows(cpng_writer *writer, const uint8_t *data, int count, size_t stride);

/// Finishes the file (when `complete`), closes it and frees the writer; its error, if any,
/// goes to `error`.
int cpng_writer_close(cpng_writer *writer, int complete, char *error, size_t error_size);

/// Writes a whole opaque B, G, R, X image at zlib's fastest setting: as an 8-bit palette image
/// when it has at most 256 colours (diff images have about 30), else as RGB.
int cpng_write_bgrx(const char *path, const uint8_t *pixels, int width, int height, size_t stride,
                    char *error, size_t error_size);

/// Reads a whole 16-bit PNG of `width`×`height` (from its header) into `pixels`, which holds
/// `width * height * 4` samples: straight R, G, B, A of 16 bits each, in the host's byte order.
/// Fails when the file is not 16-bit or its size differs.
int cpng_read_rgba16(const uint8_t *data, size_t size, cpng_limits limits, int width, int height,
                     uint16_t *pixels, char *error, size_t error_size);

/// The version of the libpng in use, such as "1.6.39".
const char *cpng_version(void);

#endif
