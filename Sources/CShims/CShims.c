#include "CShims.h"

int cs_pango_pixels(int units) { return PANGO_PIXELS(units); }

int cs_tj_scaled(int dimension, tjscalingfactor factor) { return TJSCALED(dimension, factor); }
