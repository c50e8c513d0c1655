/* html_flows: a whole system's flows, timelines and step derivations in the evidence report (inside sections 4 and 5). */
#ifndef RT_HTML_FLOWS_H
#define RT_HTML_FLOWS_H

#include <stddef.h>
#include "draw/xhtml.h"
#include "report/report.h"

/* A whole system (r->eval->system; html_flows.c): each task's flow as a table and a timeline,
 * then the resources table, inside section 4. */
void html_flows(xhtml *p, const rt_report *r);

/* Task i's steps derived one by one (O, J, B, t, Q, worst q, rho, R), inside section 5. */
void html_flows_step_derivations(xhtml *p, const rt_report *r, size_t i);

#endif
