/* atomicfile: write an output file so that readers see all of it or nothing, and so that no
 * partial or temporary file is left behind, even when the tool is killed. */
#ifndef RT_ATOMICFILE_H
#define RT_ATOMICFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* An output being written. A regular file (or a name that does not exist yet) is written to an
 * unnamed file in the target's directory (O_TMPFILE) and linked in at commit, so no other name
 * ever appears while it is written; where the file system has no O_TMPFILE, to a visible
 * temporary file beside the target that a SIGINT, SIGTERM or SIGHUP removes (after
 * rt_atomicfile_signals_init). Devices and FIFOs (/dev/null, a pipe) are written in place. */
typedef struct rt_atomic_stream {
    FILE *f;         /* owned until commit or abort: write the content here */
    char *tmp;       /* owned: the visible temporary file; NULL when unnamed or in place */
    char *target;    /* owned: the file the content goes to, symbolic links resolved */
    int slot;        /* the signal cleanup slot of tmp, or -1 */
    bool unnamed;    /* f is an O_TMPFILE file, linked at commit */
    bool replace;    /* the target exists and is replaced; its permission bits are kept */
} rt_atomic_stream;

/* Open s for path. Refused (-1, errno set): an empty path, a directory, a dangling symbolic
 * link, an existing file the caller may not write or whose permission bits allow no one to
 * write it (EACCES), a directory where no file can be made. */
int rt_atomicfile_open(rt_atomic_stream *s, const char *path);
/* rt_atomicfile_open with the visible temporary file even where O_TMPFILE works: the fallback
 * path (for tests, and for file systems that mishandle unnamed files). */
int rt_atomicfile_open_visible(rt_atomic_stream *s, const char *path);
/* Make the content visible at the target (flush, fsync, link or rename); -1 with errno set, and
 * then nothing was replaced. Frees s either way. */
int rt_atomicfile_commit(rt_atomic_stream *s);
/* Discard what was written; the target is untouched. Frees s. */
void rt_atomicfile_abort(rt_atomic_stream *s);
/* Write buf to path through a stream: open, write, commit. 0, or -1 with errno set. */
int rt_atomicfile_write(const char *path, const void *buf, size_t len);
/* Install handlers for SIGINT, SIGTERM and SIGHUP (those not ignored) that remove the visible
 * temporary files being written and then end the process by the same signal. For commands,
 * once, before any output is opened. 0, or -1 with errno set. */
int rt_atomicfile_signals_init(void);

#endif
