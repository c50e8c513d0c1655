/* report_text: the human-readable report of rtgpu-analyze (docs/report.md). */
#ifndef RT_REPORT_TEXT_H
#define RT_REPORT_TEXT_H

#include <stdio.h>
#include "report/report.h"

/* Human-readable report; verbose adds every derivation. Returns 0, or -1 on a write error. */
int report_text(const rt_report *r, FILE *out, int verbosity);

#endif
