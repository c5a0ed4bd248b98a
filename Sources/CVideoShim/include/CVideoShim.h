// FFmpeg for ContactSheet: a video's facts and single frames, read through a callback.
//
// The FFmpeg libraries (libavformat, libavcodec, libswscale) are driven from C: their
// structures change between versions and their logging goes to stderr. Nothing is printed;
// every failure comes back as text. A clip is read only through the callback (no file names,
// no URLs: a container cannot make FFmpeg open anything else), by a short list of demuxers,
// under a deadline.
#ifndef CVIDEO_SHIM_H
#define CVIDEO_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Reads `count` bytes at `offset` of the file into `buffer`; returns how many were read, or -1.
typedef int64_t (*cvideo_read_fn)(void *context, uint64_t offset, void *buffer, uint64_t count);

/// An open clip: its container, its video stream and that stream's decoder.
typedef struct cvideo cvideo;

/// What a clip's container and video stream say.
typedef struct {
  /// The size of the stored frames, before rotation.
  int width;
  int height;
  /// Clockwise degrees that turn a stored frame upright: 0, 90, 180 or 270 (a phone held
  /// upright records landscape frames and a display matrix).
  int rotation;
  /// Seconds, or -1 when the container does not say.
  double duration;
  /// Frames per second (the stream's average), or 0.
  double fps;
  /// Bits per second, the container's (all streams), or 0.
  int64_t bitrate;
  /// The number of frames when the container records it, else 0.
  int64_t frames;
  int has_audio;
  /// The codec's short name ("h264", "hevc", "vp9", "prores").
  char codec[32];
  /// The demuxer's name ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "avi", "mpegts").
  char container[48];
  /// When it was recorded, as the container stores it: an Apple local time with its offset
  /// ("2026-11-28T13:30:00+0100") when there is one, else the ISO 8601 UTC `creation_time`.
  char creation_time[64];
  /// The device, when the container names it (Apple, Android and camera tags).
  char make[64];
  char model[64];
} cvideo_info;

/// Opens the clip `read` gives (`size` bytes), finds its video stream and opens a decoder that
/// refuses frames over `max_pixels`. Every call on the handle stops after `seconds_limit`
/// seconds of work. NULL with a message in `error` when it is not a readable video.
cvideo *cvideo_open(cvideo_read_fn read, void *context, uint64_t size, int64_t max_pixels,
                    double seconds_limit, cvideo_info *info, char *error, size_t error_size);

/// Decodes the first frame shown at or after `seconds` (seeking to the key frame before it,
/// then decoding forward; the last frame decoded when the clip ends first) and scales it to
/// `out_width` × `out_height` BGRA pixels (opaque), as stored (not rotated). `shown_at`
/// receives the frame's time in seconds. Returns 0, or -1 with a message in `error`.
int cvideo_frame(cvideo *video, double seconds, int out_width, int out_height, uint8_t *pixels,
                 double *shown_at, char *error, size_t error_size);

/// Reads the clip's key frames from its start, at most `max_count`, and for each its time in
/// seconds (`times`) and how much it differs from the key frame before it (`changes`: the mean
/// difference of their 32×18 grey thumbnails, 0–255; the first key frame's is 255): where
/// scenes change. Works for `seconds_limit` seconds at most, keeping what it read; `complete`
/// says whether it reached the clip's end. Returns the number read, or -1 with a message in
/// `error`.
int cvideo_key_frames(cvideo *video, int max_count, double seconds_limit, double *times, double *changes,
                      int *complete, char *error, size_t error_size);

/// Closes the clip.
void cvideo_close(cvideo *video);

#endif
