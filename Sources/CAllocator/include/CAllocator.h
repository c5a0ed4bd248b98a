// glibc's allocator options (mallopt and M_MMAP_THRESHOLD), whose header <malloc.h> Swift's
// Glibc module does not bring in.
#ifndef CALLOCATOR_H
#define CALLOCATOR_H

#include <malloc.h>

#endif
