/* report_text_tasks: the task tables of the text report, written by report_text.c. */
#ifndef RT_REPORT_TEXT_TASKS_H
#define RT_REPORT_TEXT_TASKS_H

#include <stddef.h>
#include <stdio.h>

#include "report/report.h"

/* The width of the task-name column of the text report's tables: the longest task name, at
 * least 4 and at most 40 characters. */
size_t report_text_tasks_width(const rt_taskset *ts);
/* Each partition's table of its tasks (r->layout and r->eval must be set), then the CPU tasks'
 * (no partition), if any. */
void report_text_tasks(const rt_report *r, FILE *out);

#endif
