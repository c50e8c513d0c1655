/* xhtml: a polyglot XHTML5 page through libxml2's xmlTextWriter. Every element, attribute and
 * text goes through the writer, which escapes them; the only raw bytes written are the newlines
 * between elements. */
#include "draw/xhtml.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlstring.h>

/* ---- the document ---------------------------------------------------------------------- */

int xhtml_begin(xhtml *x, const char *lang)
{
    x->rc = 0;
    x->buf = xmlBufferCreate();
    x->tw = x->buf ? xmlNewTextWriterMemory(x->buf, 0) : NULL;
    if (!x->tw) {
        xmlBufferFree(x->buf);
        x->buf = NULL;
        return -1;
    }
    /* No XML declaration (polyglot markup has none); the HTML doctype, as an XML DTD node. */
    xhtml_check(x, xmlTextWriterWriteDTD(x->tw, (const xmlChar *)"html", NULL, NULL, NULL));
    xhtml_nl(x);
    xhtml_open(x, "html");
    xhtml_attr(x, "xmlns", "http://www.w3.org/1999/xhtml");
    xhtml_attr(x, "lang", lang);
    xhtml_attr(x, "xml:lang", lang);
    xhtml_nl(x);
    return 0;
}

int xhtml_end(xhtml *x, FILE *out)
{
    xhtml_close(x);
    xhtml_nl(x);
    xhtml_check(x, xmlTextWriterFlush(x->tw));
    int rc = x->rc;
    xmlFreeTextWriter(x->tw);   /* does not free buf */
    x->tw = NULL;
    if (rc == 0 && fwrite(xmlBufferContent(x->buf), 1, (size_t)xmlBufferLength(x->buf), out) !=
                       (size_t)xmlBufferLength(x->buf))
        rc = -1;
    xmlBufferFree(x->buf);
    x->buf = NULL;
    return rc;
}

void xhtml_head(xhtml *x, const char *title, const char *css)
{
    xhtml_open(x, "head");
    xhtml_open(x, "meta");
    xhtml_attr(x, "charset", "UTF-8");
    xhtml_check(x, xmlTextWriterEndElement(x->tw));   /* void element: <meta .../> */
    xhtml_el(x, "title", NULL, title);
    xhtml_el(x, "style", NULL, css);
    xhtml_close(x);
    xhtml_nl(x);
}

/* ---- elements and text ----------------------------------------------------------------- */

void xhtml_check(xhtml *x, int r)
{
    if (r < 0)
        x->rc = -1;
}

void xhtml_open(xhtml *x, const char *tag)
{
    xhtml_check(x, xmlTextWriterStartElement(x->tw, (const xmlChar *)tag));
}

/* Close with an end tag (<td></td>, never <td/>, which HTML reads as an open tag). */
void xhtml_close(xhtml *x)
{
    xhtml_check(x, xmlTextWriterFullEndElement(x->tw));
}

void xhtml_attr(xhtml *x, const char *name, const char *value)
{
    xhtml_check(x, xmlTextWriterWriteAttribute(x->tw, (const xmlChar *)name,
                                               (const xmlChar *)value));
}

/* Text, made valid for XML: bytes that are not UTF-8 and control characters (possible in a
 * command line or a path) are shown as \xNN. */
void xhtml_text(xhtml *x, const char *s)
{
    if (xmlCheckUTF8((const unsigned char *)s) && !strpbrk(s, "\x01\x02\x03\x04\x05\x06\x07\x08"
                                                              "\x0b\x0c\x0e\x0f\x10\x11\x12\x13"
                                                              "\x14\x15\x16\x17\x18\x19\x1a\x1b"
                                                              "\x1c\x1d\x1e\x1f\x7f")) {
        xhtml_check(x, xmlTextWriterWriteString(x->tw, (const xmlChar *)s));
        return;
    }
    size_t n = strlen(s);
    char *safe = malloc(4 * n + 1), *o = safe;
    if (!safe) {
        x->rc = -1;
        return;
    }
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c < 0x20 || *c >= 0x7f)
            o += sprintf(o, "\\x%02X", *c);
        else
            *o++ = (char)*c;
    *o = '\0';
    xhtml_check(x, xmlTextWriterWriteString(x->tw, (const xmlChar *)safe));
    free(safe);
}

void xhtml_textf(xhtml *x, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    xhtml_text(x, buf);
}

void xhtml_nl(xhtml *x)
{
    xhtml_check(x, xmlTextWriterWriteRaw(x->tw, (const xmlChar *)"\n"));
}

/* <tag class=cls>text</tag> (cls may be NULL). */
void xhtml_el(xhtml *x, const char *tag, const char *cls, const char *s)
{
    xhtml_open(x, tag);
    if (cls)
        xhtml_attr(x, "class", cls);
    xhtml_text(x, s);
    xhtml_close(x);
}

void xhtml_elf(xhtml *x, const char *tag, const char *cls, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    xhtml_el(x, tag, cls, buf);
}

/* One <tr> of header cells; align[i] is 'l' for a left-aligned (text) column, else 'r'. */
void xhtml_head_row(xhtml *x, const char *align, const char *const *cells)
{
    xhtml_open(x, "tr");
    for (size_t i = 0; cells[i]; i++)
        xhtml_el(x, "th", align[i] == 'l' ? "l" : NULL, cells[i]);
    xhtml_close(x);
}

/* A key-value row of a two-column table. */
void xhtml_kv(xhtml *x, const char *key, const char *value)
{
    xhtml_open(x, "tr");
    xhtml_el(x, "th", NULL, key);
    xhtml_el(x, "td", NULL, value);
    xhtml_close(x);
    xhtml_nl(x);
}

void xhtml_kvf(xhtml *x, const char *key, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    xhtml_kv(x, key, buf);
}

void xhtml_section(xhtml *x, const char *id, const char *title, bool first)
{
    xhtml_open(x, "section");
    xhtml_attr(x, "id", id);
    if (first)
        xhtml_attr(x, "class", "first");
    xhtml_nl(x);
    xhtml_el(x, "h2", NULL, title);
    xhtml_nl(x);
}

void xhtml_end_section(xhtml *x)
{
    xhtml_close(x);
    xhtml_nl(x);
}
