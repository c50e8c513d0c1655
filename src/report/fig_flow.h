/* fig_flow: the evidence report's timeline of a task's flow in a whole system (inside section 4),
 * drawn inline into an XHTML page being written with xmlTextWriter (svg_new_in). It draws what
 * the holistic analysis computed (r->eval->system); it computes nothing. */
#ifndef RT_FIG_FLOW_H
#define RT_FIG_FLOW_H

#include <stddef.h>

#include <libxml/xmlwriter.h>

#include "report/report.h"

/* Task i's flow (a whole system, r->eval->system): one lane per step from its best-case start O
 * to its worst-case completion R, the jitter J at the start of the lane, rho and R written beside
 * it, the deadline marked. 0, or -1 on a write error or out of memory. */
int fig_flow(xmlTextWriterPtr tw, const rt_report *r, size_t i);

#endif
