/* html_derivations: section 5 of the evidence report (docs/evidence.md sec. 2). */
#ifndef RT_HTML_DERIVATIONS_H
#define RT_HTML_DERIVATIONS_H

#include "report/report.h"
#include "draw/xhtml.h"

/* 5. Derivations: every operand of every WCET and response time, in the analysis's order. */
void html_derivations(xhtml *p, const rt_report *r);

#endif
