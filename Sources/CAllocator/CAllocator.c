// Nothing to compile: the target exists for its header (see include/CAllocator.h).
#include "CAllocator.h"
