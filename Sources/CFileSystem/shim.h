// fstatfs and the statfs record (which file system a file lives on), which Swift's Glibc
// module does not bring in.
#include <sys/vfs.h>
