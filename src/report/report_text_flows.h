/* report_text_flows: a whole system's flows in the text report (docs/system.md secs. 3 and 5),
 * written by report_text.c. */
#ifndef RT_REPORT_TEXT_FLOWS_H
#define RT_REPORT_TEXT_FLOWS_H

#include <stddef.h>
#include <stdio.h>

#include "report/report.h"

/* Each task's flow (r->eval->system must be set): every step's resource, priority, C, Cb, O, J,
 * rho and R; then every resource a step uses, with its kind, policy and utilisation. */
void report_text_flows(const rt_report *r, FILE *out);

#endif
