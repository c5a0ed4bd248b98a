#include "CVideoShim.h"

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/common.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/// Bytes libavformat reads at a time through the callback.
enum { CVIDEO_IO_BUFFER = 64 * 1024 };
/// The most packets of the video stream decoded after a seek to reach the wanted time: a clip
/// whose key frames are further apart (or whose seek fails) shows the last frame decoded.
enum { CVIDEO_MAX_PACKETS = 1500 };
/// The most bytes libavformat reads to find the streams (a transport stream needs some).
enum { CVIDEO_PROBE_BYTES = 8 << 20 };

struct cvideo {
  cvideo_read_fn read;
  void *context;
  uint64_t size;
  uint64_t position;
  AVFormatContext *format;
  AVIOContext *io;
  AVCodecContext *decoder;
  AVPacket *packet;
  AVFrame *frame;
  AVFrame *kept;
  int stream;
  double seconds_limit;
  struct timespec deadline;
};

static pthread_once_t quiet_once = PTHREAD_ONCE_INIT;

// FFmpeg logs to stderr by default; every failure reaches Swift as text instead.
static void quiet(void) { av_log_set_level(AV_LOG_QUIET); }

// Starts the deadline of one call: `seconds` from now.
static void start_clock(struct cvideo *video, double seconds) {
  clock_gettime(CLOCK_MONOTONIC, &video->deadline);
  double whole = floor(seconds);
  video->deadline.tv_sec += (time_t)whole;
  video->deadline.tv_nsec += (long)((seconds - whole) * 1e9);
  if (video->deadline.tv_nsec >= 1000000000L) {
    video->deadline.tv_sec += 1;
    video->deadline.tv_nsec -= 1000000000L;
  }
}

static int past_deadline(void *opaque) {
  struct cvideo *video = opaque;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec > video->deadline.tv_sec ||
         (now.tv_sec == video->deadline.tv_sec && now.tv_nsec > video->deadline.tv_nsec);
}

// Every demuxer reads through these two, so the deadline holds inside a single call to
// FFmpeg too (its interrupt callback is polled by network protocols, not by custom I/O).
static int io_read(void *opaque, uint8_t *buffer, int count) {
  struct cvideo *video = opaque;
  if (past_deadline(video)) return AVERROR_EXIT;
  if (video->position >= video->size || count <= 0) return AVERROR_EOF;
  int64_t got = video->read(video->context, video->position, buffer, (uint64_t)count);
  if (got < 0) return AVERROR(EIO);
  if (got == 0) return AVERROR_EOF;
  video->position += (uint64_t)got;
  return (int)got;
}

static int64_t io_seek(void *opaque, int64_t offset, int whence) {
  struct cvideo *video = opaque;
  if (whence & AVSEEK_SIZE) return (int64_t)video->size;
  if (past_deadline(video)) return AVERROR_EXIT;
  whence &= ~AVSEEK_FORCE;
  int64_t base = whence == SEEK_SET   ? 0
                 : whence == SEEK_CUR ? (int64_t)video->position
                 : whence == SEEK_END ? (int64_t)video->size
                                      : -1;
  if (base < 0 || offset > INT64_MAX - base || base + offset < 0) return -1;
  video->position = (uint64_t)(base + offset);
  return base + offset;
}

// A container naming other files or URLs (a playlist, an external data reference) opens
// nothing: only the clip's own bytes are read.
static int refuse_open(struct AVFormatContext *format, AVIOContext **io, const char *url, int flags,
                       AVDictionary **options) {
  (void)format;
  (void)io;
  (void)url;
  (void)flags;
  (void)options;
  return AVERROR(EPERM);
}

static void describe(int code, const char *what, char *error, size_t error_size) {
  char text[AV_ERROR_MAX_STRING_SIZE] = "";
  if (code == AVERROR_EXIT) {
    snprintf(error, error_size, "%s: took too long (stopped)", what);
    return;
  }
  av_strerror(code, text, sizeof text);
  snprintf(error, error_size, "%s (%s)", what, text);
}

static void copy_tag(AVDictionary *metadata, const char *const *keys, char *target, size_t size) {
  if (target[0]) return;
  for (const char *const *key = keys; *key; key++) {
    AVDictionaryEntry *entry = av_dict_get(metadata, *key, NULL, 0);
    if (entry && entry->value && entry->value[0]) {
      snprintf(target, size, "%s", entry->value);
      return;
    }
  }
}

static void read_info(struct cvideo *video, cvideo_info *info) {
  AVFormatContext *format = video->format;
  AVStream *stream = format->streams[video->stream];
  AVCodecParameters *parameters = stream->codecpar;
  info->width = parameters->width;
  info->height = parameters->height;
  const int32_t *matrix =
      (const int32_t *)av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, NULL);
  if (matrix) {
    // The matrix turns counter-clockwise; the frame is turned back clockwise to stand upright.
    double angle = -av_display_rotation_get(matrix);
    if (!isnan(angle)) {
      long quarter = lround(angle / 90.0) % 4;
      if (quarter < 0) quarter += 4;
      info->rotation = (int)quarter * 90;
    }
  }
  info->duration = -1;
  if (format->duration != AV_NOPTS_VALUE && format->duration > 0) {
    info->duration = (double)format->duration / AV_TIME_BASE;
  } else if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) {
    info->duration = (double)stream->duration * av_q2d(stream->time_base);
  }
  AVRational rate = stream->avg_frame_rate.num > 0 && stream->avg_frame_rate.den > 0
                        ? stream->avg_frame_rate
                        : stream->r_frame_rate;
  info->fps = rate.num > 0 && rate.den > 0 ? av_q2d(rate) : 0;
  info->bitrate = format->bit_rate > 0 ? format->bit_rate : 0;
  info->frames = stream->nb_frames > 0 ? stream->nb_frames : 0;
  info->has_audio = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, NULL, 0) >= 0;
  snprintf(info->codec, sizeof info->codec, "%s", avcodec_get_name(parameters->codec_id));
  snprintf(info->container, sizeof info->container, "%s", format->iformat->name);
  static const char *const dates[] = {"com.apple.quicktime.creationdate", "creation_time", "date",
                                      NULL};
  static const char *const makes[] = {"com.apple.quicktime.make", "make", "com.android.manufacturer",
                                      NULL};
  static const char *const models[] = {"com.apple.quicktime.model", "model", "com.android.model",
                                       NULL};
  copy_tag(format->metadata, dates, info->creation_time, sizeof info->creation_time);
  copy_tag(stream->metadata, dates, info->creation_time, sizeof info->creation_time);
  copy_tag(format->metadata, makes, info->make, sizeof info->make);
  copy_tag(format->metadata, models, info->model, sizeof info->model);
}

// Whether frames of `parameters`' size hold more than `max_pixels` pixels, said in `error`.
// (The Swift side names `--max-pixels` when it is the user's limit that refuses them.)
static int too_large(const AVCodecParameters *parameters, int64_t max_pixels, char *error,
                     size_t error_size) {
  if ((int64_t)parameters->width * parameters->height <= max_pixels) return 0;
  snprintf(error, error_size, "%d×%d frames are more than the limit of %lld pixels a frame may have",
           parameters->width, parameters->height, (long long)max_pixels);
  return 1;
}

cvideo *cvideo_open(cvideo_read_fn read, void *context, uint64_t size, int64_t max_pixels,
                    double seconds_limit, cvideo_info *info, char *error, size_t error_size) {
  pthread_once(&quiet_once, quiet);
  memset(info, 0, sizeof *info);
  struct cvideo *video = av_mallocz(sizeof *video);
  uint8_t *buffer = av_malloc(CVIDEO_IO_BUFFER);
  if (!video || !buffer) {
    av_free(video);
    av_free(buffer);
    snprintf(error, error_size, "out of memory");
    return NULL;
  }
  video->read = read;
  video->context = context;
  video->size = size;
  video->stream = -1;
  video->seconds_limit = seconds_limit;
  start_clock(video, seconds_limit);
  video->io = avio_alloc_context(buffer, CVIDEO_IO_BUFFER, 0, video, io_read, NULL, io_seek);
  video->format = avformat_alloc_context();
  if (!video->io || !video->format) {
    if (!video->io) av_free(buffer);
    snprintf(error, error_size, "out of memory");
    cvideo_close(video);
    return NULL;
  }
  AVFormatContext *format = video->format;
  format->pb = video->io;
  format->flags |= AVFMT_FLAG_CUSTOM_IO;
  format->io_open = refuse_open;
  format->interrupt_callback = (AVIOInterruptCB){past_deadline, video};
  format->probesize = CVIDEO_PROBE_BYTES;
  // MP4, MOV, M4V and 3GP; Matroska and WebM; AVI; MPEG transport streams (MTS, M2TS).
  format->format_whitelist = av_strdup("mov,matroska,avi,mpegts");
  if (!format->format_whitelist) {
    snprintf(error, error_size, "out of memory");
    cvideo_close(video);
    return NULL;
  }
  int code = avformat_open_input(&video->format, NULL, NULL, NULL);
  if (code < 0) {
    // avformat_open_input frees the context it could not open.
    video->format = NULL;
    describe(code, "not a readable video", error, error_size);
    cvideo_close(video);
    return NULL;
  }
  format = video->format;
  // What the container declares is checked before any frame is decoded; probing decodes a few
  // frames of each stream, under the same limit, one thread each.
  for (unsigned index = 0; index < format->nb_streams; index++) {
    AVCodecParameters *declared = format->streams[index]->codecpar;
    if (declared->codec_type == AVMEDIA_TYPE_VIDEO && too_large(declared, max_pixels, error, error_size)) {
      cvideo_close(video);
      return NULL;
    }
  }
  AVDictionary **probe = av_calloc(format->nb_streams ? format->nb_streams : 1, sizeof *probe);
  if (!probe) {
    snprintf(error, error_size, "out of memory");
    cvideo_close(video);
    return NULL;
  }
  for (unsigned index = 0; index < format->nb_streams; index++) {
    av_dict_set_int(&probe[index], "max_pixels", max_pixels, 0);
    av_dict_set(&probe[index], "threads", "1", 0);
  }
  unsigned probed = format->nb_streams;
  code = avformat_find_stream_info(format, probe);
  for (unsigned index = 0; index < probed; index++) av_dict_free(&probe[index]);
  av_free(probe);
  if (code < 0) {
    describe(code, "the video's streams cannot be read", error, error_size);
    cvideo_close(video);
    return NULL;
  }
  int stream = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
  if (stream < 0 || (format->streams[stream]->disposition & AV_DISPOSITION_ATTACHED_PIC)) {
    snprintf(error, error_size, "has no video stream");
    cvideo_close(video);
    return NULL;
  }
  video->stream = stream;
  read_info(video, info);
  AVCodecParameters *parameters = format->streams[stream]->codecpar;
  const AVCodec *codec = avcodec_find_decoder(parameters->codec_id);
  if (!codec) {
    snprintf(error, error_size, "its %s video cannot be decoded (no decoder for it)",
             avcodec_get_name(parameters->codec_id));
    cvideo_close(video);
    return NULL;
  }
  if (parameters->width <= 0 || parameters->height <= 0) {
    snprintf(error, error_size, "the video gives no frame size");
    cvideo_close(video);
    return NULL;
  }
  if (too_large(parameters, max_pixels, error, error_size)) {
    cvideo_close(video);
    return NULL;
  }
  video->decoder = avcodec_alloc_context3(codec);
  video->packet = av_packet_alloc();
  video->frame = av_frame_alloc();
  video->kept = av_frame_alloc();
  if (!video->decoder || !video->packet || !video->frame || !video->kept) {
    snprintf(error, error_size, "out of memory");
    cvideo_close(video);
    return NULL;
  }
  code = avcodec_parameters_to_context(video->decoder, parameters);
  if (code >= 0) {
    video->decoder->max_pixels = max_pixels;
    // One thread: a sheet decodes many clips side by side, and a frame thread per core would
    // hold frames of its own.
    video->decoder->thread_count = 1;
    code = avcodec_open2(video->decoder, codec, NULL);
  }
  if (code < 0) {
    describe(code, "the video's decoder cannot start", error, error_size);
    cvideo_close(video);
    return NULL;
  }
  return video;
}

// Scales `frame` to BGRA pixels, in its colour matrix and range, to full-range output.
static int scale(const AVFrame *frame, int out_width, int out_height, uint8_t *pixels, char *error,
                 size_t error_size) {
  struct SwsContext *context =
      sws_getContext(frame->width, frame->height, frame->format, out_width, out_height,
                     AV_PIX_FMT_BGRA, SWS_AREA | SWS_ACCURATE_RND, NULL, NULL, NULL);
  if (!context) {
    snprintf(error, error_size, "its %s frames cannot be converted",
             av_get_pix_fmt_name(frame->format) ? av_get_pix_fmt_name(frame->format) : "unknown");
    return -1;
  }
  int space = frame->colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709
              : frame->colorspace == AVCOL_SPC_BT2020_NCL || frame->colorspace == AVCOL_SPC_BT2020_CL
                  ? SWS_CS_BT2020
                  : SWS_CS_DEFAULT;
  int full_range = frame->color_range == AVCOL_RANGE_JPEG;
  const int *table = sws_getCoefficients(space);
  sws_setColorspaceDetails(context, table, full_range, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0,
                           1 << 16, 1 << 16);
  uint8_t *planes[4] = {pixels, NULL, NULL, NULL};
  int strides[4] = {out_width * 4, 0, 0, 0};
  int rows = sws_scale(context, (const uint8_t *const *)frame->data, frame->linesize, 0,
                       frame->height, planes, strides);
  sws_freeContext(context);
  if (rows <= 0) {
    snprintf(error, error_size, "its frame could not be converted");
    return -1;
  }
  // Formats without alpha leave it as the converter pleases: every pixel is opaque.
  for (size_t index = 3; index < (size_t)out_width * out_height * 4; index += 4) pixels[index] = 255;
  return 0;
}

// Decodes forward from where the demuxer stands to the first frame at or after `target` (in
// the stream's time base), keeping it in `video->kept`; the last frame decoded when the clip
// or the packet budget ends first. Returns 1 with a frame, 0 without one (`last_error` says
// why), -1 when the deadline passed.
static int decode_to(struct cvideo *video, int64_t target, int *last_error) {
  avcodec_flush_buffers(video->decoder);
  av_frame_unref(video->kept);
  int have = 0, done = 0, ended = 0, packets = 0;
  while (!done && !ended && packets < CVIDEO_MAX_PACKETS) {
    if (past_deadline(video)) return have ? 1 : -1;
    int code = av_read_frame(video->format, video->packet);
    if (code == AVERROR_EXIT) return -1;
    if (code < 0) {
      ended = 1;
      avcodec_send_packet(video->decoder, NULL);
    } else {
      if (video->packet->stream_index != video->stream) {
        av_packet_unref(video->packet);
        continue;
      }
      packets++;
      code = avcodec_send_packet(video->decoder, video->packet);
      av_packet_unref(video->packet);
      if (code < 0 && code != AVERROR(EAGAIN)) *last_error = code;
    }
    while (!done) {
      code = avcodec_receive_frame(video->decoder, video->frame);
      if (code < 0) {
        if (code != AVERROR(EAGAIN) && code != AVERROR_EOF) *last_error = code;
        break;
      }
      av_frame_unref(video->kept);
      av_frame_move_ref(video->kept, video->frame);
      have = 1;
      int64_t time = video->kept->best_effort_timestamp;
      if (time == AV_NOPTS_VALUE || time >= target) done = 1;
    }
  }
  return have;
}

// Puts the demuxer back at the clip's first byte, or at its start time where byte seeks are
// refused (MP4 and MOV: their index knows where the start is; a transport stream's time seek
// may land past a short clip's only key frame).
static void rewind_clip(struct cvideo *video) {
  if (!(video->format->iformat->flags & AVFMT_NO_BYTE_SEEK) &&
      avformat_seek_file(video->format, -1, INT64_MIN, 0, INT64_MAX, AVSEEK_FLAG_BYTE) >= 0)
    return;
  AVStream *stream = video->format->streams[video->stream];
  int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
  av_seek_frame(video->format, video->stream, start, AVSEEK_FLAG_BACKWARD);
}

// `seconds` from the stream's start as a timestamp of its time base, saturating.
static int64_t stream_time(AVStream *stream, double seconds) {
  double base = av_q2d(stream->time_base);
  if (!(base > 0)) base = 1.0 / AV_TIME_BASE;
  int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
  double ticks = seconds / base;
  int64_t offset = ticks >= 9e18 ? INT64_MAX : ticks <= 0 ? 0 : llround(ticks);
  return av_sat_add64(start, offset);
}

// A timestamp of the stream as seconds from its start.
static double stream_seconds(AVStream *stream, int64_t time) {
  double base = av_q2d(stream->time_base);
  if (!(base > 0)) base = 1.0 / AV_TIME_BASE;
  int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
  return (double)av_sat_sub64(time, start) * base;
}

int cvideo_frame(cvideo *video, double seconds, int out_width, int out_height, uint8_t *pixels,
                 double *shown_at, char *error, size_t error_size) {
  if (out_width <= 0 || out_height <= 0) {
    snprintf(error, error_size, "no size to draw the frame at");
    return -1;
  }
  if ((int64_t)out_width * out_height > INT32_MAX / 4) {
    snprintf(error, error_size, "%d×%d is too large to draw a frame at", out_width, out_height);
    return -1;
  }
  start_clock(video, video->seconds_limit);
  AVStream *stream = video->format->streams[video->stream];
  double wanted = seconds > 0 && isfinite(seconds) ? seconds : 0;
  int64_t target = stream_time(stream, wanted);
  int last_error = 0;
  // Seek to the key frame before the time; a clip that cannot seek (an AVI without an index)
  // is read from its start.
  int sought = av_seek_frame(video->format, video->stream, target, AVSEEK_FLAG_BACKWARD) >= 0;
  if (!sought) rewind_clip(video);
  int got = decode_to(video, target, &last_error);
  // A transport stream's seek lands by bytes, often past the only key frame of a short clip,
  // where nothing decodes: read it from its start instead.
  if (got == 0 && sought) {
    rewind_clip(video);
    got = decode_to(video, target, &last_error);
  }
  if (got < 0) {
    describe(AVERROR_EXIT, "decoding the video", error, error_size);
    return -1;
  }
  if (got == 0) {
    describe(last_error ? last_error : AVERROR_INVALIDDATA, "no frame of the video could be decoded",
             error, error_size);
    return -1;
  }
  int64_t time = video->kept->best_effort_timestamp;
  *shown_at = time == AV_NOPTS_VALUE ? wanted : stream_seconds(stream, time);
  return scale(video->kept, out_width, out_height, pixels, error, error_size);
}

int cvideo_key_frames(cvideo *video, int max_count, double seconds_limit, double *times, double *changes,
                      int *complete, char *error, size_t error_size) {
  enum { THUMB_WIDTH = 32, THUMB_HEIGHT = 18, THUMB_SIZE = THUMB_WIDTH * THUMB_HEIGHT };
  start_clock(video, seconds_limit);
  *complete = 0;
  AVStream *stream = video->format->streams[video->stream];
  // The other streams' packets are not even read into memory.
  for (unsigned index = 0; index < video->format->nb_streams; index++) {
    if ((int)index != video->stream) video->format->streams[index]->discard = AVDISCARD_ALL;
  }
  rewind_clip(video);
  avcodec_flush_buffers(video->decoder);
  // Only key frames are decoded: the rest are not even handed to the decoder.
  video->decoder->skip_frame = AVDISCARD_NONKEY;
  uint8_t previous[THUMB_SIZE], current[THUMB_SIZE];
  uint8_t *planes[4] = {current, NULL, NULL, NULL};
  int strides[4] = {THUMB_WIDTH, 0, 0, 0};
  struct SwsContext *context = NULL;
  int count = 0, ended = 0, failed = 0;
  while (count < max_count && !ended && !past_deadline(video)) {
    int code = av_read_frame(video->format, video->packet);
    if (code < 0) {
      ended = 1;
      avcodec_send_packet(video->decoder, NULL);
    } else {
      int wanted = video->packet->stream_index == video->stream && (video->packet->flags & AV_PKT_FLAG_KEY);
      if (wanted) avcodec_send_packet(video->decoder, video->packet);
      av_packet_unref(video->packet);
      if (!wanted) continue;
    }
    while (count < max_count && avcodec_receive_frame(video->decoder, video->frame) == 0) {
      AVFrame *frame = video->frame;
      context = sws_getCachedContext(context, frame->width, frame->height, frame->format, THUMB_WIDTH,
                                     THUMB_HEIGHT, AV_PIX_FMT_GRAY8, SWS_AREA, NULL, NULL, NULL);
      if (!context ||
          sws_scale(context, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height,
                    planes, strides) <= 0) {
        av_frame_unref(frame);
        failed = 1;
        continue;
      }
      long difference = 0;
      for (int index = 0; index < THUMB_SIZE; index++) {
        difference += count == 0 ? 255 : labs((long)current[index] - (long)previous[index]);
      }
      int64_t time = frame->best_effort_timestamp;
      times[count] = time == AV_NOPTS_VALUE ? 0 : stream_seconds(stream, time);
      changes[count] = (double)difference / THUMB_SIZE;
      memcpy(previous, current, THUMB_SIZE);
      count++;
      av_frame_unref(frame);
    }
  }
  sws_freeContext(context);
  *complete = ended;
  video->decoder->skip_frame = AVDISCARD_DEFAULT;
  for (unsigned index = 0; index < video->format->nb_streams; index++) {
    video->format->streams[index]->discard = AVDISCARD_DEFAULT;
  }
  avcodec_flush_buffers(video->decoder);
  if (count == 0) {
    snprintf(error, error_size, failed ? "its key frames cannot be converted" : "no key frame could be decoded");
    return -1;
  }
  return count;
}

void cvideo_close(cvideo *video) {
  if (!video) return;
  av_frame_free(&video->frame);
  av_frame_free(&video->kept);
  av_packet_free(&video->packet);
  avcodec_free_context(&video->decoder);
  if (video->format) avformat_close_input(&video->format);
  if (video->io) {
    av_freep(&video->io->buffer);
    avio_context_free(&video->io);
  }
  av_free(video);
}
