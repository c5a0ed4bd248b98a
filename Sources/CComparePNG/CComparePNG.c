#include "CComparePNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *buffer;
  size_t size;
} ErrorSink;

static void on_error(png_structp png, png_const_charp message) {
  ErrorSink *sink = png_get_error_ptr(png);
  if (sink && sink->buffer && sink->size) snprintf(sink->buffer, sink->size, "%s", message);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

static int fail(char *error, size_t size, const char *message) {
  if (error && size) snprintf(error, size, "%s", message);
  return -1;
}

struct ccpng_reader {
  FILE *file;
  png_structp png;
  png_infop info;
  ErrorSink sink;
  int width, height, has_alpha;
};

void ccpng_close(ccpng_reader *reader) {
  if (!reader) return;
  png_destroy_read_struct(&reader->png, &reader->info, NULL);
  if (reader->file) fclose(reader->file);
  free(reader);
}

ccpng_reader *ccpng_open(const char *path, int *width, int *height, int *has_alpha, char *error,
                         size_t error_size) {
  ccpng_reader *reader = calloc(1, sizeof(ccpng_reader));
  if (!reader) return fail(error, error_size, "out of memory"), NULL;
  reader->sink = (ErrorSink){error, error_size};
  reader->file = fopen(path, "rb");
  if (!reader->file) {
    ccpng_close(reader);
    return fail(error, error_size, "cannot be opened"), NULL;
  }
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->sink, on_error, on_warning);
  reader->info = reader->png ? png_create_info_struct(reader->png) : NULL;
  if (!reader->info) {
    ccpng_close(reader);
    return fail(error, error_size, "out of memory"), NULL;
  }
  if (setjmp(png_jmpbuf(reader->png))) {
    ccpng_close(reader);
    return NULL;
  }
  png_structp png = reader->png;
  png_infop info = reader->info;
  png_init_io(png, reader->file);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  int color = png_get_color_type(png, info);
  reader->has_alpha = (color & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
  // Expand everything to 8-bit B, G, R, A.
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  png_set_bgr(png);
  png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if ((size_t)w * h > ((size_t)1 << 31) / 4) png_error(png, "image is too large");
  reader->width = (int)w;
  reader->height = (int)h;
  *width = reader->width;
  *height = reader->height;
  *has_alpha = reader->has_alpha;
  return reader;
}

int ccpng_read(ccpng_reader *reader, uint8_t *pixels, char *error, size_t error_size) {
  reader->sink = (ErrorSink){error, error_size};
  png_bytep *volatile rows = malloc(sizeof(png_bytep) * (size_t)reader->height);
  if (!rows) return fail(error, error_size, "out of memory");
  if (setjmp(png_jmpbuf(reader->png))) {
    free(rows);
    return -1;
  }
  size_t stride = (size_t)reader->width * 4;
  for (int y = 0; y < reader->height; y++) rows[y] = pixels + (size_t)y * stride;
  png_read_image(reader->png, rows);
  png_read_end(reader->png, NULL);
  free(rows);
  if (reader->has_alpha) {
    // Premultiply, rounding as Cairo does.
    size_t count = (size_t)reader->width * reader->height;
    for (size_t i = 0; i < count; i++) {
      uint8_t *p = pixels + i * 4;
      unsigned a = p[3];
      if (a == 255) continue;
      for (int c = 0; c < 3; c++) {
        unsigned t = p[c] * a + 0x80;
        p[c] = (uint8_t)((t + (t >> 8)) >> 8);
      }
    }
  }
  return 0;
}

/// Builds an 8-bit palette for `pixels` when they hold at most 256 colours; returns the
/// number of colours, or -1 when there are more. Greys are looked up in a table, other
/// colours searched among the few seen so far.
static int build_palette(const uint8_t *pixels, size_t count, uint8_t *indices, png_color *palette) {
  int grey_index[256];
  for (int i = 0; i < 256; i++) grey_index[i] = -1;
  uint32_t colours[256];
  int colour_count = 0;
  int size = 0;
  for (size_t i = 0; i < count; i++) {
    const uint8_t *p = pixels + i * 4;
    int index;
    if (p[0] == p[1] && p[1] == p[2]) {
      index = grey_index[p[0]];
      if (index < 0) {
        if (size == 256) return -1;
        index = grey_index[p[0]] = size;
        palette[size++] = (png_color){p[2], p[1], p[0]};
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
        palette[size++] = (png_color){p[2], p[1], p[0]};
      }
    }
    indices[i] = (uint8_t)index;
  }
  return size;
}

int ccpng_write_bgrx(const char *path, const uint8_t *pixels, int width, int height,
                     char *error, size_t error_size) {
  size_t count = (size_t)width * height;
  uint8_t *indices = malloc(count ? count : 1);
  if (!indices) return fail(error, error_size, "out of memory");
  png_color palette[256];
  int colours = build_palette(pixels, count, indices, palette);
  uint8_t *row_buffer = colours < 0 ? malloc((size_t)width * 3) : NULL;
  if (colours < 0 && !row_buffer) {
    free(indices);
    return fail(error, error_size, "out of memory");
  }
  FILE *file = fopen(path, "wb");
  if (!file) {
    free(indices);
    free(row_buffer);
    return fail(error, error_size, "cannot be created");
  }
  ErrorSink sink = {error, error_size};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!info || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    fclose(file);
    free(indices);
    free(row_buffer);
    return -1;
  }
  png_init_io(png, file);
  png_set_compression_level(png, 1);
  if (colours >= 0) {
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_PLTE(png, info, palette, colours);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, indices + (size_t)y * width);
  } else {
    png_set_filter(png, 0, PNG_FILTER_SUB);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
      const uint8_t *source = pixels + (size_t)y * width * 4;
      for (int x = 0; x < width; x++) {
        row_buffer[x * 3] = source[x * 4 + 2];
        row_buffer[x * 3 + 1] = source[x * 4 + 1];
        row_buffer[x * 3 + 2] = source[x * 4];
      }
      png_write_row(png, row_buffer);
    }
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  free(indices);
  free(row_buffer);
  if (fclose(file) != 0) return fail(error, error_size, "could not be written completely");
  return 0;
}
