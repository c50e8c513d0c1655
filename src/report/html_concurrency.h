/* html_concurrency: the block-level notes of section 4 of the evidence report
 * (docs/concurrency.md). */
#ifndef RT_HTML_CONCURRENCY_H
#define RT_HTML_CONCURRENCY_H

#include "report/report.h"
#include "draw/xhtml.h"

/* The block-level notes (r->conc): occupancy, the leftover check and its ordered pairs, the
 * launch mapping, the models not computed; nothing without r->conc. */
void html_concurrency(xhtml *p, const rt_report *r);

#endif
