/* report_json_assign: the "assignment" member of the JSON report (docs/report.md
 * "assignment"), written by report_json.c. */
#ifndef RT_REPORT_JSON_ASSIGN_H
#define RT_REPORT_JSON_ASSIGN_H

#include <stddef.h>

#include "report/report.h"
#include "util/jw.h"

/* The member "assignment": every key in both modes (the task set's partitions or the search's),
 * null where the mode or the objective gives none. */
void report_json_assign(const rt_report *r, jw *w);

#endif
