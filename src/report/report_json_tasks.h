/* report_json_tasks: the task set's members of the JSON report (docs/report.md "kernels",
 * "partitions", "tasks"), written by report_json.c. */
#ifndef RT_REPORT_JSON_TASKS_H
#define RT_REPORT_JSON_TASKS_H

#include <stddef.h>

#include "report/report.h"
#include "util/jw.h"

/* The members "kernels" (each with its C(k,n) table), "partitions" and "tasks" (each with
 * its bounds, launches and windows, and a whole system's steps) into the object w has open. */
void report_json_tasks(const rt_report *r, jw *w);

#endif
