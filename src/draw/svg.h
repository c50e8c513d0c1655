/* svg: a small SVG writer shared by the graphical report writers (Gantt chart, later HTML pages
 * and plots). Every element and attribute goes through libxml2's xmlTextWriter, so every text and
 * attribute value is escaped; no markup is assembled by hand. Numbers are printed with at most two
 * decimals ("12.5", "3", "-0.25"), independently of the locale, so the same calls always give the
 * same bytes.
 *
 * Use:
 *     svg_writer *w = svg_new(800, 400, SVG_XML_DECL);     // <svg ...> opened
 *     svg_rect(w, 10, 10, 50, 20, &(svg_style){ .fill = svg_palette(0) }, "a tooltip");
 *     ...
 *     if (svg_finish(w) == 0) fwrite(svg_data(w, NULL), 1, len, out);
 *     svg_free(w);
 *
 * Errors: every function returning int returns 0, or -1 when libxml2 failed (out of memory), an
 * argument was invalid (a non-finite number, text that is not valid UTF-8 or holds a control
 * character), or the writer already failed or was finished. The first failure makes the writer
 * unusable: every later call returns -1, so a caller may check only svg_finish. */
#ifndef RT_SVG_H
#define RT_SVG_H

#include <stddef.h>
#include <stdint.h>

#include <libxml/xmlwriter.h>

typedef struct svg_writer svg_writer;   /* opaque */

/* Flags of svg_new. */
enum {
    SVG_XML_DECL = 1u << 0   /* start with <?xml version="1.0" encoding="UTF-8"?> (a standalone
                                .svg file); leave it out for an SVG inlined in HTML */
};

/* Start a document in a new in-memory buffer, owned by the writer: the root
 * <svg xmlns="http://www.w3.org/2000/svg" width height viewBox="0 0 width height"
 * font-family="sans-serif"> is open when this returns. NULL on out of memory or a width or height
 * that is not finite and > 0. Free with svg_free. */
svg_writer *svg_new(double width, double height, unsigned flags);

/* The same root element written into a caller's writer (an HTML page built with xmlTextWriter),
 * which stays the caller's: svg_finish closes the <svg> element only, svg_free frees only the
 * svg_writer, and svg_data returns NULL. */
svg_writer *svg_new_in(xmlTextWriterPtr tw, double width, double height);

/* Close every open group and the root, and flush. 0 or -1. */
int svg_finish(svg_writer *w);

/* The document's bytes (NUL-terminated) after a successful svg_finish; their length in *len
 * unless len is NULL. Borrowed: valid until svg_free. NULL before svg_finish, after a failure, or
 * for a writer from svg_new_in. */
const char *svg_data(const svg_writer *w, size_t *len);

/* Free the writer and, for svg_new, its buffer. NULL is a no-op. */
void svg_free(svg_writer *w);

typedef enum { SVG_ANCHOR_START = 0, SVG_ANCHOR_MIDDLE, SVG_ANCHOR_END } svg_anchor;

/* Presentation attributes of one element; every field left zero / NULL is left out (the SVG
 * default or the enclosing group's value applies). Colours and dashes are written as given
 * ("#0072B2", "none", "4 2"). The text fields (font_size, font_weight, anchor) are written only
 * by svg_text and svg_group_begin. Pass NULL for no attributes at all. */
typedef struct svg_style {
    const char *cls;           /* class attribute, for tests and stylesheets of pages */
    const char *fill;
    double fill_opacity;       /* 0: left out (opaque); else written as given, in (0, 1] */
    const char *stroke;
    double stroke_width;       /* 0: left out */
    const char *dash;          /* stroke-dasharray */
    double font_size;          /* px; 0: inherited */
    const char *font_weight;   /* "bold" */
    svg_anchor anchor;         /* text-anchor; START (the default) is left out */
} svg_style;

/* Shapes. tip, when not NULL, becomes a <title> child: the tooltip a browser shows on hover. */
int svg_rect(svg_writer *w, double x, double y, double width, double height, const svg_style *st,
             const char *tip);
int svg_line(svg_writer *w, double x1, double y1, double x2, double y2, const svg_style *st,
             const char *tip);
int svg_circle(svg_writer *w, double cx, double cy, double r, const svg_style *st, const char *tip);
/* A closed polygon / an open polyline through n points (xy: x0 y0 x1 y1 ...), n >= 2. */
int svg_polygon(svg_writer *w, const double *xy, size_t n, const svg_style *st, const char *tip);
int svg_polyline(svg_writer *w, const double *xy, size_t n, const svg_style *st, const char *tip);
/* One line of text with its baseline at y, anchored at x as st->anchor says. */
int svg_text(svg_writer *w, double x, double y, const char *text, const svg_style *st,
             const char *tip);

/* A <title> child of the innermost open group (a tooltip for the whole group). */
int svg_title(svg_writer *w, const char *tip);
/* <g> with st's attributes (inherited by its children); nest as deep as needed. */
int svg_group_begin(svg_writer *w, const svg_style *st);
int svg_group_end(svg_writer *w);

/* The categorical palette: colour-blind-safe colours (Okabe-Ito, then Paul Tol's), distinct from
 * SVG_RED, which marks errors and misses. svg_palette(i) is colour i modulo SVG_PALETTE_SIZE, as
 * "#RRGGBB" (static). */
#define SVG_PALETTE_SIZE 10
const char *svg_palette(size_t i);
/* The text colour that reads best on svg_palette(i): "#000000" or "#FFFFFF" (static). */
const char *svg_palette_ink(size_t i);
/* The colour for what went wrong (deadline misses). */
#define SVG_RED "#D7191C"

/* "Nice" ticks for a time axis over [t0_ns, t1_ns]: every multiple in the range of the smallest
 * step of 1, 2 or 5 times a power of ten ns (draw/ticks.h) that gives at most max_ticks ticks
 * (so from about max_ticks / 2.5 to max_ticks of them), labelled with fmt_ns ("0",
 * "500 us", "1.5 ms").
 * max_ticks is clamped to [2, SVG_TICKS_MAX]; a chart picks it from its width (~1 per 90 px). */
#define SVG_TICKS_MAX 16
typedef struct svg_ticks {
    size_t n;
    int64_t step_ns;
    int64_t at_ns[SVG_TICKS_MAX];
    char label[SVG_TICKS_MAX][32];
} svg_ticks;
/* 0, or -1 (out->n = 0) when t1_ns <= t0_ns. */
int svg_time_ticks(int64_t t0_ns, int64_t t1_ns, size_t max_ticks, svg_ticks *out);

#endif
