#include "CTIFFShim.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

struct ctiff {
  TIFF *tif;
  ctiff_read_fn read;
  void *context;
  uint64_t size;
  uint64_t position;
  int had_error;
  char error[256];
  char warning[256];
};

// The most bytes one band of decoded RGBA rows may take.
#define CTIFF_MAX_BAND_BYTES ((uint64_t)256 << 20)

static pthread_once_t silence_once = PTHREAD_ONCE_INIT;

// Messages from paths that have no TIFF handle would otherwise go to stderr.
static void silence_globals(void) {
  TIFFSetErrorHandler(NULL);
  TIFFSetWarningHandler(NULL);
}

static int on_error(TIFF *tif, void *user, const char *module, const char *format, va_list args) {
  (void)tif;
  (void)module;
  struct ctiff *tiff = user;
  if (!tiff->had_error) vsnprintf(tiff->error, sizeof tiff->error, format, args);
  tiff->had_error = 1;
  return 1;
}

static int on_warning(TIFF *tif, void *user, const char *module, const char *format,
                      va_list args) {
  (void)tif;
  (void)module;
  struct ctiff *tiff = user;
  vsnprintf(tiff->warning, sizeof tiff->warning, format, args);
  return 1;
}

static tmsize_t proc_read(thandle_t handle, void *buffer, tmsize_t count) {
  struct ctiff *tiff = handle;
  if (count <= 0) return 0;
  int64_t got = tiff->read(tiff->context, tiff->position, buffer, (uint64_t)count);
  if (got < 0) return -1;
  tiff->position += (uint64_t)got;
  return (tmsize_t)got;
}

static tmsize_t proc_write(thandle_t handle, void *buffer, tmsize_t count) {
  (void)handle;
  (void)buffer;
  (void)count;
  return -1;
}

static toff_t proc_seek(thandle_t handle, toff_t offset, int whence) {
  struct ctiff *tiff = handle;
  uint64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? tiff->position : tiff->size;
  tiff->position = base + offset;
  return tiff->position;
}

static int proc_close(thandle_t handle) {
  (void)handle;
  return 0;
}

static toff_t proc_size(thandle_t handle) { return ((struct ctiff *)handle)->size; }

static int proc_map(thandle_t handle, void **base, toff_t *size) {
  (void)handle;
  (void)base;
  (void)size;
  return 0;
}

static void proc_unmap(thandle_t handle, void *base, toff_t size) {
  (void)handle;
  (void)base;
  (void)size;
}

ctiff *ctiff_open(ctiff_read_fn read, void *context, uint64_t size, int64_t max_alloc, char *error,
                  size_t error_size) {
  pthread_once(&silence_once, silence_globals);
  struct ctiff *tiff = calloc(1, sizeof *tiff);
  if (!tiff) {
    snprintf(error, error_size, "out of memory");
    return NULL;
  }
  tiff->read = read;
  tiff->context = context;
  tiff->size = size;
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (!options) {
    free(tiff);
    snprintf(error, error_size, "out of memory");
    return NULL;
  }
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)max_alloc);
  TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, tiff);
  TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, tiff);
  // "m": never memory-map (the reader is not a file); "h": read the header only when asked.
  tiff->tif = TIFFClientOpenExt("image", "rm", tiff, proc_read, proc_write, proc_seek, proc_close,
                                proc_size, proc_map, proc_unmap, options);
  TIFFOpenOptionsFree(options);
  if (!tiff->tif) {
    snprintf(error, error_size, "%s", tiff->had_error ? tiff->error : "not a readable TIFF");
    free(tiff);
    return NULL;
  }
  return tiff;
}

void ctiff_close(ctiff *tiff) {
  if (!tiff) return;
  TIFFClose(tiff->tif);
  free(tiff);
}

void ctiff_get_info(ctiff *tiff, ctiff_info *info) {
  TIFF *tif = tiff->tif;
  memset(info, 0, sizeof *info);
  TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &info->width);
  TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &info->height);
  TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &info->orientation);
  if (!TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &info->photometric)) info->photometric = 0xFFFF;
  TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &info->compression);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &info->samples_per_pixel);
  TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &info->bits_per_sample);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &info->sample_format);
  TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &info->planar_config);
  TIFFGetFieldDefaulted(tif, TIFFTAG_INKSET, &info->ink_set);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SUBFILETYPE, &info->subfile_type);
  uint16_t extra_count = 0;
  uint16_t *extra_types = NULL;
  if (TIFFGetField(tif, TIFFTAG_EXTRASAMPLES, &extra_count, &extra_types)) {
    info->extra_samples = extra_count;
  }
  void *dng_version = NULL;
  info->has_dng_version = TIFFGetField(tif, TIFFTAG_DNGVERSION, &dng_version) ? 1 : 0;
  info->codec_configured = TIFFIsCODECConfigured(info->compression);
  info->tiled = TIFFIsTiled(tif);
  uint32_t icc_size = 0;
  void *icc = NULL;
  if (TIFFGetField(tif, TIFFTAG_ICCPROFILE, &icc_size, &icc) && icc && icc_size > 0) {
    info->icc_profile = icc;
    info->icc_profile_size = icc_size;
  }
  uint32_t xmp_size = 0;
  const uint8_t *xmp = NULL;
  if (TIFFGetField(tif, TIFFTAG_XMLPACKET, &xmp_size, &xmp) && xmp && xmp_size > 0) {
    info->xmp_packet = xmp;
    info->xmp_packet_size = xmp_size;
  }
}

/// After this many strips or tiles in a row could not be read at all, the rest are taken as
/// unreadable without asking libtiff (their rows stay grey, as unreadable rows do), so a file
/// declaring far more strips than it holds does not have libtiff fail and report it once per
/// strip. (The 232-byte file of 786,433 one-row strips was slow for another reason, a read per
/// strip, which `BlockReader` in SheetImages mends.)
enum { CTIFF_FAILED_RUN_LIMIT = 1024 };

int ctiff_page_count(ctiff *tiff, int limit) {
  TIFF *tif = tiff->tif;
  int count = 1;
  while (count < limit && TIFFReadDirectory(tif)) count++;
  TIFFSetDirectory(tif, 0);
  return count;
}

int ctiff_read_bgra_shrunk(ctiff *tiff, int factor, uint8_t *pixels, uint32_t out_width,
                           uint32_t out_height) {
  TIFF *tif = tiff->tif;
  char message[1024] = "";
  TIFFRGBAImage image;
  uint16_t orientation = ORIENTATION_TOPLEFT;
  TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &orientation);
  if (factor < 1 || !TIFFRGBAImageOK(tif, message) || !TIFFRGBAImageBegin(&image, tif, 0, message)) {
    if (!tiff->had_error) snprintf(tiff->error, sizeof tiff->error, "%s", message);
    tiff->had_error = 1;
    return -1;
  }
  // The file's own orientation: libtiff flips nothing, rows come as stored.
  image.req_orientation = orientation;
  uint32_t width = image.width, height = image.height;
  // A band is a whole number of output rows and of strips or tiles, so libtiff decodes each
  // strip about once: a band that starts inside a strip has libtiff decode that strip from its
  // top again, so bands of a few rows over one tall strip cost time quadratic in its height
  // (fuzzing found a 16×64779 single-strip file taking minutes). Only a band over
  // CTIFF_MAX_BAND_BYTES falls back to `factor` rows.
  uint32_t unit = 0;
  if (TIFFIsTiled(tif)) {
    TIFFGetField(tif, TIFFTAG_TILELENGTH, &unit);
  } else {
    TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &unit);
  }
  uint32_t band_rows = (uint32_t)factor;
  if (unit > band_rows) {
    uint64_t rows = unit < image.height ? unit : image.height;
    rows = (rows + (uint64_t)factor - 1) / (uint64_t)factor * (uint64_t)factor;
    if ((uint64_t)image.width * rows * 4 <= CTIFF_MAX_BAND_BYTES) band_rows = (uint32_t)rows;
  }
  if (band_rows > height + (uint32_t)factor) band_rows = (height + factor - 1) / factor * factor;
  uint32_t *band = malloc((size_t)width * band_rows * sizeof *band);
  uint64_t *sums = malloc((size_t)out_width * 4 * sizeof *sums);
  if (!band || !sums) {
    free(band);
    free(sums);
    TIFFRGBAImageEnd(&image);
    return -1;
  }
  int failed = 0, read_any = 0;
  for (uint32_t band_top = 0; band_top < height; band_top += band_rows) {
    uint32_t band_height = height - band_top < band_rows ? height - band_top : band_rows;
    memset(band, 0x80, (size_t)width * band_height * sizeof *band);
    image.row_offset = (int)band_top;
    image.col_offset = 0;
    if (TIFFRGBAImageGet(&image, band, width, band_height)) {
      read_any = 1;
    } else {
      failed = 1;
    }
    for (uint32_t top = 0; top < band_height; top += (uint32_t)factor) {
      uint32_t out_y = (band_top + top) / (uint32_t)factor;
      if (out_y >= out_height) break;
      uint32_t rows = band_height - top < (uint32_t)factor ? band_height - top : (uint32_t)factor;
      memset(sums, 0, (size_t)out_width * 4 * sizeof *sums);
      for (uint32_t row = 0; row < rows; row++) {
        const uint32_t *line = band + (size_t)(top + row) * width;
        for (uint32_t x = 0; x < width; x++) {
          uint32_t pixel = line[x];
          uint64_t *sum = sums + (size_t)(x / (uint32_t)factor) * 4;
          sum[0] += TIFFGetB(pixel);
          sum[1] += TIFFGetG(pixel);
          sum[2] += TIFFGetR(pixel);
          sum[3] += TIFFGetA(pixel);
        }
      }
      uint8_t *target = pixels + (size_t)out_y * out_width * 4;
      for (uint32_t out_x = 0; out_x < out_width; out_x++) {
        uint32_t left = out_x * (uint32_t)factor;
        uint32_t columns = width - left < (uint32_t)factor ? width - left : (uint32_t)factor;
        uint64_t count = (uint64_t)columns * rows;
        for (int channel = 0; channel < 4; channel++) {
          target[out_x * 4 + channel] = (uint8_t)((sums[out_x * 4 + channel] + count / 2) / count);
        }
      }
    }
  }
  free(band);
  free(sums);
  TIFFRGBAImageEnd(&image);
  if (!read_any) return -1;
  return failed || tiff->had_error ? 1 : 0;
}

// Adds one stored row of `samples`-sample pixels (8 or 16 bits each) into per-block sums of
// `factor` columns, three sums (B, G, R) per output pixel; grey rows feed all three.
static void add_row(const uint8_t *row, int wide, uint16_t samples, uint32_t width, int factor,
                    uint64_t *sums) {
  uint32_t x = 0;
  for (uint64_t *sum = sums; x < width; sum += 3) {
    uint32_t end = x + (uint32_t)factor < width ? x + (uint32_t)factor : width;
    uint64_t r = 0, g = 0, b = 0;
    if (wide) {
      const uint16_t *line = (const uint16_t *)row;
      for (; x < end; x++) {
        const uint16_t *pixel = line + (size_t)x * samples;
        r += pixel[0];
        g += pixel[samples == 3 ? 1 : 0];
        b += pixel[samples == 3 ? 2 : 0];
      }
    } else {
      for (; x < end; x++) {
        const uint8_t *pixel = row + (size_t)x * samples;
        r += pixel[0];
        g += pixel[samples == 3 ? 1 : 0];
        b += pixel[samples == 3 ? 2 : 0];
      }
    }
    sum[0] += b;
    sum[1] += g;
    sum[2] += r;
  }
}

// The tags that say how a directory's samples are laid out, read once for each reader.
typedef struct {
  uint32_t width, height, rows_per_strip;
  uint16_t bits, samples, photometric, planar, compression, sample_format, extra_count;
} sample_layout;

// Reads `layout` from the current directory; 0 when it has no Photometric tag.
static int read_sample_layout(TIFF *tif, sample_layout *layout) {
  memset(layout, 0, sizeof *layout);
  uint16_t *extra_types = NULL;
  layout->sample_format = SAMPLEFORMAT_UINT;
  TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &layout->width);
  TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &layout->height);
  TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &layout->bits);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &layout->samples);
  TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &layout->planar);
  TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &layout->compression);
  TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &layout->rows_per_strip);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &layout->sample_format);
  TIFFGetField(tif, TIFFTAG_EXTRASAMPLES, &layout->extra_count, &extra_types);
  return TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &layout->photometric);
}

// Whether row `y` is the last of its block of `factor` rows (or of the image's `height`) and
// completes an output row within `out_height`: then `out_y` is that row and `block_rows` how
// many stored rows the block had.
static int completes_block(uint32_t y, uint32_t height, int factor, uint32_t out_height,
                           uint32_t *out_y, uint32_t *block_rows) {
  if ((y + 1) % (uint32_t)factor != 0 && y + 1 != height) return 0;
  *out_y = y / (uint32_t)factor;
  *block_rows = y % (uint32_t)factor + 1;
  return *out_y < out_height;
}

// How many stored columns output column `out_x`'s block has (the last may be narrower).
static uint32_t block_columns(uint32_t out_x, uint32_t width, int factor) {
  uint32_t left = out_x * (uint32_t)factor;
  return width - left < (uint32_t)factor ? width - left : (uint32_t)factor;
}

int ctiff_read_strips_shrunk(ctiff *tiff, int factor, uint8_t *pixels, uint32_t out_width,
                             uint32_t out_height) {
  TIFF *tif = tiff->tif;
  sample_layout tags;
  if (!read_sample_layout(tif, &tags)) return -2;
  uint32_t width = tags.width, height = tags.height, rows_per_strip = tags.rows_per_strip;
  uint16_t bits = tags.bits, samples = tags.samples, photometric = tags.photometric;
  uint16_t planar = tags.planar, compression = tags.compression, extra_count = tags.extra_count;
  uint16_t sample_format = tags.sample_format;
  int layout = planar == PLANARCONFIG_CONTIG && (bits == 8 || bits == 16) && extra_count == 0 &&
               sample_format == SAMPLEFORMAT_UINT &&
               ((photometric == PHOTOMETRIC_RGB && samples == 3) ||
                (photometric == PHOTOMETRIC_MINISBLACK && samples == 1));
  // JPEG (YCbCr) and tiles go through libtiff's RGBA reader.
  if (!layout || TIFFIsTiled(tif) || compression == COMPRESSION_JPEG ||
      compression == COMPRESSION_OJPEG || factor < 1 || width == 0 || height == 0)
    return -2;
  if (rows_per_strip == 0 || rows_per_strip > height) rows_per_strip = height;
  size_t row_bytes = (size_t)width * samples * (bits / 8);
  tmsize_t strip_size = TIFFStripSize(tif);
  if (strip_size <= 0 || (size_t)strip_size < row_bytes) return -2;
  uint8_t *strip = _TIFFmalloc(strip_size);
  uint64_t *sums = calloc((size_t)out_width * 3, sizeof *sums);
  uint8_t *grey_row = malloc(row_bytes);
  if (!strip || !sums || !grey_row) {
    _TIFFfree(strip);
    free(sums);
    free(grey_row);
    return -1;
  }
  // A row that cannot be read counts as mid grey, as the RGBA reader shows it.
  memset(grey_row, 0x80, row_bytes);
  int failed = 0, read_any = 0, wide = bits == 16;
  uint32_t strips = TIFFNumberOfStrips(tif), failed_run = 0;
  for (uint32_t number = 0; number < strips; number++) {
    uint32_t top = number * rows_per_strip;
    if (top >= height) break;
    uint32_t rows = height - top < rows_per_strip ? height - top : rows_per_strip;
    tmsize_t got = failed_run >= CTIFF_FAILED_RUN_LIMIT
                       ? -1
                       : TIFFReadEncodedStrip(tif, number, strip, (tmsize_t)(rows * row_bytes));
    failed_run = got > 0 ? 0 : failed_run + 1;
    if (got < (tmsize_t)(rows * row_bytes)) failed = 1;
    if (got > 0) read_any = 1;
    for (uint32_t row = 0; row < rows; row++) {
      uint32_t y = top + row;
      int readable = got >= (tmsize_t)((row + 1) * row_bytes);
      if (wide && !readable) memset(grey_row, 0x80, row_bytes);
      add_row(readable ? strip + row * row_bytes : grey_row, wide, samples, width, factor, sums);
      uint32_t out_y, block_rows;
      if (!completes_block(y, height, factor, out_height, &out_y, &block_rows)) continue;
      uint8_t *target = pixels + (size_t)out_y * out_width * 4;
      for (uint32_t out_x = 0; out_x < out_width; out_x++) {
        uint32_t columns = block_columns(out_x, width, factor);
        // 16-bit samples are scaled to 8 bits after averaging (65535 / 257 = 255).
        uint64_t count = (uint64_t)columns * block_rows * (wide ? 257 : 1);
        for (int channel = 0; channel < 3; channel++) {
          target[out_x * 4 + channel] = (uint8_t)((sums[out_x * 3 + channel] + count / 2) / count);
        }
        target[out_x * 4 + 3] = 255;
      }
      memset(sums, 0, (size_t)out_width * 3 * sizeof *sums);
    }
  }
  _TIFFfree(strip);
  free(sums);
  free(grey_row);
  if (!read_any) return -1;
  return failed || tiff->had_error ? 1 : 0;
}

// IEEE 754 half precision (binary16) as a double.
static double half_to_double(uint16_t half) {
  int sign = half >> 15, exponent = (half >> 10) & 0x1f, mantissa = half & 0x3ff;
  double value;
  if (exponent == 0) {
    value = ldexp((double)mantissa, -24);
  } else if (exponent == 31) {
    value = mantissa ? NAN : INFINITY;
  } else {
    value = ldexp((double)(mantissa | 0x400), exponent - 25);
  }
  return sign ? -value : value;
}

// Sample `index` of a row stored in `format` with `bits` bits per sample, as 0 (black) to 1
// (white): floating point clamped to 0…1 (NaN black), signed integers from 0 to their largest
// value (negative values black), 32-bit unsigned integers from 0 to 2^32 - 1.
static double number_at(const uint8_t *row, size_t index, uint16_t format, uint16_t bits) {
  double value = 0;
  if (format == SAMPLEFORMAT_IEEEFP) {
    if (bits == 16) value = half_to_double(((const uint16_t *)row)[index]);
    else if (bits == 32) value = ((const float *)row)[index];
    else value = ((const double *)row)[index];
  } else if (format == SAMPLEFORMAT_INT) {
    if (bits == 8) value = ((const int8_t *)row)[index] / 127.0;
    else if (bits == 16) value = ((const int16_t *)row)[index] / 32767.0;
    else value = ((const int32_t *)row)[index] / 2147483647.0;
  } else {
    value = ((const uint32_t *)row)[index] / 4294967295.0;
  }
  if (!(value > 0)) return 0;  // NaN too
  return value < 1 ? value : 1;
}

int ctiff_read_numbers_shrunk(ctiff *tiff, int factor, uint8_t *pixels, uint32_t out_width,
                              uint32_t out_height) {
  TIFF *tif = tiff->tif;
  sample_layout tags;
  if (!read_sample_layout(tif, &tags)) return -2;
  uint32_t width = tags.width, height = tags.height;
  uint16_t bits = tags.bits, samples = tags.samples, photometric = tags.photometric;
  uint16_t planar = tags.planar, format = tags.sample_format, extra_count = tags.extra_count;
  int number_format = (format == SAMPLEFORMAT_IEEEFP && (bits == 16 || bits == 32 || bits == 64)) ||
                      (format == SAMPLEFORMAT_INT && (bits == 8 || bits == 16 || bits == 32)) ||
                      (format == SAMPLEFORMAT_UINT && bits == 32);
  int colours = photometric == PHOTOMETRIC_RGB ? 3
                : photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE ? 1
                                                                                                 : 0;
  if (!number_format || colours == 0 || samples < colours || planar != PLANARCONFIG_CONTIG ||
      factor < 1 || width == 0 || height == 0)
    return -2;
  // The first extra sample is alpha when there is one (associated or not: both are shown
  // over white the same way once premultiplied here).
  int alpha = extra_count > 0 && samples > colours;
  size_t row_bytes = (size_t)width * samples * (bits / 8);
  int tiled = TIFFIsTiled(tif);
  uint32_t unit_width = width, unit_height = 0;
  tmsize_t unit_size;
  if (tiled) {
    TIFFGetField(tif, TIFFTAG_TILEWIDTH, &unit_width);
    TIFFGetField(tif, TIFFTAG_TILELENGTH, &unit_height);
    unit_size = TIFFTileSize(tif);
    if (unit_width == 0 || unit_height == 0 || unit_size <= 0 ||
        (uint64_t)unit_size < (uint64_t)unit_width * unit_height * samples * (bits / 8))
      return -1;
  } else {
    TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &unit_height);
    if (unit_height == 0 || unit_height > height) unit_height = height;
    unit_size = TIFFStripSize(tif);
    if (unit_size <= 0 || (uint64_t)unit_size < (uint64_t)unit_height * row_bytes) return -1;
  }
  if (unit_height > height) unit_height = height;
  // The shrunk rows must fit what the caller allocated (the header it read said the same size).
  if ((width + (uint32_t)factor - 1) / (uint32_t)factor > out_width ||
      (height + (uint32_t)factor - 1) / (uint32_t)factor > out_height)
    return -1;
  // One band of whole strips or one row of tiles, as stored; a tile itself is held too, so its
  // declared size (which may be far wider than the image) is bounded before it is allocated.
  if ((uint64_t)unit_height * row_bytes > CTIFF_MAX_BAND_BYTES ||
      (tiled && (uint64_t)unit_size > CTIFF_MAX_BAND_BYTES)) {
    if (!tiff->had_error)
      snprintf(tiff->error, sizeof tiff->error, "a strip or tile of %u rows is too large",
               unit_height);
    tiff->had_error = 1;
    return -1;
  }
  uint8_t *band = malloc((size_t)unit_height * row_bytes);
  uint8_t *unit = tiled ? _TIFFmalloc(unit_size) : NULL;
  double *sums = calloc((size_t)out_width * 4, sizeof *sums);
  if (!band || (tiled && !unit) || !sums) {
    free(band);
    _TIFFfree(unit);
    free(sums);
    return -1;
  }
  int failed = 0, read_any = 0, inverted = photometric == PHOTOMETRIC_MINISWHITE;
  uint32_t failed_run = 0;
  size_t sample_bytes = bits / 8;
  for (uint32_t top = 0; top < height; top += unit_height) {
    uint32_t rows = height - top < unit_height ? height - top : unit_height;
    // Rows that cannot be read count as mid grey, as the other readers show them.
    uint32_t readable_rows = 0;
    if (tiled) {
      readable_rows = rows;
      for (uint32_t x = 0; x < width; x += unit_width) {
        tmsize_t got = failed_run >= CTIFF_FAILED_RUN_LIMIT ? -1 : TIFFReadTile(tif, unit, x, top, 0, 0);
        failed_run = got > 0 ? 0 : failed_run + 1;
        if (got < 0) {
          failed = 1;
          readable_rows = 0;
          continue;
        }
        read_any = 1;
        uint32_t columns = width - x < unit_width ? width - x : unit_width;
        size_t pixel_bytes = (size_t)samples * sample_bytes;
        for (uint32_t row = 0; row < rows; row++) {
          memcpy(band + (size_t)row * row_bytes + (size_t)x * pixel_bytes,
                 unit + (size_t)row * unit_width * pixel_bytes, (size_t)columns * pixel_bytes);
        }
      }
    } else {
      tmsize_t got = failed_run >= CTIFF_FAILED_RUN_LIMIT
                         ? -1
                         : TIFFReadEncodedStrip(tif, top / unit_height, band, (tmsize_t)(rows * row_bytes));
      failed_run = got > 0 ? 0 : failed_run + 1;
      if (got < (tmsize_t)(rows * row_bytes)) failed = 1;
      if (got > 0) read_any = 1;
      readable_rows = got > 0 ? (uint32_t)((size_t)got / row_bytes) : 0;
    }
    for (uint32_t row = 0; row < rows; row++) {
      uint32_t y = top + row;
      const uint8_t *line = band + (size_t)row * row_bytes;
      int readable = row < readable_rows;
      for (uint32_t x = 0; x < width; x++) {
        double *sum = sums + (size_t)(x / (uint32_t)factor) * 4;
        if (!readable) {
          sum[0] += 0.5;
          sum[1] += 0.5;
          sum[2] += 0.5;
          sum[3] += 1;
          continue;
        }
        size_t first = (size_t)x * samples;
        double a = alpha ? number_at(line, first + colours, format, bits) : 1;
        double r = number_at(line, first, format, bits);
        double g = colours == 3 ? number_at(line, first + 1, format, bits) : r;
        double b = colours == 3 ? number_at(line, first + 2, format, bits) : r;
        if (inverted) r = g = b = 1 - r;
        sum[0] += b * a;
        sum[1] += g * a;
        sum[2] += r * a;
        sum[3] += a;
      }
      uint32_t out_y, block_rows;
      if (!completes_block(y, height, factor, out_height, &out_y, &block_rows)) continue;
      uint8_t *target = pixels + (size_t)out_y * out_width * 4;
      for (uint32_t out_x = 0; out_x < out_width; out_x++) {
        uint32_t columns = block_columns(out_x, width, factor);
        double count = (double)columns * block_rows;
        for (int channel = 0; channel < 4; channel++) {
          double value = sums[out_x * 4 + channel] / count * 255 + 0.5;
          target[out_x * 4 + channel] = (uint8_t)(value < 255 ? value : 255);
        }
      }
      memset(sums, 0, (size_t)out_width * 4 * sizeof *sums);
    }
  }
  free(band);
  _TIFFfree(unit);
  free(sums);
  if (!read_any) return -1;
  return failed || tiff->had_error ? 1 : 0;
}

int ctiff_read_samples8(ctiff *tiff, uint8_t *pixels) {
  TIFF *tif = tiff->tif;
  uint32_t width = 0, height = 0;
  uint16_t samples = 1;
  TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &width);
  TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &height);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &samples);
  size_t row_bytes = (size_t)width * samples;
  int failed = 0, read_any = 0;
  if (TIFFIsTiled(tif)) {
    uint32_t tile_width = 0, tile_height = 0;
    TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tile_width);
    TIFFGetField(tif, TIFFTAG_TILELENGTH, &tile_height);
    tmsize_t tile_size = TIFFTileSize(tif);
    if (tile_width == 0 || tile_height == 0 || tile_size <= 0) return -1;
    uint8_t *tile = _TIFFmalloc(tile_size);
    if (!tile) return -1;
    uint32_t failed_run = 0;
    for (uint32_t y = 0; y < height; y += tile_height) {
      for (uint32_t x = 0; x < width; x += tile_width) {
        if (failed_run >= CTIFF_FAILED_RUN_LIMIT || TIFFReadTile(tif, tile, x, y, 0, 0) < 0) {
          failed_run++;
          failed = 1;
          continue;
        }
        failed_run = 0;
        read_any = 1;
        uint32_t rows = height - y < tile_height ? height - y : tile_height;
        uint32_t columns = width - x < tile_width ? width - x : tile_width;
        for (uint32_t row = 0; row < rows; row++) {
          memcpy(pixels + (size_t)(y + row) * row_bytes + (size_t)x * samples,
                 tile + (size_t)row * tile_width * samples, (size_t)columns * samples);
        }
      }
    }
    _TIFFfree(tile);
  } else {
    if ((size_t)TIFFScanlineSize(tif) != row_bytes) return -1;
    for (uint32_t y = 0; y < height; y++) {
      if (TIFFReadScanline(tif, pixels + (size_t)y * row_bytes, y, 0) < 0) {
        failed = 1;
        break;
      }
      read_any = 1;
    }
  }
  if (!read_any) return -1;
  return failed || tiff->had_error ? 1 : 0;
}

const char *ctiff_message(ctiff *tiff) {
  if (tiff->had_error) return tiff->error;
  return tiff->warning[0] ? tiff->warning : NULL;
}

int ctiff_had_error(ctiff *tiff) { return tiff->had_error; }

const char *ctiff_version(void) { return TIFFGetVersion(); }
