#include <exempi/xmp.h>
#include <exempi/xmpconsts.h>
