/* atomicfile: write a whole buffer to a file so that readers see all of it or nothing. */
#ifndef RT_ATOMICFILE_H
#define RT_ATOMICFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Write buf to a temporary file beside path, fsync it, then rename it over path (over the file
 * a symbolic link points to). Devices and FIFOs (/dev/null, a pipe) are written in place.
 * Returns 0, or -1 with errno set (the temporary file is removed). */
int rt_write_atomic(const char *path, const void *buf, size_t len);

/* The same for output too large to hold in memory: write to f, then commit (flush, fsync,
 * rename over the target) or abort (the temporary file is removed, the target untouched).
 * Devices and FIFOs are written in place. */
typedef struct rt_atomic_stream {
    FILE *f;
    char *tmp;       /* owned: the temporary file, NULL when writing in place */
    char *target;    /* owned */
} rt_atomic_stream;
/* Open s for path; -1 with errno set. */
int rt_atomic_open(rt_atomic_stream *s, const char *path);
/* Make the content visible at the target; -1 with errno set (then nothing was replaced). */
int rt_atomic_commit(rt_atomic_stream *s);
/* Discard what was written. */
void rt_atomic_abort(rt_atomic_stream *s);

#endif
