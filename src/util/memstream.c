/* memstream: open_memstream with failures that are seen. glibc's open_memstream lets fprintf
 * fail for want of memory without setting the stream's error flag, so a check of ferror() after
 * rendering passes on a cut-off text. This stream is built with fopencookie: its write function
 * reports a failed growth as a short write, which stdio records in the error flag. */
/* fopencookie; the reserved name is glibc's feature-test macro
 * NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#define _GNU_SOURCE
#include "util/memstream.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "util/grow.h"

typedef struct mem {
    char *data;
    size_t len, cap;
    bool failed;      /* a growth failed: every later write fails */
    char **out_buf;   /* published at close */
    size_t *out_len;
} mem;

static ssize_t mem_write(void *cookie, const char *p, size_t n)
{
    mem *m = cookie;
    if (m->failed)
        return -1;
    char *d = n < SIZE_MAX - m->len ? rt_grow(m->data, &m->cap, m->len + n + 1, 1, 4096) : NULL;
    if (!d) {
        m->failed = true;
        errno = ENOMEM;
        return -1;
    }
    m->data = d;
    memcpy(m->data + m->len, p, n);
    m->len += n;
    m->data[m->len] = '\0';
    return (ssize_t)n;
}

static int mem_close(void *cookie)
{
    mem *m = cookie;
    int rc = m->failed ? -1 : 0;
    if (!m->data && !m->failed)
        m->data = calloc(1, 1);   /* nothing written: an empty string */
    *m->out_buf = m->data;
    *m->out_len = m->data ? m->len : 0;
    if (!m->data)
        rc = -1;
    free(m);
    return rc;
}

FILE *rt_memstream_open(char **buf, size_t *len)
{
    *buf = NULL;
    *len = 0;
    mem *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->out_buf = buf;
    m->out_len = len;
    cookie_io_functions_t io = { .read = NULL, .write = mem_write, .seek = NULL,
                                 .close = mem_close };
    FILE *f = fopencookie(m, "w", io);
    if (!f)
        free(m);
    return f;
}
