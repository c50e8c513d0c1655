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

/* Where the body goes: a buffer, or (b NULL) a stream. */
static int body(strbuf *b, FILE *out, const char *s)
{
    int rc = 0;
    const unsigned char *p = (const unsigned char *)s, *run = p;
    for (;; p++) {
        if (*p && !is_control(*p) && *p != '"')
            continue;
        size_t n = (size_t)(p - run) + (*p == '"');   /* a quote: itself, then once more */
        char hex[8] = "";
        if (*p && *p != '"')
            snprintf(hex, sizeof hex, "\\x%02x", *p);
        if (b) {
            strbuf_put(b, (const char *)run, n);
            strbuf_puts(b, hex);
        } else if (fwrite(run, 1, n, out) != n || fputs(hex, out) == EOF) {
            rc = EOF;
        }
        if (!*p)
            return rc;
        run = *p == '"' ? p : p + 1;
    }
}

void csv_body(strbuf *b, const char *s)
{
    body(b, NULL, s);
}

int csv_body_fputs(const char *s, FILE *out)
{
    return body(NULL, out, s);
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
