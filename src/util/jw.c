/* jw: a streaming JSON writer with jansson's layout and number formats (jw.h).
 *
 * jansson's json_dumps, which the reports used before they were streamed, lays a value out as:
 * an empty container as "[]" or "{}"; otherwise the opening bracket, then each element on a line
 * of its own indented by indent * (depth + 1) spaces, separated by ",", keys followed by ": ", and
 * the closing bracket on a line indented by indent * depth. Compact: "," and ":" with no space
 * and no newline. A real is printf's %.17g with ".0" added when neither '.' nor 'e' appears, and
 * the exponent stripped of its '+' and leading zeros ("1e+20" is "1e20"); strings escape '"',
 * '\', and the control characters (\b \f \n \r \t, others \u00XX in upper case). jw writes the
 * same bytes, one value at a time, so the output never needs a tree in memory. */
#include "util/jw.h"

#include <math.h>
#include <string.h>

void jw_init(jw *w, FILE *out, int indent)
{
    memset(w, 0, sizeof *w);
    w->out = out;
    w->indent = indent > 0 ? indent : 0;
    w->first[0] = true;
}

/* A newline and the indentation of depth d (nothing in compact mode). */
static void newline(jw *w, int d)
{
    if (!w->indent)
        return;
    static const char spaces[] = "\n                                                                ";
    size_t n = (size_t)d * (size_t)w->indent;
    fwrite(spaces, 1, 1, w->out);
    for (; n > sizeof spaces - 2; n -= sizeof spaces - 2)
        fwrite(spaces + 1, 1, sizeof spaces - 2, w->out);
    fwrite(spaces + 1, 1, n, w->out);
}

/* What comes before a value or a key: the separator from the previous element and the newline. */
static void before(jw *w)
{
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (w->depth == 0)
        return;
    if (!w->first[w->depth])
        putc(',', w->out);
    w->first[w->depth] = false;
    newline(w, w->depth);
}

static void open_c(jw *w, char c)
{
    before(w);
    putc(c, w->out);
    if (w->depth >= JW_MAX_DEPTH) {
        w->failed = true;
        return;
    }
    w->depth++;
    w->first[w->depth] = true;
}

static void close_c(jw *w, char c)
{
    if (w->depth == 0 || w->after_key) {
        w->failed = true;
        return;
    }
    if (!w->first[w->depth])
        newline(w, w->depth - 1);
    w->depth--;
    putc(c, w->out);
}

void jw_object_begin(jw *w) { open_c(w, '{'); }
void jw_object_end(jw *w) { close_c(w, '}'); }
void jw_array_begin(jw *w) { open_c(w, '['); }
void jw_array_end(jw *w) { close_c(w, ']'); }

/* The length of the valid UTF-8 sequence at s (as jansson's utf8_iterate accepts it: no
 * overlong form, no surrogate, nothing above U+10FFFF), or 0 when it is not one. */
static size_t utf8_len(const unsigned char *s, uint32_t *cp)
{
    unsigned char c = s[0];
    size_t n;
    uint32_t v;
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        v = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        v = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        v = c & 0x07;
    } else {
        return 0;
    }
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) /* also stops at the terminating NUL */
            return 0;
        v = (v << 6) | (s[i] & 0x3F);
    }
    if ((n == 3 && v < 0x800) || (n == 4 && v < 0x10000) || v > 0x10FFFF ||
        (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return n;
}

/* Where put_string writes: the stream of a writer, or a buffer. */
typedef struct str_out {
    FILE *f;
    strbuf *b;
} str_out;

static void out_put(const str_out *o, const char *s, size_t n)
{
    if (!o->f)
        strbuf_put(o->b, s, n);
    else if (n == 1)
        putc(*s, o->f);         /* the quotes: as cheap as before the buffer form existed */
    else
        fwrite(s, 1, n, o->f);
}

static void put_string(const str_out *o, const char *str)
{
    const unsigned char *s = (const unsigned char *)str, *run = s;
    out_put(o, "\"", 1);
    for (;;) {
        uint32_t cp = 0;
        size_t n = *s ? utf8_len(s, &cp) : 0;
        if (n && cp >= 0x20 && cp != '"' && cp != '\\') {
            s += n;
            continue;
        }
        if (s > run)
            out_put(o, (const char *)run, (size_t)(s - run));
        if (!*s)
            break;
        if (!n) {
            out_put(o, "\xEF\xBF\xBD", 3); /* U+FFFD for a byte that starts no valid sequence */
            s++;
        } else {
            char u[16];           /* cp < 0x20 here: six bytes */
            switch (cp) {
            case '\\': out_put(o, "\\\\", 2); break;
            case '"': out_put(o, "\\\"", 2); break;
            case '\b': out_put(o, "\\b", 2); break;
            case '\f': out_put(o, "\\f", 2); break;
            case '\n': out_put(o, "\\n", 2); break;
            case '\r': out_put(o, "\\r", 2); break;
            case '\t': out_put(o, "\\t", 2); break;
            default:
                snprintf(u, sizeof u, "\\u%04X", (unsigned)cp);
                out_put(o, u, 6);
                break;
            }
            s += n;
        }
        run = s;
    }
    out_put(o, "\"", 1);
}

void jw_str_buf(strbuf *b, const char *s)
{
    str_out o = { .b = b };
    put_string(&o, s);
}

void jw_key(jw *w, const char *key)
{
    if (w->depth == 0 || w->after_key || !key) {
        w->failed = true;
        return;
    }
    before(w);
    str_out o = { .f = w->out };
    put_string(&o, key);
    fputs(w->indent ? ": " : ":", w->out);
    w->after_key = true;
}

void jw_str(jw *w, const char *s)
{
    if (!s) {
        jw_null(w);
        return;
    }
    before(w);
    str_out o = { .f = w->out };
    put_string(&o, s);
}

void jw_int(jw *w, int64_t x)
{
    char buf[24], *p = buf + sizeof buf;
    uint64_t u = x < 0 ? 0 - (uint64_t)x : (uint64_t)x;  /* INT64_MIN too */
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (x < 0)
        *--p = '-';
    before(w);
    fwrite(p, 1, (size_t)(buf + sizeof buf - p), w->out);
}

void jw_fmt_real(double x, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%.17g", x);
    if (n < 0 || (size_t)n + 3 > size) {
        if (size)
            buf[0] = '\0';
        return;
    }
    size_t len = (size_t)n;
    for (char *p = buf; *p; p++) /* a locale's decimal comma reads as a point */
        if (*p == ',')
            *p = '.';
    if (!strchr(buf, '.') && !strchr(buf, 'e')) {
        memcpy(buf + len, ".0", 3);
        len += 2;
    }
    char *e = strchr(buf, 'e');
    if (e) {
        char *start = e + 1, *end = start + 1;
        if (*start == '-')
            start++;
        while (*end == '0')
            end++;
        if (end != start)
            memmove(start, end, len - (size_t)(end - buf) + 1);
    }
}

void jw_real(jw *w, double x)
{
    if (!isfinite(x)) {
        jw_null(w);
        return;
    }
    char buf[40];
    jw_fmt_real(x, buf, sizeof buf);
    before(w);
    fputs(buf, w->out);
}

void jw_bool(jw *w, bool b)
{
    before(w);
    fputs(b ? "true" : "false", w->out);
}

void jw_null(jw *w)
{
    before(w);
    fputs("null", w->out);
}

void jw_kstr(jw *w, const char *key, const char *s)
{
    jw_key(w, key);
    jw_str(w, s);
}

void jw_kint(jw *w, const char *key, int64_t x)
{
    jw_key(w, key);
    jw_int(w, x);
}

void jw_kreal(jw *w, const char *key, double x)
{
    jw_key(w, key);
    jw_real(w, x);
}

void jw_kbool(jw *w, const char *key, bool b)
{
    jw_key(w, key);
    jw_bool(w, b);
}

void jw_knull(jw *w, const char *key)
{
    jw_key(w, key);
    jw_null(w);
}

int jw_finish(const jw *w)
{
    return w->failed || w->depth != 0 || w->after_key || ferror(w->out) ? -1 : 0;
}
