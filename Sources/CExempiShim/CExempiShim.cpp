#include "CExempiShim.h"

#include <iostream>

void cexempi_silence_cerr(void) { std::cerr.setstate(std::ios_base::badbit); }
