/* Tests of draw/svg and report/gantt: the chart of a hand-made timeline parses as XML, shows one
 * bar per job in range, marks the one miss once, names every task, labels its axis in human units,
 * and is the same bytes every time. */
#include <CUnit/CUnit.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture_model.h"
#include "report/gantt.h"
#include "draw/svg.h"
#include "suites.h"

#define MS 1000000.0
#define US 1000.0

/* ---- helpers ---- */

/* out's bytes, NUL-terminated, in new memory (*len without the NUL); NULL if writing failed. */
typedef int (*write_fn)(FILE *out, const void *arg);

static char *capture(write_fn fn, const void *arg, size_t *len)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f)
        return NULL;
    int r = fn(f, arg);
    if (fclose(f) != 0 || r != 0) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

/* Parse as XML with no network and no error or warning; NULL otherwise. */
static xmlDocPtr parse(const char *buf, size_t len)
{
    xmlResetLastError();
    xmlDocPtr doc = xmlReadMemory(buf, (int)len, "chart.svg", NULL,
                                  XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (doc && xmlGetLastError() != NULL) {
        xmlFreeDoc(doc);
        return NULL;
    }
    return doc;
}

/* The nodes an XPath expression (prefix s: for SVG) selects; free with xmlXPathFreeObject. */
static xmlXPathObjectPtr select_nodes(xmlDocPtr doc, const char *expr)
{
    xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
    if (!ctx)
        return NULL;
    xmlXPathObjectPtr o = NULL;
    if (xmlXPathRegisterNs(ctx, (const xmlChar *)"s", (const xmlChar *)"http://www.w3.org/2000/svg") == 0)
        o = xmlXPathEvalExpression((const xmlChar *)expr, ctx);
    xmlXPathFreeContext(ctx);
    return o;
}

static int count(xmlDocPtr doc, const char *expr)
{
    xmlXPathObjectPtr o = select_nodes(doc, expr);
    int n = o && o->nodesetval ? o->nodesetval->nodeNr : -1;
    xmlXPathFreeObject(o);
    return n;
}

/* Whether some node of expr has exactly the text want. */
static int has_text(xmlDocPtr doc, const char *expr, const char *want)
{
    xmlXPathObjectPtr o = select_nodes(doc, expr);
    int found = 0;
    for (int i = 0; o && o->nodesetval && i < o->nodesetval->nodeNr && !found; i++) {
        xmlChar *s = xmlNodeGetContent(o->nodesetval->nodeTab[i]);
        found = s && strcmp((const char *)s, want) == 0;
        xmlFree(s);
    }
    xmlXPathFreeObject(o);
    return found;
}

/* ---- the fixture: 3 tasks on 2 partitions, 6 jobs of which 5 in [0, 10 ms] and 1 miss ---- */

typedef struct fixture {
    rt_taskset *ts;
    rt_layout *l;
    sim_job jobs[6];
    gantt_input in;
} fixture;

static char name_copy[] = "copy", name_saxpy[] = "saxpy", name_conv[] = "conv<&>\"";

static int fx_setup(fixture *f)
{
    static const int64_t sms[2] = { 10, 20 };
    static const size_t part[3] = { 0, 0, 1 };
    static const int64_t prio[3] = { 1, 2, 1 };
    static const size_t run0[1] = { 0 };
    memset(f, 0, sizeof *f);
    f->ts = fx_ts_new(1, 3);
    f->l = fx_layout(2, sms, 3, part, prio);
    if (!f->ts || !f->l)
        return -1;
    for (size_t t = 0; t < 3; t++)
        if (!fx_task(f->ts, t, prio[t], run0, 1))
            return -1;
    f->ts->tasks[0].name = name_copy;
    f->ts->tasks[0].period_ns = f->ts->tasks[0].deadline_ns = 2000000;
    f->ts->tasks[1].name = name_saxpy;
    f->ts->tasks[1].period_ns = 4000000;
    f->ts->tasks[1].deadline_ns = 3000000;
    f->ts->tasks[2].name = name_conv;
    f->ts->tasks[2].period_ns = f->ts->tasks[2].deadline_ns = 5000000;
    f->l->part_name[0] = strdup("P0");
    f->l->part_name[1] = strdup("P1 & co");
    if (!f->l->part_name[0] || !f->l->part_name[1])
        return -1;
    /* task, part, index, activation, release, start, finish, response */
    static const sim_job jobs[6] = {
        { 0, 0, 0, 0, 0, 0, 600 * US, 600 * US },
        { 1, 0, 0, 0, 50 * US, 600 * US, 1.5 * MS, 1.5 * MS },
        { 0, 0, 1, 2 * MS, 2 * MS, 2 * MS, 2.6 * MS, 0.6 * MS },
        { 2, 1, 0, 0, 0, 0, 1.8 * MS, 1.8 * MS },
        { 2, 1, 1, 5 * MS, 5 * MS, 5 * MS, 11 * MS, 6 * MS },   /* the miss, cut at 10 ms */
        { 1, 0, 3, 12 * MS, 12 * MS, 12 * MS, 13 * MS, 1 * MS }, /* after the range */
    };
    memcpy(f->jobs, jobs, sizeof jobs);
    f->in = (gantt_input){ .ts = f->ts, .layout = f->l, .jobs = f->jobs, .n_jobs = 6,
                           .t0_ns = 0, .t1_ns = 10000000, .title = "test <chart>",
                           .note = "first 6 of 6 jobs shown" };
    return 0;
}

static void fx_teardown(fixture *f)
{
    fx_ts_free(f->ts);
    rt_layout_free(f->l);
}

static int write_standalone(FILE *out, const void *arg)
{
    return gantt_write_svg(out, arg, SVG_XML_DECL);
}

static int write_inline(FILE *out, const void *arg)
{
    return gantt_write_svg(out, arg, 0);
}

/* ---- gantt ---- */

static void test_chart_content(void)
{
    fixture f;
    CU_ASSERT_FATAL(fx_setup(&f) == 0);
    size_t len = 0;
    char *buf = capture(write_standalone, &f.in, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
    CU_ASSERT(strncmp(buf, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44) == 0);
    xmlDocPtr doc = parse(buf, len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    xmlNodePtr root = xmlDocGetRootElement(doc);
    CU_ASSERT_FATAL(root != NULL);
    CU_ASSERT_STRING_EQUAL((const char *)root->name, "svg");
    CU_ASSERT(root->ns && strcmp((const char *)root->ns->href, "http://www.w3.org/2000/svg") == 0);
    CU_ASSERT(count(doc, "/s:svg[@width and @height and @viewBox]") == 1);

    /* one bar per job in range (5 of 6), each with its tooltip */
    CU_ASSERT_EQUAL(count(doc, "//s:rect[contains(concat(' ', @class, ' '), ' job ')]"), 5);
    CU_ASSERT_EQUAL(count(doc, "//s:rect[contains(concat(' ', @class, ' '), ' job ')]"
                               "[s:title or ../s:title]"), 5);
    CU_ASSERT(!strstr(buf, "saxpy job #3"));
    /* the miss: one red bar, one marker at 5 + 5 = 10 ms, in the tooltips */
    CU_ASSERT_EQUAL(count(doc, "//s:rect[contains(concat(' ', @class, ' '), ' miss ')]"), 1);
    CU_ASSERT_EQUAL(count(doc, "//*[contains(concat(' ', @class, ' '), ' miss-marker ')]"), 1);
    CU_ASSERT_EQUAL(count(doc, "//*[contains(concat(' ', @class, ' '), ' miss-marker ')]"
                               "/s:polygon[@fill='" SVG_RED "']"), 1);
    CU_ASSERT(has_text(doc, "//s:title", "conv<&>\" job #1: release 5 ms, start 5 ms, finish 11 ms, "
                                         "response 6 ms (D 5 ms): deadline missed"));
    CU_ASSERT(has_text(doc, "//s:title", "saxpy job #0: activation 0 ns, release 50 us, start 600 us, "
                                         "finish 1.5 ms, response 1.5 ms (D 3 ms)"));
    /* the bar cut at the range's end: 5 ms to 10 ms is the right half of the plot */
    CU_ASSERT_EQUAL(count(doc, "//s:rect[@class='job miss']"
                               "[@x + @width > //s:g[@class='axis']/s:line[1]/@x2 - 0.02]"
                               "[@x + @width < //s:g[@class='axis']/s:line[1]/@x2 + 0.02]"), 1);
    /* lanes: two, labelled with name and size */
    CU_ASSERT_EQUAL(count(doc, "//s:g[@class='lane']"), 2);
    CU_ASSERT(has_text(doc, "//s:text", "P1 & co"));
    CU_ASSERT(has_text(doc, "//s:text", "20 SMs"));
    /* activation ticks: every activation in [0, 10 ms] (0, 0, 2, 0, 5 ms) */
    CU_ASSERT_EQUAL(count(doc, "//s:line[@class='release']"), 5);
    /* legend: every task's name, escaped on the way and back */
    CU_ASSERT(has_text(doc, "//s:g[@class='legend']//s:text", "copy"));
    CU_ASSERT(has_text(doc, "//s:g[@class='legend']//s:text", "saxpy"));
    CU_ASSERT(has_text(doc, "//s:g[@class='legend']//s:text", "conv<&>\""));
    CU_ASSERT(strstr(buf, "conv&lt;&amp;&gt;") != NULL);
    /* axis: 0 to 10 ms in nice steps with units */
    CU_ASSERT(count(doc, "//s:g[@class='axis']/s:text[@class='tick']") >= 4);
    CU_ASSERT(has_text(doc, "//s:text[@class='tick']", "0"));
    CU_ASSERT(has_text(doc, "//s:text[@class='tick']", "10 ms"));
    CU_ASSERT(has_text(doc, "//s:text", "test <chart>"));
    CU_ASSERT(has_text(doc, "//s:text", "first 6 of 6 jobs shown"));
    /* self-contained: no script, style sheet, link or image */
    CU_ASSERT_EQUAL(count(doc, "//s:script | //s:style | //s:image | //s:a | //s:use"), 0);
    xmlFreeDoc(doc);
    free(buf);
    fx_teardown(&f);
}

static void test_chart_identical_bytes(void)
{
    fixture f;
    CU_ASSERT_FATAL(fx_setup(&f) == 0);
    size_t n1 = 0, n2 = 0, n3 = 0;
    char *a = capture(write_standalone, &f.in, &n1);
    char *b = capture(write_standalone, &f.in, &n2);
    char *c = capture(write_inline, &f.in, &n3);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT(n1 == n2 && memcmp(a, b, n1) == 0);
    /* inline: the same element, without the declaration */
    CU_ASSERT(strncmp(c, "<svg ", 5) == 0);
    CU_ASSERT(n1 > n3 && strcmp(a + (n1 - n3), c) == 0);
    free(a);
    free(b);
    free(c);
    fx_teardown(&f);
}

static void test_chart_window(void)
{
    fixture f;
    CU_ASSERT_FATAL(fx_setup(&f) == 0);
    /* [2 ms, 6 ms]: copy #1 and the start of conv #1; the miss's deadline (10 ms) is outside */
    f.in.t0_ns = 2000000;
    f.in.t1_ns = 6000000;
    size_t len = 0;
    char *buf = capture(write_inline, &f.in, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
    xmlDocPtr doc = parse(buf, len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    CU_ASSERT_EQUAL(count(doc, "//s:rect[contains(concat(' ', @class, ' '), ' job ')]"), 2);
    CU_ASSERT_EQUAL(count(doc, "//s:rect[contains(concat(' ', @class, ' '), ' miss ')]"), 1);
    CU_ASSERT_EQUAL(count(doc, "//*[contains(concat(' ', @class, ' '), ' miss-marker ')]"), 0);
    xmlFreeDoc(doc);
    free(buf);
    fx_teardown(&f);
}

static void test_chart_rejects(void)
{
    fixture f;
    CU_ASSERT_FATAL(fx_setup(&f) == 0);
    char *buf = NULL;
    size_t n = 0;
    FILE *out = open_memstream(&buf, &n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    gantt_input in = f.in;
    in.t1_ns = in.t0_ns;
    CU_ASSERT_EQUAL(gantt_write_svg(out, &in, 0), -1);
    in = f.in;
    f.jobs[2].task = 3;
    CU_ASSERT_EQUAL(gantt_write_svg(out, &in, 0), -1);
    f.jobs[2].task = 0;
    f.jobs[2].part = 2;
    CU_ASSERT_EQUAL(gantt_write_svg(out, &in, 0), -1);
    f.jobs[2].part = 0;
    f.jobs[2].finish_ns = INFINITY;
    CU_ASSERT_EQUAL(gantt_write_svg(out, &in, 0), -1);
    f.jobs[2].finish_ns = 2.6 * MS;
    in.title = "bad \xC3 UTF-8";
    CU_ASSERT_EQUAL(gantt_write_svg(out, &in, 0), -1);
    CU_ASSERT_EQUAL(gantt_write_svg(out, NULL, 0), -1);
    /* and the fixture itself is fine */
    CU_ASSERT_EQUAL(gantt_write_svg(out, &f.in, 0), 0);
    fclose(out);
    free(buf);
    fx_teardown(&f);
}

/* ---- svg ---- */

static void test_svg_elements(void)
{
    svg_writer *w = svg_new(100.5, 50, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(w);
    CU_ASSERT_PTR_NULL(svg_data(w, NULL));
    double tri[6] = { 0, 0, 10, 0, 5, 8.333 };
    CU_ASSERT_EQUAL(svg_group_begin(w, &(svg_style){ .cls = "g", .font_size = 11 }), 0);
    CU_ASSERT_EQUAL(svg_title(w, "group tip"), 0);
    CU_ASSERT_EQUAL(svg_rect(w, 1.004, -0.001, 2.5, 3, &(svg_style){ .fill = svg_palette(11) }, "a<b"), 0);
    CU_ASSERT_EQUAL(svg_line(w, 0, 0, 1, 1, &(svg_style){ .stroke = "#000", .dash = "4 2" }, NULL), 0);
    CU_ASSERT_EQUAL(svg_circle(w, 5, 5, 2, NULL, NULL), 0);
    CU_ASSERT_EQUAL(svg_polygon(w, tri, 3, NULL, NULL), 0);
    CU_ASSERT_EQUAL(svg_text(w, 3, 4, "x & \"y\"", &(svg_style){ .anchor = SVG_ANCHOR_END }, NULL), 0);
    CU_ASSERT_EQUAL(svg_group_end(w), 0);
    CU_ASSERT_EQUAL(svg_group_end(w), -1);           /* only svg_finish closes the root */
    svg_free(w);

    w = svg_new(100.5, 50, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(w);
    CU_ASSERT_EQUAL(svg_rect(w, 1.004, -0.001, 2.5, 3, &(svg_style){ .fill = svg_palette(11) }, "a<b"), 0);
    CU_ASSERT_EQUAL(svg_polyline(w, tri, 3, &(svg_style){ .fill = "none" }, NULL), 0);
    CU_ASSERT_EQUAL(svg_text(w, 3, 4, "x & \"y\"", &(svg_style){ .anchor = SVG_ANCHOR_END }, NULL), 0);
    CU_ASSERT_EQUAL(svg_group_begin(w, NULL), 0);     /* left open: closed by svg_finish */
    CU_ASSERT_EQUAL(svg_finish(w), 0);
    CU_ASSERT_EQUAL(svg_rect(w, 0, 0, 1, 1, NULL, NULL), -1);   /* finished */
    size_t len = 0;
    const char *s = svg_data(w, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL(len, strlen(s));
    CU_ASSERT_STRING_EQUAL(s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100.5\" height=\"50\" "
        "viewBox=\"0 0 100.5 50\" font-family=\"sans-serif\">\n"
        " <rect x=\"1\" y=\"0\" width=\"2.5\" height=\"3\" fill=\"#E69F00\">\n"
        "  <title>a&lt;b</title>\n"
        " </rect>\n"
        " <polyline points=\"0,0 10,0 5,8.33\" fill=\"none\"/>\n"
        " <text x=\"3\" y=\"4\" text-anchor=\"end\">x &amp; &quot;y&quot;</text>\n"
        " <g/>\n"
        "</svg>\n");
    xmlDocPtr doc = parse(s, len);
    CU_ASSERT_PTR_NOT_NULL(doc);
    xmlFreeDoc(doc);
    svg_free(w);
}

static void test_svg_errors(void)
{
    CU_ASSERT_PTR_NULL(svg_new(0, 10, 0));
    CU_ASSERT_PTR_NULL(svg_new(10, NAN, 0));
    svg_free(NULL);
    svg_writer *w = svg_new(10, 10, SVG_XML_DECL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(w);
    CU_ASSERT_EQUAL(svg_text(w, 0, 0, "bell \a", NULL, NULL), -1);
    /* the first failure sticks */
    CU_ASSERT_EQUAL(svg_rect(w, 0, 0, 1, 1, NULL, NULL), -1);
    CU_ASSERT_EQUAL(svg_finish(w), -1);
    CU_ASSERT_PTR_NULL(svg_data(w, NULL));
    svg_free(w);
    w = svg_new(10, 10, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(w);
    CU_ASSERT_EQUAL(svg_rect(w, INFINITY, 0, 1, 1, NULL, NULL), -1);
    svg_free(w);
    w = svg_new(10, 10, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(w);
    CU_ASSERT_EQUAL(svg_rect(w, 0, 0, 1, 1, &(svg_style){ .cls = "\xFF" }, NULL), -1);
    svg_free(w);
}

/* An SVG inside a caller's document (an HTML page written with xmlTextWriter). */
static void test_svg_nested(void)
{
    xmlBufferPtr b = xmlBufferCreate();
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    xmlTextWriterPtr tw = xmlNewTextWriterMemory(b, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(tw);
    CU_ASSERT(xmlTextWriterStartElement(tw, (const xmlChar *)"body") >= 0);
    svg_writer *w = svg_new_in(tw, 20, 10);
    CU_ASSERT_PTR_NOT_NULL_FATAL(w);
    CU_ASSERT_EQUAL(svg_circle(w, 1, 2, 3, NULL, NULL), 0);
    CU_ASSERT_EQUAL(svg_finish(w), 0);
    CU_ASSERT_PTR_NULL(svg_data(w, NULL));
    svg_free(w);
    CU_ASSERT(xmlTextWriterEndElement(tw) >= 0);
    xmlFreeTextWriter(tw);
    CU_ASSERT_STRING_EQUAL((const char *)xmlBufferContent(b),
        "<body><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\" "
        "viewBox=\"0 0 20 10\" font-family=\"sans-serif\"><circle cx=\"1\" cy=\"2\" r=\"3\"/>"
        "</svg></body>");
    xmlBufferFree(b);

    fixture f;
    CU_ASSERT_FATAL(fx_setup(&f) == 0);
    b = xmlBufferCreate();
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    tw = xmlNewTextWriterMemory(b, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(tw);
    CU_ASSERT(xmlTextWriterStartElement(tw, (const xmlChar *)"div") >= 0);
    CU_ASSERT_EQUAL(gantt_write_into(tw, &f.in), 0);
    CU_ASSERT(xmlTextWriterEndDocument(tw) >= 0);
    xmlFreeTextWriter(tw);
    const char *s = (const char *)xmlBufferContent(b);
    xmlDocPtr doc = parse(s, strlen(s));
    CU_ASSERT_PTR_NOT_NULL(doc);
    if (doc)
        CU_ASSERT_EQUAL(count(doc, "/div/s:svg//s:rect[contains(concat(' ', @class, ' '), ' job ')]"), 5);
    xmlFreeDoc(doc);
    xmlBufferFree(b);
    fx_teardown(&f);
}

static void check_ticks(int64_t t0, int64_t t1, size_t max, int64_t step, size_t n, const char *first,
                        const char *last)
{
    svg_ticks tk;
    CU_ASSERT_EQUAL_FATAL(svg_time_ticks(t0, t1, max, &tk), 0);
    CU_ASSERT_EQUAL(tk.step_ns, step);
    CU_ASSERT_EQUAL_FATAL(tk.n, n);
    CU_ASSERT_STRING_EQUAL(tk.label[0], first);
    CU_ASSERT_STRING_EQUAL(tk.label[n - 1], last);
    for (size_t i = 0; i < n; i++)
        CU_ASSERT(tk.at_ns[i] >= t0 && tk.at_ns[i] <= t1 && tk.at_ns[i] % step == 0);
}

static void test_svg_ticks(void)
{
    check_ticks(0, 20000000, 12, 2000000, 11, "0", "20 ms");
    check_ticks(0, 20000000, 10, 5000000, 5, "0", "20 ms");
    check_ticks(0, 1000000, 10, 200000, 6, "0", "1 ms");
    check_ticks(3100000, 13300000, 12, 1000000, 10, "4 ms", "13 ms");
    check_ticks(-5, 5, 10, 2, 5, "-4 ns", "4 ns");
    check_ticks(7, 9, 10, 1, 3, "7 ns", "9 ns");
    check_ticks(1500, 2500, 10, 200, 5, "1.6 us", "2.4 us");
    check_ticks(0, INT64_MAX, 10, INT64_C(1000000000000000000), 10, "0", "9000000000 s");
    check_ticks(0, 100, 0, 100, 2, "0", "100 ns");    /* max_ticks clamped to 2 */
    svg_ticks tk;
    CU_ASSERT_EQUAL(svg_time_ticks(5, 5, 10, &tk), -1);
    CU_ASSERT_EQUAL(tk.n, 0);
}

static void test_svg_palette(void)
{
    for (size_t i = 0; i < SVG_PALETTE_SIZE; i++) {
        CU_ASSERT_EQUAL(strlen(svg_palette(i)), 7);
        CU_ASSERT(strcmp(svg_palette(i), SVG_RED) != 0);
        for (size_t k = 0; k < i; k++)
            CU_ASSERT(strcmp(svg_palette(i), svg_palette(k)) != 0);
        CU_ASSERT(strcmp(svg_palette_ink(i), "#000000") == 0 || strcmp(svg_palette_ink(i), "#FFFFFF") == 0);
    }
    CU_ASSERT_STRING_EQUAL(svg_palette(SVG_PALETTE_SIZE + 2), svg_palette(2));
}

void test_gantt_register(void)
{
    CU_pSuite s = CU_add_suite("gantt", NULL, NULL);
    CU_add_test(s, "chart: bars, miss, lanes, legend, axis", test_chart_content);
    CU_add_test(s, "chart: same bytes every time, inline form", test_chart_identical_bytes);
    CU_add_test(s, "chart: a window cuts bars and markers", test_chart_window);
    CU_add_test(s, "chart: invalid input refused", test_chart_rejects);
    CU_add_test(s, "svg: elements, escaping, numbers", test_svg_elements);
    CU_add_test(s, "svg: errors stick", test_svg_errors);
    CU_add_test(s, "svg: inside a caller's writer", test_svg_nested);
    CU_add_test(s, "svg: nice time ticks", test_svg_ticks);
    CU_add_test(s, "svg: palette", test_svg_palette);
}
