/* report_text_sens: the sensitivity in the text report (docs/evidence.md sec. 1), written by
 * report_text.c. */
#ifndef RT_REPORT_TEXT_SENS_H
#define RT_REPORT_TEXT_SENS_H

#include <stddef.h>
#include <stdio.h>

#include "report/report.h"

/* The sensitivity (r->sens and r->layout must be set): the scaling factors (each chain's too),
 * the largest margin, each partition's smallest size, each task's slack and WCET headroom (a
 * whole system: each step's), then why each missing task misses. */
void report_text_sens(const rt_report *r, FILE *out);

#endif
