/* report_json_meas: the "measurements" member of the JSON report (docs/report.md
 * "measurements"), written by report_json.c. */
#ifndef RT_REPORT_JSON_MEAS_H
#define RT_REPORT_JSON_MEAS_H

#include <stddef.h>

#include "report/report.h"
#include "util/jw.h"

/* The member "measurements" from r->meas_in and r->meas (both must be set): the input, the
 * counts, the tightness statistics and histogram, and every observation against its bound. */
void report_json_meas(const rt_report *r, jw *w);

#endif
