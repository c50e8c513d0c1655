/* html_figures: section 6 of the evidence report (docs/evidence.md sec. 2). */
#ifndef RT_HTML_FIGURES_H
#define RT_HTML_FIGURES_H

#include "report/report.h"
#include "draw/xhtml.h"

/* 6. Figures: the critical job of each task and the isolated scaling of each kernel. */
void html_figures(xhtml *p, const rt_report *r);

#endif
