/* xhtml: a polyglot XHTML5 page written through libxml2's xmlTextWriter, which escapes text and
 * attributes (no markup is assembled by hand): the document skeleton, elements, attributes,
 * text, and the few table and section shapes the evidence report uses. The first libxml2
 * failure sticks in rc, so a writer checks once, at xhtml_end. */
#ifndef RT_XHTML_H
#define RT_XHTML_H

#include <stdbool.h>
#include <stdio.h>

#include <libxml/tree.h>
#include <libxml/xmlwriter.h>

/* A page being written in memory. */
typedef struct xhtml {
    xmlTextWriterPtr tw;   /* the writer (an inline SVG figure draws into it: report/fig_*.h) */
    xmlBufferPtr buf;      /* the page's bytes so far */
    int rc;                /* 0, or -1 once a write or an allocation failed */
} xhtml;

/* Start a page in memory: the HTML doctype (no XML declaration: polyglot markup has none) and
 * <html> in the XHTML namespace with language lang. Returns 0, or -1 when out of memory (then
 * nothing is held). */
int xhtml_begin(xhtml *x, const char *lang);
/* Close <html>, write the whole page to out if nothing failed, and free the page. Returns 0, or
 * -1 when a write or an allocation failed (then nothing of the page reaches out). */
int xhtml_end(xhtml *x, FILE *out);
/* <head>: <meta charset="UTF-8"/>, <title> and an inline <style> sheet. */
void xhtml_head(xhtml *x, const char *title, const char *css);

/* Remember a libxml2 failure (r < 0) in x->rc. */
void xhtml_check(xhtml *x, int r);
/* Open element tag; xhtml_close closes it with an end tag (<td></td>, never <td/>, which HTML
 * reads as an open tag). */
void xhtml_open(xhtml *x, const char *tag);
void xhtml_close(xhtml *x);
/* Attribute name="value" on the element just opened. */
void xhtml_attr(xhtml *x, const char *name, const char *value);
/* Text, made valid for XML: bytes that are not UTF-8 and control characters (possible in a
 * command line or a path) are shown as \xNN. */
void xhtml_text(xhtml *x, const char *s);
/* Formatted text (at most 1023 bytes), as xhtml_text. */
void xhtml_textf(xhtml *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A newline between elements, for people reading the source. */
void xhtml_nl(xhtml *x);
/* <tag class="cls">s</tag> (cls may be NULL); xhtml_elf formats s (at most 1023 bytes). */
void xhtml_el(xhtml *x, const char *tag, const char *cls, const char *s);
void xhtml_elf(xhtml *x, const char *tag, const char *cls, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* One <tr> of <th> cells (cells ends with NULL); align[i] is 'l' for a left-aligned (text)
 * column (class "l"), else 'r'. */
void xhtml_head_row(xhtml *x, const char *align, const char *const *cells);
/* A key-value row <tr><th>key</th><td>value</td></tr> of a two-column table; xhtml_kvf formats
 * the value (at most 1023 bytes). */
void xhtml_kv(xhtml *x, const char *key, const char *value);
void xhtml_kvf(xhtml *x, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Open <section id="id"> (class "first" for the first one) with its <h2>title</h2>;
 * xhtml_end_section closes it. */
void xhtml_section(xhtml *x, const char *id, const char *title, bool first);
void xhtml_end_section(xhtml *x);

#endif
