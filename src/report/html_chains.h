/* html_chains: the cause-effect chains' section of the evidence report (docs/chains.md). */
#ifndef RT_HTML_CHAINS_H
#define RT_HTML_CHAINS_H

#include "draw/xhtml.h"
#include "report/report.h"

/* The chains (html_chains.c), section number: a table, then each chain's tasks, bounds derived
 * in numbers, binding bounds, verdict and figure; nothing without r->chains. */
void html_chains(xhtml *p, const rt_report *r, int number);

#endif
