// Cairo 1.16 (Debian 12) keeps at most 10 font files open in its FreeType backend. Opening an
// 11th closes one picked at random among those "unlocked", and it reads whether a face is
// locked without taking that face's mutex: another thread that locks the face in between goes
// on using a face that is being freed (FT_Done_Face), and crashes loading a glyph from it
// (face->glyph is NULL). Any process laying out text on several threads with more than ten
// font files in play can hit it: ContactSheet's caption measuring on every core, and its test
// suite, where it crashed about one run in ten. docs/cairo-ft-race/reproducer.c shows it in
// plain C: pango_layout_get_size on 8 threads, 20 scripts, one font map per thread.
//
// The workaround: this file defines FT_Done_Face, which the dynamic linker binds in place of
// FreeType's for every library of the process (the executable's symbols come first). A call
// from Cairo does not free the face at once: the face joins a ring of the last closed ones and
// is freed when it leaves the ring, 64 closes later. A thread that raced with the close uses
// the face for one glyph load under that face's mutex, a few microseconds; each close needs
// Cairo to open another font file first, one at a time under its font map's lock (50 us for a
// small TrueType file, about 1 ms for a CJK one), so 64 of them take milliseconds at the very
// least. The ring costs memory: on the reproducer (8 threads), peak 143 MB with 64 faces kept,
// 116 MB with 16 and 238 MB with 256. Calls from any other library (fontconfig, poppler, our
// own) free at once, as FreeType would. Cairo frees its FreeType library only in
// cairo_debug_reset_static_data, which ContactSheet never calls; faces still in the ring at
// exit are left to the process's end.
#define _GNU_SOURCE
#include "CFontFaceGuard.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

// FreeType's types as its ABI has them (a handle in, an error code out), so no FreeType
// header is needed.
typedef struct FT_FaceRec_ *FT_Face;
typedef int FT_Error;

enum { ring_size = 64 };

static pthread_mutex_t ring_lock = PTHREAD_MUTEX_INITIALIZER;
static FT_Face ring[ring_size];
static int ring_next;
static int ring_count;
static long closed_total;

static FT_Error (*freetype_done_face)(FT_Face);
static pthread_once_t lookup_once = PTHREAD_ONCE_INIT;

static void look_up_freetype(void) {
  freetype_done_face = (FT_Error(*)(FT_Face))dlsym(RTLD_NEXT, "FT_Done_Face");
}

/// Whether `address` lies in Cairo's shared library.
static int is_in_cairo(const void *address) {
  Dl_info info;
  return dladdr(address, &info) != 0 && info.dli_fname != NULL &&
         strstr(info.dli_fname, "libcairo.so") != NULL;
}

FT_Error FT_Done_Face(FT_Face face) {
  pthread_once(&lookup_once, look_up_freetype);
  if (freetype_done_face == NULL) return 0;  // no FreeType in the process: nothing to free
  if (face == NULL || !is_in_cairo(__builtin_return_address(0))) return freetype_done_face(face);
  pthread_mutex_lock(&ring_lock);
  FT_Face leaving = ring[ring_next];
  ring[ring_next] = face;
  ring_next = (ring_next + 1) % ring_size;
  if (leaving == NULL) ring_count += 1;
  closed_total += 1;
  pthread_mutex_unlock(&ring_lock);
  return leaving != NULL ? freetype_done_face(leaving) : 0;
}

int cs_font_face_guard_is_bound(void) {
  Dl_info info;
  void *bound = dlsym(RTLD_DEFAULT, "FT_Done_Face");
  return bound != NULL && dladdr(bound, &info) != 0 && bound == (void *)FT_Done_Face;
}

int cs_font_face_guard_deferred_count(void) {
  pthread_mutex_lock(&ring_lock);
  int count = ring_count;
  pthread_mutex_unlock(&ring_lock);
  return count;
}

long cs_font_face_guard_closed_count(void) {
  pthread_mutex_lock(&ring_lock);
  long count = closed_total;
  pthread_mutex_unlock(&ring_lock);
  return count;
}
