/* svg: SVG elements through libxml2's xmlTextWriter (svg.h). */
#include "draw/svg.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlstring.h>

#include "util/fmt.h"
#include "draw/ticks.h"

/* libxml2 takes const xmlChar * everywhere it only reads (BAD_CAST would drop the const). */
#define XC(s) ((const xmlChar *)(s))

struct svg_writer {
    xmlBufferPtr buf;        /* owned; NULL for svg_new_in */
    xmlTextWriterPtr tw;     /* owned when buf is, else the caller's */
    unsigned depth;          /* open elements, the root included */
    bool failed, finished;
};

/* ---- checked primitives: each marks the writer failed on the first error ---- */

static int fail(svg_writer *w)
{
    w->failed = true;
    return -1;
}

static int usable(const svg_writer *w)
{
    return w && !w->failed && !w->finished;
}

/* x with at most two decimals, exactly as integers are printed: no locale, no "-0". */
static int fmt_num(double x, char *buf, size_t size)
{
    if (!isfinite(x) || fabs(x) > 1e15)
        return -1;
    long long c = llround(x * 100.0);
    const char *sign = c < 0 ? "-" : "";
    long long a = c < 0 ? -c : c;
    int n;
    if (a % 100 == 0)
        n = snprintf(buf, size, "%s%lld", sign, a / 100);
    else if (a % 10 == 0)
        n = snprintf(buf, size, "%s%lld.%lld", sign, a / 100, (a % 100) / 10);
    else
        n = snprintf(buf, size, "%s%lld.%02lld", sign, a / 100, a % 100);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

/* Text for XML 1.0: valid UTF-8, no control characters but tab and newline. */
static bool text_ok(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 && *p != '\t' && *p != '\n')
            return false;
    return xmlCheckUTF8((const xmlChar *)s) != 0;
}

static int start(svg_writer *w, const char *name)
{
    if (xmlTextWriterStartElement(w->tw, XC(name)) < 0)
        return fail(w);
    w->depth++;
    return 0;
}

static int end(svg_writer *w)
{
    if (w->depth == 0 || xmlTextWriterEndElement(w->tw) < 0)
        return fail(w);
    w->depth--;
    return 0;
}

static int attr(svg_writer *w, const char *name, const char *value)
{
    if (!text_ok(value) || xmlTextWriterWriteAttribute(w->tw, XC(name), XC(value)) < 0)
        return fail(w);
    return 0;
}

static int attr_num(svg_writer *w, const char *name, double x)
{
    char b[32];
    if (fmt_num(x, b, sizeof b) < 0)
        return fail(w);
    return attr(w, name, b);
}

static int style_attrs(svg_writer *w, const svg_style *st, bool text)
{
    static const char *const anchors[] = { "start", "middle", "end" };
    if (!st)
        return 0;
    if ((st->cls && attr(w, "class", st->cls) < 0) || (st->fill && attr(w, "fill", st->fill) < 0) ||
        (st->fill_opacity != 0 && attr_num(w, "fill-opacity", st->fill_opacity) < 0) ||
        (st->stroke && attr(w, "stroke", st->stroke) < 0) ||
        (st->stroke_width != 0 && attr_num(w, "stroke-width", st->stroke_width) < 0) ||
        (st->dash && attr(w, "stroke-dasharray", st->dash) < 0))
        return -1;
    if (!text)
        return 0;
    if ((st->font_size != 0 && attr_num(w, "font-size", st->font_size) < 0) ||
        (st->font_weight && attr(w, "font-weight", st->font_weight) < 0))
        return -1;
    if (st->anchor != SVG_ANCHOR_START) {
        if ((unsigned)st->anchor > SVG_ANCHOR_END)
            return fail(w);
        if (attr(w, "text-anchor", anchors[st->anchor]) < 0)
            return -1;
    }
    return 0;
}

static int title_child(svg_writer *w, const char *tip)
{
    if (!tip)
        return 0;
    if (!text_ok(tip) || start(w, "title") < 0)
        return fail(w);
    if (xmlTextWriterWriteString(w->tw, XC(tip)) < 0)
        return fail(w);
    return end(w);
}

/* ---- the document ---- */

static svg_writer *open_root(svg_writer *w, double width, double height)
{
    char vb[100], ws[32], hs[32];
    if (!(width > 0) || !(height > 0) || fmt_num(width, ws, sizeof ws) < 0 ||
        fmt_num(height, hs, sizeof hs) < 0)
        return NULL;
    snprintf(vb, sizeof vb, "0 0 %s %s", ws, hs);
    if (start(w, "svg") < 0 || attr(w, "xmlns", "http://www.w3.org/2000/svg") < 0 ||
        attr(w, "width", ws) < 0 || attr(w, "height", hs) < 0 || attr(w, "viewBox", vb) < 0 ||
        attr(w, "font-family", "sans-serif") < 0)
        return NULL;
    return w;
}

svg_writer *svg_new(double width, double height, unsigned flags)
{
    svg_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->buf = xmlBufferCreate();
    if (!w->buf)
        goto fail;
    w->tw = xmlNewTextWriterMemory(w->buf, 0);
    if (!w->tw)
        goto fail;
    if (xmlTextWriterSetIndent(w->tw, 1) < 0 || xmlTextWriterSetIndentString(w->tw, XC(" ")) < 0)
        goto fail;
    if ((flags & SVG_XML_DECL) && xmlTextWriterStartDocument(w->tw, "1.0", "UTF-8", NULL) < 0)
        goto fail;
    if (!open_root(w, width, height))
        goto fail;
    return w;
fail:
    svg_free(w);
    return NULL;
}

svg_writer *svg_new_in(xmlTextWriterPtr tw, double width, double height)
{
    if (!tw)
        return NULL;
    svg_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->tw = tw;
    if (!open_root(w, width, height)) {
        free(w);
        return NULL;
    }
    return w;
}

int svg_finish(svg_writer *w)
{
    if (!usable(w))
        return -1;
    while (w->depth > 0)
        if (end(w) < 0)
            return -1;
    if (w->buf) {
        /* The document ends with a newline; EndDocument also closes a started XML declaration. */
        if (xmlTextWriterEndDocument(w->tw) < 0 || xmlTextWriterFlush(w->tw) < 0)
            return fail(w);
    }
    w->finished = true;
    return 0;
}

const char *svg_data(const svg_writer *w, size_t *len)
{
    if (!w || !w->buf || !w->finished || w->failed)
        return NULL;
    int n = xmlBufferLength(w->buf);
    const xmlChar *c = xmlBufferContent(w->buf);
    if (n < 0 || !c)
        return NULL;
    if (len)
        *len = (size_t)n;
    return (const char *)c;
}

void svg_free(svg_writer *w)
{
    if (!w)
        return;
    if (w->buf) {
        if (w->tw)
            xmlFreeTextWriter(w->tw);
        xmlBufferFree(w->buf);
    }
    free(w);
}

/* ---- elements ---- */

int svg_rect(svg_writer *w, double x, double y, double width, double height, const svg_style *st,
             const char *tip)
{
    if (!usable(w))
        return -1;
    if (start(w, "rect") < 0 || attr_num(w, "x", x) < 0 || attr_num(w, "y", y) < 0 ||
        attr_num(w, "width", width) < 0 || attr_num(w, "height", height) < 0 ||
        style_attrs(w, st, false) < 0 || title_child(w, tip) < 0)
        return -1;
    return end(w);
}

int svg_line(svg_writer *w, double x1, double y1, double x2, double y2, const svg_style *st,
             const char *tip)
{
    if (!usable(w))
        return -1;
    if (start(w, "line") < 0 || attr_num(w, "x1", x1) < 0 || attr_num(w, "y1", y1) < 0 ||
        attr_num(w, "x2", x2) < 0 || attr_num(w, "y2", y2) < 0 || style_attrs(w, st, false) < 0 ||
        title_child(w, tip) < 0)
        return -1;
    return end(w);
}

int svg_circle(svg_writer *w, double cx, double cy, double r, const svg_style *st, const char *tip)
{
    if (!usable(w))
        return -1;
    if (start(w, "circle") < 0 || attr_num(w, "cx", cx) < 0 || attr_num(w, "cy", cy) < 0 ||
        attr_num(w, "r", r) < 0 || style_attrs(w, st, false) < 0 || title_child(w, tip) < 0)
        return -1;
    return end(w);
}

/* The points attribute, "x0,y0 x1,y1 ...", in one string (then escaped like any value). */
static int points(svg_writer *w, const char *elem, const double *xy, size_t n,
                  const svg_style *st, const char *tip)
{
    if (!usable(w))
        return -1;
    if (!xy || n < 2 || n > SIZE_MAX / 70)
        return fail(w);
    size_t cap = n * 70, used = 0;
    char *s = malloc(cap);
    if (!s)
        return fail(w);
    s[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char a[32], b[32];
        if (fmt_num(xy[2 * i], a, sizeof a) < 0 || fmt_num(xy[2 * i + 1], b, sizeof b) < 0) {
            free(s);
            return fail(w);
        }
        int k = snprintf(s + used, cap - used, "%s%s,%s", i ? " " : "", a, b);
        if (k < 0 || (size_t)k >= cap - used) {
            free(s);
            return fail(w);
        }
        used += (size_t)k;
    }
    int r = (start(w, elem) < 0 || attr(w, "points", s) < 0 || style_attrs(w, st, false) < 0 ||
             title_child(w, tip) < 0) ? -1 : end(w);
    free(s);
    return r;
}

int svg_polygon(svg_writer *w, const double *xy, size_t n, const svg_style *st, const char *tip)
{
    return points(w, "polygon", xy, n, st, tip);
}

int svg_polyline(svg_writer *w, const double *xy, size_t n, const svg_style *st, const char *tip)
{
    return points(w, "polyline", xy, n, st, tip);
}

int svg_text(svg_writer *w, double x, double y, const char *text, const svg_style *st,
             const char *tip)
{
    if (!usable(w))
        return -1;
    if (!text || !text_ok(text))
        return fail(w);
    if (start(w, "text") < 0 || attr_num(w, "x", x) < 0 || attr_num(w, "y", y) < 0 ||
        style_attrs(w, st, true) < 0 || title_child(w, tip) < 0)
        return -1;
    if (xmlTextWriterWriteString(w->tw, XC(text)) < 0)
        return fail(w);
    return end(w);
}

int svg_title(svg_writer *w, const char *tip)
{
    if (!usable(w))
        return -1;
    if (!tip)
        return fail(w);
    return title_child(w, tip);
}

int svg_group_begin(svg_writer *w, const svg_style *st)
{
    if (!usable(w))
        return -1;
    if (start(w, "g") < 0 || style_attrs(w, st, true) < 0)
        return -1;
    return 0;
}

int svg_group_end(svg_writer *w)
{
    if (!usable(w))
        return -1;
    /* the root is closed by svg_finish only */
    if (w->depth < 2)
        return fail(w);
    return end(w);
}

/* ---- palette and ticks ---- */

const char *svg_palette(size_t i)
{
    static const char *const pal[SVG_PALETTE_SIZE] = {
        "#0072B2",  /* Okabe-Ito blue */
        "#E69F00",  /* orange */
        "#009E73",  /* bluish green */
        "#CC79A7",  /* reddish purple */
        "#56B4E9",  /* sky blue */
        "#F0E442",  /* yellow */
        "#332288",  /* Tol indigo */
        "#999933",  /* Tol olive */
        "#882255",  /* Tol wine */
        "#999999",  /* grey */
    };
    return pal[i % SVG_PALETTE_SIZE];
}

const char *svg_palette_ink(size_t i)
{
    /* the higher WCAG contrast ratio of black and white on each colour */
    static const bool white[SVG_PALETTE_SIZE] = { 1, 0, 0, 0, 0, 0, 1, 0, 1, 0 };
    return white[i % SVG_PALETTE_SIZE] ? "#FFFFFF" : "#000000";
}

/* floor(a / b) and ceil(a / b) for b > 0. */
static int64_t div_floor(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

static int64_t div_ceil(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a > 0) ? q + 1 : q;
}

int svg_time_ticks(int64_t t0_ns, int64_t t1_ns, size_t max_ticks, svg_ticks *out)
{
    out->n = 0;
    out->step_ns = 0;
    if (t1_ns <= t0_ns)
        return -1;
    int64_t max = max_ticks < 2 ? 2 : max_ticks > SVG_TICKS_MAX ? SVG_TICKS_MAX : (int64_t)max_ticks;
    for (int64_t step = 1; step; step = ticks_step_next(step)) {
        int64_t lo = div_ceil(t0_ns, step), hi = div_floor(t1_ns, step);
        /* hi - lo cannot overflow: |lo|, |hi| <= INT64_MAX / step */
        if (hi < lo || hi - lo >= max)
            continue;
        out->step_ns = step;
        for (int64_t k = lo; k <= hi; k++) {
            int64_t t = k * step;
            out->at_ns[out->n] = t;
            if (t == 0)
                snprintf(out->label[out->n], sizeof out->label[0], "0");
            else
                fmt_ns(t, out->label[out->n], sizeof out->label[0]);
            out->n++;
        }
        return 0;
    }
    return -1;  /* not reached: a step of 5 * 10^18 gives at most 2 ticks */
}
