/* memstream: a FILE that writes into a growing memory buffer, like open_memstream, except that
 * a write that cannot grow the buffer marks the stream in error (ferror), so a report rendered
 * into memory is never taken for whole when it was cut off. */
#ifndef RT_MEMSTREAM_H
#define RT_MEMSTREAM_H

#include <stddef.h>
#include <stdio.h>

/* Open a stream into memory; NULL when out of memory. At fclose, *buf receives the content
 * (NUL-terminated, the caller frees it; NULL when nothing could be kept) and *len its length.
 * Once a write fails for want of memory, every later one fails too, ferror() is true and
 * fclose returns EOF. */
FILE *rt_memstream_open(char **buf, size_t *len);

#endif
