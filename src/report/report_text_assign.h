/* report_text_assign: the text report's lines on how the layout was chosen, written by
 * report_text.c after the GPU and the model. */
#ifndef RT_REPORT_TEXT_ASSIGN_H
#define RT_REPORT_TEXT_ASSIGN_H

#include <stddef.h>
#include <stdio.h>

#include "report/report.h"

/* "Assignment: given by the task set", or the search's line (objective, status, SMs used, MIP
 * solves, limits) and under it the allowed sizes and, by objective, the smallest relative slack
 * or the proof (bound, gap, analyses, the stages that found each layout). */
void report_text_assign(const rt_report *r, FILE *out);

#endif
