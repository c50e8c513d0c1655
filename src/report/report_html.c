/* report_html: the certification evidence report (docs/evidence.md sec. 2), one self-contained
 * polyglot XHTML5 page: well-formed XML that browsers read as HTML, inline CSS and SVG, no script,
 * no external reference. This file holds the page's order and its style sheet; the page is
 * written through draw/xhtml.h (libxml2's xmlTextWriter, which escapes text and attributes: no
 * markup is assembled by hand) and its sections by report/html_sections.h. Nothing here computes
 * a number: the page shows the analysis, the sensitivity and the provenance it is given, so the
 * same inputs, options and date give the same bytes. */
#include "report/report_html.h"

#include "report/report.h"

#include <stdio.h>

#include "report/html_chains.h"
#include "report/html_derivations.h"
#include "report/html_figures.h"
#include "report/html_inputs.h"
#include "report/html_register.h"
#include "report/html_results.h"
#include "report/html_sections.h"
#include "report/html_verdict.h"
#include "draw/xhtml.h"

static const char css[] =
    "body{font-family:DejaVu Sans,Helvetica Neue,Arial,sans-serif;color:#1a1a1a;"
    "line-height:1.45;max-width:1120px;margin:1.5em auto;padding:0 1.2em;font-size:15px}"
    "h1{font-size:1.55em;margin:.2em 0}h2{font-size:1.25em;border-bottom:2px solid #333;"
    "padding-bottom:.15em;margin-top:2.2em}h3{font-size:1.05em;margin:1.4em 0 .4em}"
    "p.sub{color:#555;margin:.1em 0 1em}"
    "table{border-collapse:collapse;margin:.5em 0 1em;font-size:.88em}"
    "th,td{border:1px solid #c8c8c8;padding:.22em .5em;text-align:right;vertical-align:top}"
    "th{background:#f0f0f0}th.l,td.l{text-align:left}td.miss{color:#c0151a;font-weight:bold}"
    "td.ok{color:#1b7837}td.open{color:#a05a00;font-weight:bold}table.kv th{text-align:left;width:16em}table.kv td{text-align:left}"
    ".verdict{padding:.7em 1em;border-radius:6px;font-size:1.15em;font-weight:bold;margin:.6em 0}"
    ".pass{background:#e7f4ea;border:2px solid #1b7837}.fail{background:#fdeceb;"
    "border:2px solid #c0151a}.undecided{background:#fff4e2;border:2px solid #d9822b}"
    ".warn{background:#fff8e8;border-left:4px solid #d9822b;padding:.3em .7em;margin:.3em 0}"
    "code,pre{font-family:DejaVu Sans Mono,Menlo,Consolas,monospace;font-size:.85em}"
    "pre{background:#f5f6f8;padding:.6em .8em;white-space:pre-wrap;word-break:break-all}"
    "figure{margin:.8em 0 1.4em}figcaption{font-size:.85em;color:#444;max-width:60em}"
    "svg{max-width:100%;height:auto}details{margin:.4em 0}summary{cursor:pointer;color:#0b5394}"
    "ul.assume li{margin:.25em 0}"
    "@page{size:A4;margin:14mm}"
    "@media print{body{max-width:none;margin:0;padding:0;font-size:11px}"
    "section{break-before:page}section.first{break-before:auto}"
    "details::details-content{content-visibility:visible;display:block}"
    "tr,figure,pre{break-inside:avoid}h2,h3{break-after:avoid}}";

static void head(xhtml *p, const rt_report *r)
{
    char title[1024];
    snprintf(title, sizeof title, "Schedulability evidence: %s on %s",
             r->ts->name ? r->ts->name : "task set", r->gpu->name ? r->gpu->name : "GPU");
    xhtml_head(p, title, css);
}

static void body(xhtml *p, const rt_report *r)
{
    xhtml_open(p, "body");
    xhtml_nl(p);
    xhtml_elf(p, "h1", NULL, "Schedulability evidence: %s", r->ts->name ? r->ts->name : "task set");
    xhtml_elf(p, "p", "sub", "on %s; %s %s, model revision %d%s%s",
              r->gpu->name ? r->gpu->name : "GPU", r->prov ? r->prov->tool : "rtgpu-analyze",
              r->tool_version, RT_MODEL_REVISION, r->prov ? "; " : "",
              r->prov ? r->prov->date : "");
    xhtml_nl(p);
    html_verdict(p, r);
    html_inputs_system(p, r);
    html_inputs_assumptions(p, r);
    html_results(p, r);
    html_derivations(p, r);
    html_figures(p, r);
    html_inputs_provenance(p, r);
    html_inputs_measurements(p, r);
    /* after the numbered sections that exist already: 8 or, with measurements, 9; the chains
     * (when the task set has some) before the register */
    int next = r->meas ? 8 : 7;
    if (r->chains)
        html_chains(p, r, ++next);
    html_register(p, r, next + 1);
    html_register_configuration(p, r, next + 2);
    xhtml_close(p);
}

int report_html(const rt_report *r, FILE *out)
{
    xhtml p;
    if (xhtml_begin(&p, "en") != 0)
        return -1;
    head(&p, r);
    body(&p, r);
    return xhtml_end(&p, out);
}
