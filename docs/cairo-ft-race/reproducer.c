// Cairo 1.16's FreeType backend crashes text laid out on several threads once more than ten
// font files are in play (see Sources/CFontFaceGuard/FontFaceGuard.c). This program lays out
// short texts in 20 scripts and 8 families on N threads, each with its own font map, as
// ContactSheet's caption measuring does. On Debian 12, 6 runs of 6 crashed (SIGSEGV in
// _cairo_ft_scaled_glyph_init, under cairo_scaled_font_glyph_extents); linked with the guard,
// 6 of 6 finished:
//
//   gcc -O1 -o race reproducer.c $(pkg-config --cflags --libs pangocairo) -lpthread
//   ./race 8
//   gcc -O1 -o race-guarded reproducer.c ../../Sources/CFontFaceGuard/FontFaceGuard.c \
//     -I../../Sources/CFontFaceGuard/include $(pkg-config --cflags --libs pangocairo) -lpthread
//   ./race-guarded 8
#include <pango/pangocairo.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
static const char *texts[] = {"Hello wörld", "日本語のテキスト", "مرحبا بالعالم", "שלום עולם", "नमस्ते दुनिया", "สวัสดีชาวโลก", "안녕하세요", "Привет мир", "Γειά σου", "<b>Bold</b> text", "<i>Italic</i> text", "漢字 ひらがな カタカナ", "ABC 123 € ©", "ქართული", "Հայերեն", "தமிழ்", "ಕನ್ನಡ", "বাংলা", "ગુજરાતી", "ਪੰਜਾਬੀ"};
static const char *fams[] = {"Sans", "Serif", "Monospace", "DejaVu Sans", "Noto Sans", "Noto Serif", "Liberation Sans", "Liberation Serif"};
static void *work(void *arg) {
  unsigned seed = (unsigned)(size_t)arg;
  for (int round = 0; round < 40; round++) {
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    PangoContext *ctx = pango_font_map_create_context(map);
    for (int i = 0; i < 200; i++) {
      PangoLayout *l = pango_layout_new(ctx);
      char desc[64]; snprintf(desc, 64, "%s %d", fams[rand_r(&seed) % 8], 6 + rand_r(&seed) % 20);
      PangoFontDescription *d = pango_font_description_from_string(desc);
      pango_layout_set_font_description(l, d);
      pango_layout_set_markup(l, texts[rand_r(&seed) % 20], -1);
      pango_layout_set_width(l, 50 * PANGO_SCALE);
      int w, h; pango_layout_get_size(l, &w, &h);
      pango_font_description_free(d); g_object_unref(l);
    }
    g_object_unref(ctx); g_object_unref(map);
  }
  return NULL;
}
int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  pthread_t t[32];
  for (int i = 0; i < n; i++) pthread_create(&t[i], NULL, work, (void*)(size_t)(i+1));
  for (int i = 0; i < n; i++) pthread_join(t[i], NULL);
  printf("ok\n");
}
