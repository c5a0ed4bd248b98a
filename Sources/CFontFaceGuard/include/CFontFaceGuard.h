// Keeps FreeType faces that Cairo closes alive a while longer, working around a race in Cairo
// 1.16's FreeType backend (see FontFaceGuard.c).
#ifndef CFONTFACEGUARD_H
#define CFONTFACEGUARD_H

/// 1 when the process's FT_Done_Face is this file's (so Cairo's calls come here), else 0.
int cs_font_face_guard_is_bound(void);

/// How many faces Cairo has closed whose freeing is still deferred.
int cs_font_face_guard_deferred_count(void);

/// How many faces Cairo has closed since the process started.
long cs_font_face_guard_closed_count(void);

#endif
