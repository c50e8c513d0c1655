/* report_json_system: a whole system's members of the JSON report (docs/report.md
 * "tasks[].steps[]", "resources[]"); null where the task set is not a whole system. */
#ifndef RT_REPORT_JSON_SYSTEM_H
#define RT_REPORT_JSON_SYSTEM_H

#include <stddef.h>

#include "report/report.h"
#include "util/jw.h"

/* The member "steps" of task i: each step's resource, priority, WCET, BCET, offset, jitter and
 * responses (r->eval->system), or null. */
void report_json_system_steps(const rt_report *r, jw *w, size_t i);
/* The member "resources": each resource's name, kind, policy, steps and utilisation, or null. */
void report_json_system_resources(const rt_report *r, jw *w);

#endif
