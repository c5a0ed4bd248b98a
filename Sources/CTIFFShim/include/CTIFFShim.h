// libtiff for ContactSheet: what Swift cannot call itself.
//
// TIFFGetField is variadic and libtiff's error handlers take a va_list, so opening a file,
// reading its tags and collecting its messages happen in these C functions. Nothing is printed:
// libtiff's errors and warnings are kept with the handle and handed to Swift as text.
#ifndef CTIFF_SHIM_H
#define CTIFF_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Reads `count` bytes at `offset` of the file into `buffer`; returns how many were read, or -1.
typedef int64_t (*ctiff_read_fn)(void *context, uint64_t offset, void *buffer, uint64_t count);

/// An open TIFF and the messages libtiff gave while reading it.
typedef struct ctiff ctiff;

/// What the first directory (page) of a TIFF says.
typedef struct {
  uint32_t width;
  uint32_t height;
  uint16_t orientation;
  uint16_t photometric;
  uint16_t compression;
  uint16_t samples_per_pixel;
  uint16_t bits_per_sample;
  uint16_t sample_format;
  uint16_t planar_config;
  uint16_t ink_set;
  /// How many extra samples (alpha) follow the colour samples.
  uint16_t extra_samples;
  uint32_t subfile_type;
  /// 1 when the directory has a DNGVersion tag (a DNG).
  int has_dng_version;
  /// 1 when the compression is one this libtiff can decode.
  int codec_configured;
  int tiled;
  /// The ICC profile (owned by the handle), or NULL.
  const uint8_t *icc_profile;
  uint32_t icc_profile_size;
  /// The XMP packet (tag 700, XMLPacket; owned by the handle), or NULL.
  const uint8_t *xmp_packet;
  uint32_t xmp_packet_size;
} ctiff_info;

/// Opens a TIFF of `size` bytes read through `read(context, …)`. libtiff allocates at most
/// `max_alloc` bytes at once. NULL on failure, with the reason in `error`.
ctiff *ctiff_open(ctiff_read_fn read, void *context, uint64_t size, int64_t max_alloc, char *error,
                  size_t error_size);

void ctiff_close(ctiff *tiff);

/// The first directory's tags.
void ctiff_get_info(ctiff *tiff, ctiff_info *info);

/// How many directories (pages) the file holds, counting no further than `limit`.
int ctiff_page_count(ctiff *tiff, int limit);

/// Decodes the first directory shrunk `factor` times on each side (each output pixel the mean of
/// a factor × factor block; edge blocks are smaller) into `pixels`: B, G, R, A bytes, colour
/// premultiplied, `out_width` = ceil(width / factor) by `out_height` = ceil(height / factor), in
/// stored order. Only a band of `factor` rows is held at once. Returns 0 when every row
/// was read, 1 when some could not be (see `ctiff_message`), -1 when nothing could be.
int ctiff_read_bgra_shrunk(ctiff *tiff, int factor, uint8_t *pixels, uint32_t out_width,
                           uint32_t out_height);

/// The fast path of `ctiff_read_bgra_shrunk` for the commonest photo layouts: strips (not tiles)
/// of contiguous 8- or 16-bit RGB or grey samples, without alpha, compressed any way but JPEG.
/// Each strip is decoded once and its rows added straight into the block sums (16-bit samples
/// are averaged before they are scaled to 8 bits). Same output and return values as
/// `ctiff_read_bgra_shrunk`, or -2 (nothing read) for a layout this path does not take.
int ctiff_read_strips_shrunk(ctiff *tiff, int factor, uint8_t *pixels, uint32_t out_width,
                             uint32_t out_height);

/// Decodes contiguous grey or RGB samples (with alpha) stored as numbers libtiff's RGBA reader
/// refuses: IEEE floating point of 16, 32 or 64 bits, signed integers of 8, 16 or 32 bits and
/// 32-bit unsigned integers, from strips or tiles, shrunk as `ctiff_read_bgra_shrunk` does.
/// Floating-point values 0 to 1 are black to white (others clamped, NaN black); integers scale
/// from 0 to their largest value (negative values black). Same output and return values as
/// `ctiff_read_bgra_shrunk`, or -2 (nothing read) for a layout this reader does not take.
int ctiff_read_numbers_shrunk(ctiff *tiff, int factor, uint8_t *pixels, uint32_t out_width,
                              uint32_t out_height);

/// Decodes an 8-bit, contiguous image with `samples_per_pixel` samples (such as CMYK) into
/// `pixels` as stored, width × samples bytes per row. Same return values as `ctiff_read_bgra_shrunk`.
int ctiff_read_samples8(ctiff *tiff, uint8_t *pixels);

/// The first error libtiff reported, else its last warning, else NULL. Owned by the handle.
const char *ctiff_message(ctiff *tiff);

/// 1 when libtiff reported an error (not only warnings) since the file was opened.
int ctiff_had_error(ctiff *tiff);

/// libtiff's version line, such as "LIBTIFF, Version 4.5.0".
const char *ctiff_version(void);

#endif
