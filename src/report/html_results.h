/* html_results: section 4 of the evidence report (docs/evidence.md sec. 2). */
#ifndef RT_HTML_RESULTS_H
#define RT_HTML_RESULTS_H

#include "report/report.h"
#include "draw/xhtml.h"

/* 4. Results: each partition's tasks, a whole system's flows, the sensitivity, why a task
 * misses, the block-level models. */
void html_results(xhtml *p, const rt_report *r);

#endif
