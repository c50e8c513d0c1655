/* atomicfile: write a whole buffer to a file so that readers see all of it or nothing. */
#ifndef RT_ATOMICFILE_H
#define RT_ATOMICFILE_H

#include <stddef.h>

/* Write buf to a temporary file beside path, fsync it, then rename it over path (over the file
 * a symbolic link points to). Devices and FIFOs (/dev/null, a pipe) are written in place.
 * Returns 0, or -1 with errno set (the temporary file is removed). */
int rt_write_atomic(const char *path, const void *buf, size_t len);

#endif
