/* csv: the one CSV field escape. */
#include "util/csv.h"

#include <string.h>

static bool is_control(unsigned char c)
{
    return c < 0x20 || c == 0x7f;
}

bool csv_needs_quotes(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (is_control(*p) || *p == ',' || *p == '"')
            return true;
    return false;
}

/* Where the body goes: one put per run of plain bytes or escape; false stops on a write error. */
typedef bool body_put(void *ctx, const char *s, size_t n);

static bool put_buf(void *ctx, const char *s, size_t n)
{
    strbuf_put(ctx, s, n);
    return true;
}

static bool put_file(void *ctx, const char *s, size_t n)
{
    return fwrite(s, 1, n, ctx) == n;
}

static bool body(const char *s, body_put *put, void *ctx)
{
    const unsigned char *p = (const unsigned char *)s, *run = p;
    for (;; p++) {
        if (*p && !is_control(*p) && *p != '"')
            continue;
        size_t n = (size_t)(p - run) + (*p == '"');   /* a quote: itself, then once more */
        if (n && !put(ctx, (const char *)run, n))
            return false;
        if (!*p)
            return true;
        if (*p != '"') {
            char hex[8];
            snprintf(hex, sizeof hex, "\\x%02x", *p);
            if (!put(ctx, hex, 4))
                return false;
        }
        run = *p == '"' ? p : p + 1;
    }
}

void csv_body(strbuf *b, const char *s)
{
    body(s, put_buf, b);
}

int csv_body_fputs(const char *s, FILE *out)
{
    return body(s, put_file, out) ? 0 : EOF;
}

void csv_field(strbuf *b, const char *s)
{
    if (!csv_needs_quotes(s)) {
        strbuf_puts(b, s);
        return;
    }
    strbuf_put(b, "\"", 1);
    csv_body(b, s);
    strbuf_put(b, "\"", 1);
}
