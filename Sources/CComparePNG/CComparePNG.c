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

int ccpng_read_bgra(const char *path, uint8_t **pixels, int *width, int *height, int *has_alpha,
                    char *error, size_t error_size) {
  *pixels = NULL;
  FILE *file = fopen(path, "rb");
  if (!file) return fail(error, error_size, "cannot be opened");
  ErrorSink sink = {error, error_size};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!info) {
    png_destroy_read_struct(&png, NULL, NULL);
    fclose(file);
    return fail(error, error_size, "out of memory");
  }
  uint8_t *volatile buffer = NULL;
  png_bytep *volatile rows = NULL;
  if (setjmp(png_jmpbuf(png))) {
    free(buffer);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(file);
    return -1;
  }
  png_init_io(png, file);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info);
  png_uint_32 h = png_get_image_height(png, info);
  int color = png_get_color_type(png, info);
  int alpha = (color & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
  // Expand everything to 8-bit B, G, R, A.
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  png_set_bgr(png);
  png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if ((size_t)w * h > ((size_t)1 << 31) / 4) png_error(png, "image is too large");
  buffer = malloc((size_t)w * h * 4);
  rows = malloc(sizeof(png_bytep) * h);
  if (!buffer || !rows) png_error(png, "out of memory");
  for (png_uint_32 y = 0; y < h; y++) rows[y] = buffer + (size_t)y * w * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);
  fclose(file);
  free(rows);
  if (alpha) {
    // Premultiply, as Cairo does (rounded).
    size_t count = (size_t)w * h;
    for (size_t i = 0; i < count; i++) {
      uint8_t *p = buffer + i * 4;
      unsigned a = p[3];
      if (a == 255) continue;
      for (int c = 0; c < 3; c++) {
        unsigned t = p[c] * a + 0x80;
        p[c] = (uint8_t)((t + (t >> 8)) >> 8);
      }
    }
  }
  *pixels = buffer;
  *width = (int)w;
  *height = (int)h;
  *has_alpha = alpha;
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

void ccpng_free(void *pointer) { free(pointer); }
