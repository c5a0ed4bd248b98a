#include "CJPEG.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

struct cjpeg_writer {
  struct jpeg_compress_struct cinfo;
  struct jpeg_error_mgr errors;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
  FILE *file;
  int started;
};

static void on_error(j_common_ptr cinfo) {
  cjpeg_writer *writer = (cjpeg_writer *)cinfo->client_data;
  if (!writer->message[0]) cinfo->err->format_message(cinfo, writer->message);
  longjmp(writer->jump, 1);
}

static void on_message(j_common_ptr cinfo) { (void)cinfo; }

static void copy_error(char *error, size_t size, const char *message) {
  if (error && size) snprintf(error, size, "%s", message);
}

/// Frees the writer, closing its file; returns -1 with `message` (or the writer's) in `error`.
static int fail(cjpeg_writer *writer, const char *message, char *error, size_t error_size) {
  copy_error(error, error_size, message ? message : writer->message);
  jpeg_destroy_compress(&writer->cinfo);
  if (writer->file) fclose(writer->file);
  free(writer);
  return -1;
}

cjpeg_writer *cjpeg_writer_open(const char *path, int width, int height, int quality, double pixels_per_inch,
                                const uint8_t *icc, size_t icc_size, char *error, size_t error_size) {
  if (width <= 0 || height <= 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION) {
    copy_error(error, error_size, "a JPEG is at most 65,500 pixels a side; lower --dpi");
    return NULL;
  }
  cjpeg_writer *writer = calloc(1, sizeof *writer);
  if (!writer) return copy_error(error, error_size, "out of memory"), NULL;
  writer->cinfo.err = jpeg_std_error(&writer->errors);
  writer->errors.error_exit = on_error;
  writer->errors.output_message = on_message;
  writer->cinfo.client_data = writer;
  if (setjmp(writer->jump)) {
    fail(writer, NULL, error, error_size);
    return NULL;
  }
  jpeg_create_compress(&writer->cinfo);
  writer->file = fopen(path, "wb");
  if (!writer->file) {
    fail(writer, strerror(errno), error, error_size);
    return NULL;
  }
  struct jpeg_compress_struct *cinfo = &writer->cinfo;
  jpeg_stdio_dest(cinfo, writer->file);
  cinfo->image_width = (JDIMENSION)width;
  cinfo->image_height = (JDIMENSION)height;
  cinfo->input_components = 4;
  cinfo->in_color_space = JCS_EXT_BGRX;
  jpeg_set_defaults(cinfo);
  jpeg_set_quality(cinfo, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
  cinfo->optimize_coding = TRUE;
  if (quality >= 90) {
    for (int c = 0; c < cinfo->num_components; c++) {
      cinfo->comp_info[c].h_samp_factor = 1;
      cinfo->comp_info[c].v_samp_factor = 1;
    }
  }
  cinfo->write_JFIF_header = TRUE;
  if (pixels_per_inch > 0 && pixels_per_inch < 65535.5) {
    cinfo->density_unit = 1;
    cinfo->X_density = cinfo->Y_density = (UINT16)(pixels_per_inch + 0.5);
  }
  jpeg_start_compress(cinfo, TRUE);
  writer->started = 1;
  if (icc && icc_size) jpeg_write_icc_profile(cinfo, icc, (unsigned int)icc_size);
  return writer;
}

int cjpeg_writer_write_rows(cjpeg_writer *writer, const uint8_t *data, int count, size_t stride, char *error,
                            size_t error_size) {
  if (setjmp(writer->jump)) return copy_error(error, error_size, writer->message), -1;
  for (int row = 0; row < count; row++) {
    JSAMPROW line = (JSAMPROW)(data + (size_t)row * stride);
    if (jpeg_write_scanlines(&writer->cinfo, &line, 1) != 1) {
      return copy_error(error, error_size, "libjpeg took no row"), -1;
    }
  }
  return 0;
}

int cjpeg_writer_close(cjpeg_writer *writer, int complete, char *error, size_t error_size) {
  if (!writer) return 0;
  if (setjmp(writer->jump)) return fail(writer, NULL, error, error_size);
  if (complete) {
    if (writer->cinfo.next_scanline != writer->cinfo.image_height) {
      return fail(writer, "the page ended before its last row", error, error_size);
    }
    jpeg_finish_compress(&writer->cinfo);
  }
  jpeg_destroy_compress(&writer->cinfo);
  int closed = fclose(writer->file);
  writer->file = NULL;
  int saved = errno;
  free(writer);
  if (complete && closed != 0) return copy_error(error, error_size, strerror(saved)), -1;
  return 0;
}
