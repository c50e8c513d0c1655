/* strbuf: a growing text buffer in memory. */
#include "util/strbuf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

void strbuf_fini(strbuf *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

void strbuf_put(strbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    char *d = n < SIZE_MAX - b->len ? rt_grow(b->data, &b->cap, b->len + n + 1, 1, 256) : NULL;
    if (!d) {
        b->oom = true;
        return;
    }
    b->data = d;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void strbuf_puts(strbuf *b, const char *s)
{
    strbuf_put(b, s, strlen(s));
}

void strbuf_putf(strbuf *b, const char *fmt, ...)
{
    char tmp[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n >= 0)
        strbuf_put(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}
