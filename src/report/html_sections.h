/* html_sections: the sections of the evidence report (docs/evidence.md sec. 2) that
 * html_inputs.c writes, what the analysis stood on (2, 3, 7, 8), html_flows.c a whole system's
 * flows (inside 4 and 5), html_chains.c the chains and html_register.c what a deployment must
 * reproduce (the register and the configuration record, the last two), each one <section> of the
 * XHTML page (draw/xhtml.h), and the few formatting helpers every section shares. What the
 * analysis found has a header per section: html_verdict.h (1), html_results.h (4, with
 * html_sensitivity.h and html_concurrency.h), html_derivations.h (5), html_figures.h (6). They
 * show what the run computed; they compute nothing. */
#ifndef RT_HTML_SECTIONS_H
#define RT_HTML_SECTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "report/report.h"
#include "draw/xhtml.h"
#include "util/fmt.h"



/* Rows of a long table shown open; longer ones are folded in <details>, never cut. */
#define FOLD_ROWS 12

/* A duration and a real for people (util/fmt.h), as values: D(ns).s, R(x).s. */
#define D(ns) fmt_dur_of(ns)
#define R(x) fmt_real_of(x)

/* The name of task number task. */
static inline const char *name_of(const rt_report *r, size_t task)
{
    return r->ts->tasks[task].name;
}

#endif
