/* strbuf: a growing text buffer in memory (always NUL-terminated), for lines and documents
 * built before they are written whole. */
#ifndef RT_STRBUF_H
#define RT_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

/* The buffer: a plain record, zero-initialised empty ({ 0 }); data owned, freed by strbuf_fini. */
typedef struct strbuf {
    char *data;      /* NUL-terminated once anything was appended; NULL before */
    size_t len, cap;
    bool oom;        /* an append ran out of memory: this and every later one did nothing */
} strbuf;

/* Free the data; the buffer is empty again. */
void strbuf_fini(strbuf *b);
/* Append n bytes of s / the string s / printf's text (at most 127 bytes). */
void strbuf_put(strbuf *b, const char *s, size_t n);
void strbuf_puts(strbuf *b, const char *s);
void strbuf_putf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
