#include "CShims.h"

#include <png.h>
#include <stdlib.h>
#include <setjmp.h>
#include <stdio.h>
#include <errno.h>
#include <string.h>

int cs_pango_pixels(int units) { return PANGO_PIXELS(units); }

int cs_tj_scaled(int dimension, tjscalingfactor factor) { return TJSCALED(dimension, factor); }

struct cs_png_stream {
  FILE *file;
  png_structp png;
  png_infop info;
  char error[256];
};

static void cs_png_error(png_structp png, png_const_charp message) {
  cs_png_stream *stream = png_get_error_ptr(png);
  snprintf(stream->error, sizeof stream->error, "%s", message);
  longjmp(png_jmpbuf(png), 1);
}

static void cs_png_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

cs_png_stream *cs_png_open(const char *path, int width, int height, int level, char *error, int error_size) {
  cs_png_stream *stream = calloc(1, sizeof *stream);
  if (!stream) {
    snprintf(error, error_size, "out of memory");
    return NULL;
  }
  stream->file = fopen(path, "wb");
  if (!stream->file) {
    snprintf(error, error_size, "%s", strerror(errno));
    free(stream);
    return NULL;
  }
  stream->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, stream, cs_png_error, cs_png_warning);
  stream->info = stream->png ? png_create_info_struct(stream->png) : NULL;
  if (!stream->png || !stream->info || setjmp(png_jmpbuf(stream->png))) {
    snprintf(error, error_size, "%s", stream->error[0] ? stream->error : "could not start writing a PNG");
    cs_png_close(stream, 0, NULL, 0);
    return NULL;
  }
  png_init_io(stream->png, stream->file);
  png_set_compression_level(stream->png, level);
  png_set_filter(stream->png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
  png_set_IHDR(stream->png, stream->info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(stream->png, stream->info);
  png_set_bgr(stream->png);
  png_set_filler(stream->png, 0, PNG_FILLER_AFTER);
  return stream;
}

int cs_png_write_rows(cs_png_stream *stream, const unsigned char *data, int rows, int stride) {
  if (setjmp(png_jmpbuf(stream->png))) return -1;
  for (int row = 0; row < rows; row++) png_write_row(stream->png, (png_const_bytep)(data + (size_t)row * stride));
  return 0;
}

int cs_png_close(cs_png_stream *stream, int complete, char *error, int error_size) {
  int status = 0;
  if (complete && stream->png && stream->info) {
    if (setjmp(png_jmpbuf(stream->png))) {
      status = -1;
    } else {
      png_write_end(stream->png, NULL);
    }
  }
  if (stream->png) png_destroy_write_struct(&stream->png, &stream->info);
  if (stream->file && fclose(stream->file) != 0 && status == 0) {
    snprintf(stream->error, sizeof stream->error, "%s", strerror(errno));
    status = -1;
  }
  if (status != 0 && error) snprintf(error, error_size, "%s", stream->error[0] ? stream->error : "could not write PNG");
  free(stream);
  return status;
}
