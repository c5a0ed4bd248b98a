#include "CShims.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <errno.h>
#include <string.h>

int cs_pango_pixels(int units) { return PANGO_PIXELS(units); }

int cs_tj_scaled(int dimension, tjscalingfactor factor) { return TJSCALED(dimension, factor); }

static void cs_png_error(png_structp png, png_const_charp message) {
  char *error = png_get_error_ptr(png);
  if (error) snprintf(error, 256, "%s", message);
  longjmp(png_jmpbuf(png), 1);
}

static void cs_png_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

int cs_write_png_rgb24(const char *path, const unsigned char *data, int width, int height, int stride,
                       int level, char *error, int error_size) {
  char message[256] = "";
  FILE *file = fopen(path, "wb");
  if (!file) {
    snprintf(error, error_size, "%s", strerror(errno));
    return -1;
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, message, cs_png_error, cs_png_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info || setjmp(png_jmpbuf(png))) {
    snprintf(error, error_size, "%s", message[0] ? message : "could not write PNG");
    png_destroy_write_struct(&png, &info);
    fclose(file);
    return -1;
  }
  png_init_io(png, file);
  png_set_compression_level(png, level);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
  png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  png_set_bgr(png);
  png_set_filler(png, 0, PNG_FILLER_AFTER);
  for (int row = 0; row < height; row++) png_write_row(png, (png_const_bytep)(data + (size_t)row * stride));
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  if (fclose(file) != 0) {
    snprintf(error, error_size, "%s", strerror(errno));
    return -1;
  }
  return 0;
}
