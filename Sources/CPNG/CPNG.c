#include "CPNG.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: Errors

/// Where libpng's error message goes; `truncated` is set when reading ran out of data.
typedef struct {
  char message[256];
  int truncated;
} error_state;

static void on_error(png_structp png, png_const_charp message) {
  error_state *state = png_get_error_ptr(png);
  if (state && !state->message[0]) snprintf(state->message, sizeof state->message, "%s", message);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static void copy_error(char *error, size_t size, const char *message) {
  if (error && size) snprintf(error, size, "%s", message);
}

// MARK: Reading

struct cpng_reader {
  png_structp png;
  png_infop info;
  const uint8_t *data;
  size_t size;
  size_t offset;
  error_state state;
  int width, height, has_alpha;
  /// Set when opened straight: rows are left straight, not premultiplied, and 16-bit samples rounded.
  int straight;
};

static void read_from_memory(png_structp png, png_bytep target, png_size_t count) {
  cpng_reader *reader = png_get_io_ptr(png);
  if (count > reader->size - reader->offset) {
    reader->state.truncated = 1;
    png_error(png, "the PNG data ends early");
  }
  memcpy(target, reader->data + reader->offset, count);
  reader->offset += count;
}

void cpng_reader_close(cpng_reader *reader) {
  if (!reader) return;
  png_destroy_read_struct(&reader->png, &reader->info, NULL);
  free(reader);
}

/// A reader of `data` with libpng's structures made, on the heap (its state changes between
/// setjmp and longjmp); NULL, with the error, when memory runs out.
static cpng_reader *new_reader(const uint8_t *data, size_t size, char *error, size_t error_size) {
  cpng_reader *reader = calloc(1, sizeof *reader);
  if (!reader) return copy_error(error, error_size, "out of memory"), NULL;
  reader->data = data;
  reader->size = size;
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->state, on_error, on_warning);
  reader->info = reader->png ? png_create_info_struct(reader->png) : NULL;
  if (!reader->info) {
    cpng_reader_close(reader);
    return copy_error(error, error_size, "out of memory"), NULL;
  }
  return reader;
}

/// Reads the header with the limits checked; libpng's errors jump to the caller's setjmp.
static void read_header(cpng_reader *reader, cpng_limits limits) {
  png_set_read_fn(reader->png, reader, read_from_memory);
  png_set_user_limits(reader->png, limits.max_width, limits.max_height);
  png_set_chunk_malloc_max(reader->png, limits.max_chunk_bytes);
  png_set_chunk_cache_max(reader->png, 1000);
  png_read_info(reader->png, reader->info);
}

cpng_reader *cpng_reader_open(const uint8_t *data, size_t size, cpng_limits limits, int straight,
                              int *width, int *height, int *has_alpha, int *truncated, char *error,
                              size_t error_size) {
  *truncated = 0;
  cpng_reader *reader = new_reader(data, size, error, error_size);
  if (!reader) return NULL;
  reader->straight = straight;
  if (setjmp(png_jmpbuf(reader->png))) {
    copy_error(error, error_size, reader->state.message);
    *truncated = reader->state.truncated;
    cpng_reader_close(reader);
    return NULL;
  }
  png_structp png = reader->png;
  png_infop info = reader->info;
  read_header(reader, limits);
  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  int color = png_get_color_type(png, info);
  reader->has_alpha = (color & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
  // Expand everything to 8-bit B, G, R, A. Read straight (as pngjs reads), 16-bit samples are
  // rounded to 8 bits as pngjs rounds them; drawn, their high byte is kept.
  png_set_expand(png);
  if (reader->straight) {
    png_set_scale_16(png);
  } else {
    png_set_strip_16(png);
  }
  png_set_gray_to_rgb(png);
  png_set_bgr(png);
  png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  reader->width = (int)w;
  reader->height = (int)h;
  *width = reader->width;
  *height = reader->height;
  *has_alpha = reader->has_alpha;
  return reader;
}

/// Premultiplies `count` rows of B, G, R, A in place, rounding as Cairo does.
static void premultiply(const cpng_reader *reader, uint8_t *pixels, int count, size_t stride) {
  if (!reader->has_alpha || reader->straight) return;
  for (int y = 0; y < count; y++) {
    uint8_t *row = pixels + (size_t)y * stride;
    for (int x = 0; x < reader->width; x++) {
      uint8_t *p = row + (size_t)x * 4;
      unsigned a = p[3];
      if (a == 255) continue;
      for (int c = 0; c < 3; c++) {
        unsigned t = p[c] * a + 0x80;
        p[c] = (uint8_t)((t + (t >> 8)) >> 8);
      }
    }
  }
}

int cpng_reader_is_interlaced(const cpng_reader *reader) {
  return png_get_interlace_type(reader->png, reader->info) != PNG_INTERLACE_NONE;
}

int cpng_reader_read_rows(cpng_reader *reader, uint8_t *pixels, int count, size_t stride, int *truncated,
                          char *error, size_t error_size) {
  *truncated = 0;
  if (cpng_reader_is_interlaced(reader)) {
    return copy_error(error, error_size, "an interlaced PNG cannot be read row by row"), -1;
  }
  if (setjmp(png_jmpbuf(reader->png))) {
    copy_error(error, error_size, reader->state.message);
    *truncated = reader->state.truncated;
    return -1;
  }
  for (int y = 0; y < count; y++) png_read_row(reader->png, pixels + (size_t)y * stride, NULL);
  premultiply(reader, pixels, count, stride);
  return 0;
}

int cpng_reader_read(cpng_reader *reader, uint8_t *pixels, size_t stride, int *truncated,
                     char *error, size_t error_size) {
  *truncated = 0;
  png_bytep *volatile rows = malloc(sizeof(png_bytep) * (size_t)(reader->height ? reader->height : 1));
  if (!rows) return copy_error(error, error_size, "out of memory"), -1;
  if (setjmp(png_jmpbuf(reader->png))) {
    free(rows);
    copy_error(error, error_size, reader->state.message);
    *truncated = reader->state.truncated;
    return -1;
  }
  for (int y = 0; y < reader->height; y++) rows[y] = pixels + (size_t)y * stride;
  png_read_image(reader->png, rows);
  // The end of the file (IEND) too: a file cut off after its pixels is truncated.
  png_read_end(reader->png, NULL);
  free(rows);
  premultiply(reader, pixels, reader->height, stride);
  return 0;
}

/// Reads a 16-bit PNG whole as straight R, G, B, A samples of 16 bits in the host's byte order.
int cpng_read_rgba16(const uint8_t *data, size_t size, cpng_limits limits, int width, int height,
                     uint16_t *pixels, char *error, size_t error_size) {
  png_bytep *rows = malloc(sizeof(png_bytep) * (size_t)(height > 0 ? height : 1));
  if (!rows) return copy_error(error, error_size, "out of memory"), -1;
  cpng_reader *reader = new_reader(data, size, error, error_size);
  if (!reader) {
    free(rows);
    return -1;
  }
  if (setjmp(png_jmpbuf(reader->png))) {
    copy_error(error, error_size, reader->state.message);
    cpng_reader_close(reader);
    free(rows);
    return -1;
  }
  png_structp png = reader->png;
  png_infop info = reader->info;
  read_header(reader, limits);
  if ((int)png_get_image_width(png, info) != width || (int)png_get_image_height(png, info) != height ||
      png_get_bit_depth(png, info) != 16) {
    png_error(png, "the PNG changed while it was read");
  }
  png_set_expand(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xFFFF, PNG_FILLER_AFTER);
  const uint16_t probe = 1;
  if (*(const uint8_t *)&probe == 1) png_set_swap(png);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)width * 8) png_error(png, "unexpected 16-bit row layout");
  for (int y = 0; y < height; y++) rows[y] = (png_bytep)(pixels + (size_t)y * (size_t)width * 4);
  png_read_image(png, rows);
  png_read_end(png, NULL);
  cpng_reader_close(reader);
  free(rows);
  return 0;
}

// MARK: Writing

struct cpng_writer {
  FILE *file;
  png_structp png;
  png_infop info;
  cpng_rows rows;
  int width;
  uint8_t *row_buffer;
  error_state state;
};

int cpng_writer_close(cpng_writer *writer, int complete, char *error, size_t error_size) {
  // A message means libpng failed earlier (while opening or writing rows).
  int status = writer->state.message[0] ? -1 : 0;
  if (complete && status == 0 && writer->png && writer->info) {
    if (setjmp(png_jmpbuf(writer->png))) {
      status = -1;
    } else {
      png_write_end(writer->png, NULL);
    }
  }
  if (writer->png) png_destroy_write_struct(&writer->png, &writer->info);
  if (writer->file && fclose(writer->file) != 0 && status == 0) {
    snprintf(writer->state.message, sizeof writer->state.message, "%s", strerror(errno));
    status = -1;
  }
  if (status != 0) copy_error(error, error_size, writer->state.message[0] ? writer->state.message : "could not write the PNG");
  free(writer->row_buffer);
  free(writer);
  return status;
}

static cpng_writer *open_writer(const char *path, int width, int height, cpng_rows rows, int level,
                                const uint8_t *palette_rgb, int palette_size, int srgb,
                                double pixels_per_inch, char *error, size_t error_size);

cpng_writer *cpng_writer_open(const char *path, int width, int height, cpng_rows rows, int level,
                              const uint8_t *palette_rgb, int palette_size, char *error,
                              size_t error_size) {
  return open_writer(path, width, height, rows, level, palette_rgb, palette_size, 0, 0, error, error_size);
}

cpng_writer *cpng_writer_open_srgb(const char *path, int width, int height, cpng_rows rows, int level,
                                   double pixels_per_inch, char *error, size_t error_size) {
  return open_writer(path, width, height, rows, level, NULL, 0, 1, pixels_per_inch, error, error_size);
}

static cpng_writer *open_writer(const char *path, int width, int height, cpng_rows rows, int level,
                                const uint8_t *palette_rgb, int palette_size, int srgb,
                                double pixels_per_inch, char *error, size_t error_size) {
  cpng_writer *writer = calloc(1, sizeof *writer);
  if (!writer) return copy_error(error, error_size, "out of memory"), NULL;
  writer->rows = rows;
  writer->width = width;
  if (rows == CPNG_ROWS_BGRA_PREMULTIPLIED) {
    writer->row_buffer = malloc((size_t)(width ? width : 1) * 4);
    if (!writer->row_buffer) {
      free(writer);
      return copy_error(error, error_size, "out of memory"), NULL;
    }
  }
  writer->file = fopen(path, "wb");
  if (!writer->file) {
    copy_error(error, error_size, strerror(errno));
    free(writer->row_buffer);
    free(writer);
    return NULL;
  }
  writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer->state, on_error, on_warning);
  writer->info = writer->png ? png_create_info_struct(writer->png) : NULL;
  if (!writer->png || !writer->info) {
    snprintf(writer->state.message, sizeof writer->state.message, "could not start writing a PNG");
    cpng_writer_close(writer, 0, error, error_size);
    return NULL;
  }
  if (setjmp(png_jmpbuf(writer->png))) {
    cpng_writer_close(writer, 0, error, error_size);
    return NULL;
  }
  png_structp png = writer->png;
  png_init_io(png, writer->file);
  png_set_compression_level(png, level);
  int color = rows == CPNG_ROWS_PALETTE ? PNG_COLOR_TYPE_PALETTE
              : rows == CPNG_ROWS_BGRA_PREMULTIPLIED || rows == CPNG_ROWS_RGBA ? PNG_COLOR_TYPE_RGB_ALPHA
                                                     : PNG_COLOR_TYPE_RGB;
  png_set_filter(png, PNG_FILTER_TYPE_BASE, rows == CPNG_ROWS_PALETTE ? PNG_FILTER_NONE : PNG_FILTER_SUB);
  png_set_IHDR(png, writer->info, (png_uint_32)width, (png_uint_32)height, 8, color, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  if (rows == CPNG_ROWS_PALETTE) {
    png_color palette[256];
    int count = palette_size < 256 ? palette_size : 256;
    for (int i = 0; i < count; i++) {
      palette[i] = (png_color){palette_rgb[i * 3], palette_rgb[i * 3 + 1], palette_rgb[i * 3 + 2]};
    }
    png_set_PLTE(png, writer->info, palette, count);
  }
  if (srgb) png_set_sRGB_gAMA_and_cHRM(png, writer->info, PNG_sRGB_INTENT_PERCEPTUAL);
  if (pixels_per_inch > 0 && pixels_per_inch < 1e6) {
    png_uint_32 per_metre = (png_uint_32)(pixels_per_inch / 0.0254 + 0.5);
    png_set_pHYs(png, writer->info, per_metre, per_metre, PNG_RESOLUTION_METER);
  }
  png_write_info(png, writer->info);
  if (rows == CPNG_ROWS_BGRX) {
    png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
  }
  return writer;
}

/// Premultiplied B, G, R, A to straight R, G, B, A.
static void unpremultiply(const uint8_t *source, uint8_t *target, int width) {
  for (int x = 0; x < width; x++) {
    const uint8_t *p = source + (size_t)x * 4;
    uint8_t *q = target + (size_t)x * 4;
    unsigned a = p[3];
    if (a == 0) {
      q[0] = q[1] = q[2] = q[3] = 0;
      continue;
    }
    q[0] = (uint8_t)((p[2] * 255u + a / 2) / a);
    q[1] = (uint8_t)((p[1] * 255u + a / 2) / a);
    q[2] = (uint8_t)((p[0] * 255u + a / 2) / a);
    q[3] = (uint8_t)a;
  }
}

int cpng_writer_write_rows(cpng_writer *writer, const uint8_t *data, int count, size_t stride) {
  if (setjmp(png_jmpbuf(writer->png))) return -1;
  for (int row = 0; row < count; row++) {
    const uint8_t *source = data + (size_t)row * stride;
    if (writer->rows == CPNG_ROWS_BGRA_PREMULTIPLIED) {
      unpremultiply(source, writer->row_buffer, writer->width);
      png_write_row(writer->png, writer->row_buffer);
    } else {
      png_write_row(writer->png, (png_const_bytep)source);
    }
  }
  return 0;
}

/// Builds an 8-bit palette for `pixels` when they hold at most 256 colours; returns the
/// number of colours, or -1 when there are more. Greys are looked up in a table, other
/// colours searched among the few (at most 32) seen so far.
static int build_palette(const uint8_t *pixels, int width, int height, size_t stride, uint8_t *indices,
                         uint8_t *palette) {
  int grey_index[256];
  for (int i = 0; i < 256; i++) grey_index[i] = -1;
  uint32_t colours[32];
  int colour_count = 0;
  int size = 0;
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      const uint8_t *p = pixels + (size_t)y * stride + (size_t)x * 4;
      int index;
      if (p[0] == p[1] && p[1] == p[2]) {
        index = grey_index[p[0]];
        if (index < 0) {
          if (size == 256) return -1;
          index = grey_index[p[0]] = size;
          palette[size * 3] = p[2], palette[size * 3 + 1] = p[1], palette[size * 3 + 2] = p[0];
          size++;
        }
      } else {
        uint32_t key = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
        index = -1;
        for (int c = 0; c < colour_count; c++) {
          if ((colours[c] & 0xFFFFFF) == key) {
            index = (int)(colours[c] >> 24);
            break;
          }
        }
        if (index < 0) {
          if (size == 256 || colour_count == 32) return -1;
          index = size;
          colours[colour_count++] = key | (uint32_t)size << 24;
          palette[size * 3] = p[2], palette[size * 3 + 1] = p[1], palette[size * 3 + 2] = p[0];
          size++;
        }
      }
      indices[(size_t)y * width + x] = (uint8_t)index;
    }
  }
  return size;
}

int cpng_write_bgrx(const char *path, const uint8_t *pixels, int width, int height, size_t stride,
                    char *error, size_t error_size) {
  size_t count = (size_t)width * height;
  uint8_t *indices = malloc(count ? count : 1);
  if (!indices) return copy_error(error, error_size, "out of memory"), -1;
  uint8_t palette[256 * 3];
  int colours = build_palette(pixels, width, height, stride, indices, palette);
  cpng_writer *writer =
      colours >= 0 ? cpng_writer_open(path, width, height, CPNG_ROWS_PALETTE, 1, palette, colours, error, error_size)
                   : cpng_writer_open(path, width, height, CPNG_ROWS_BGRX, 1, NULL, 0, error, error_size);
  if (!writer) {
    free(indices);
    return -1;
  }
  int status = colours >= 0 ? cpng_writer_write_rows(writer, indices, height, (size_t)width)
                            : cpng_writer_write_rows(writer, pixels, height, stride);
  free(indices);
  return cpng_writer_close(writer, status == 0, error, error_size) == 0 && status == 0 ? 0 : -1;
}

const char *cpng_version(void) { return png_get_libpng_ver(NULL); }
