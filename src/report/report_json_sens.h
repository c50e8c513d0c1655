/* report_json_sens: the "sensitivity" member of the JSON report (docs/report.md
 * "sensitivity"), written by report_json.c. */
#ifndef RT_REPORT_JSON_SENS_H
#define RT_REPORT_JSON_SENS_H

#include <stddef.h>

#include "report/report.h"
#include "util/jw.h"

/* The member "sensitivity" from r->sens (which, like r->layout, must be set): the scaling
 * factors, the margin, the partitions' smallest sizes, each task's slack, headroom (a whole
 * system: each step's) and explanation. */
void report_json_sens(const rt_report *r, jw *w);

#endif
