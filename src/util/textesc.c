/* textesc: control characters as \xHH (docs/formats.md, "Text outputs"). */
#include "util/textesc.h"

#include <string.h>

/* c as it is printed, into esc (at least 4 bytes); its length. */
static size_t esc_byte(unsigned char c, const char *also, char *esc)
{
    static const char hex[] = "0123456789abcdef";
    if (c < 0x20 || c == 0x7f) {
        esc[0] = '\\';
        esc[1] = 'x';
        esc[2] = hex[c >> 4];
        esc[3] = hex[c & 15];
        return 4;
    }
    if (also && strchr(also, (char)c)) {
        esc[0] = '\\';
        esc[1] = (char)c;
        return 2;
    }
    esc[0] = (char)c;
    return 1;
}

const char *rt_textesc(const char *s, const char *also, char *buf, size_t size)
{
    size_t o = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char esc[4];
        size_t n = esc_byte(*p, also, esc);
        if (o + n + 4 > size) {
            while (o > 0 && ((unsigned char)buf[o - 1] & 0xc0) == 0x80)
                o--; /* do not cut a UTF-8 sequence: drop its continuation bytes */
            if (o > 0 && ((unsigned char)buf[o - 1] & 0xc0) == 0xc0)
                o--; /* and its lead byte */
            memcpy(buf + o, "...", 3);
            o += 3;
            break;
        }
        memcpy(buf + o, esc, n);
        o += n;
    }
    buf[o] = '\0';
    return buf;
}

int rt_textesc_fputs(const char *s, FILE *out)
{
    /* runs of printable bytes in one fwrite: stderr is unbuffered, one call per byte would be
     * one system call per byte */
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        size_t run = 0;
        while (p[run] && p[run] >= 0x20 && p[run] != 0x7f)
            run++;
        if (run > 0 && fwrite(p, 1, run, out) != run)
            return EOF;
        p += run;
        if (*p) {
            char esc[4];
            size_t n = esc_byte(*p++, NULL, esc);
            if (fwrite(esc, 1, n, out) != n)
                return EOF;
        }
    }
    return 0;
}

const char *rt_textesc_quote(const char *s, char *buf, size_t size)
{
    return rt_textesc(s, "\"\\", buf, size);
}
