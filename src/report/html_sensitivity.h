/* html_sensitivity: the sensitivity's part of section 4 of the evidence report (docs/evidence.md
 * sec. 1). */
#ifndef RT_HTML_SENSITIVITY_H
#define RT_HTML_SENSITIVITY_H

#include "report/report.h"
#include "draw/xhtml.h"

/* The sensitivity's figures (r->sens, which must be set) as a table, a whole system's step
 * headrooms, then for each task that misses, why (its critical job, the size at which it
 * passes). */
void html_sensitivity(xhtml *p, const rt_report *r);

#endif
