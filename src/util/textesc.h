/* textesc: the one escape for text meant for people (reports, diagnostics, CSV): every control
 * character (bytes below 0x20 and 0x7f) is written as \xHH, so that a name or path can never
 * start a line of its own or move the cursor (docs/formats.md, "Text outputs"). */
#ifndef RT_TEXTESC_H
#define RT_TEXTESC_H

#include <stddef.h>
#include <stdio.h>

/* Room for any path of up to 4096 bytes escaped whole (each byte at most 4 characters). */
enum { RT_ESC_PATH_SIZE = 4 * 4096 + 4 };

/* s escaped into buf (size >= 4): control characters as \xHH, and each character of also (may
 * be NULL) as a backslash and itself; too long a text is cut at a UTF-8 boundary and ends with
 * "...". Returns buf. */
const char *rt_textesc(const char *s, const char *also, char *buf, size_t size);
/* s for a message, between the double quotes the message puts around it: as rt_textesc with double
 * quotes and backslashes escaped too, into buf (size >= 8). Returns buf. */
const char *rt_textesc_quote(const char *s, char *buf, size_t size);
/* Write s escaped as rt_textesc does (also none), whole, to out; 0, or EOF on a write error. */
int rt_textesc_fputs(const char *s, FILE *out);

#endif
