#ifndef CSHIMS_H
#define CSHIMS_H
// Function wrappers for C macros that Swift cannot import (function-like macros),
// each prefixed `cs_` so their origin is plain at the call site.
#include <pango/pango.h>
#include <turbojpeg.h>

/// PANGO_PIXELS: Pango units to whole pixels, rounded.
int cs_pango_pixels(int units);

/// TJSCALED: a dimension scaled by a TurboJPEG scaling factor, rounded up.
int cs_tj_scaled(int dimension, tjscalingfactor factor);

#endif
