/* fig_scenario: the evidence report's figure of a task's critical job (section 6), drawn inline
 * into an XHTML page being written with xmlTextWriter (svg_new_in). It draws the sensitivity's
 * sens_job; it computes nothing. */
#ifndef RT_FIG_SCENARIO_H
#define RT_FIG_SCENARIO_H

#include <stddef.h>

#include <libxml/xmlwriter.h>

#include "report/report.h"

/* Task i's critical job as the RTA accounts for it: the blocking job, the earlier jobs of i and
 * the higher-priority jobs back to back, then the job itself; arrival, finish and deadline
 * marked. Needs r->sens; draws nothing when the job is unbounded. 0, or -1 on a write error or
 * out of memory. */
int fig_scenario(xmlTextWriterPtr tw, const rt_report *r, size_t i);

#endif
