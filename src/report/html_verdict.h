/* html_verdict: section 1 of the evidence report (docs/evidence.md sec. 2), written by
 * report_html.c first. */
#ifndef RT_HTML_VERDICT_H
#define RT_HTML_VERDICT_H

#include "report/report.h"
#include "draw/xhtml.h"

/* 1. Verdict: the verdict, the exit status, the search's layout and proof statement, the
 * budget, the warnings. */
void html_verdict(xhtml *p, const rt_report *r);

#endif
