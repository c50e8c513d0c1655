/* report_concurrency: the text and JSON sections of the block-level models (docs/concurrency.md):
 * effective <sm> values, occupancy, leftover pairs and notes, launch mapping, skipped models.
 * Writers only: every figure comes from rt_report.conc. */
#ifndef RT_REPORT_CONCURRENCY_H
#define RT_REPORT_CONCURRENCY_H

#include <stdio.h>

#include "util/jw.h"
#include "report/report.h"

/* Text section "Concurrency models"; nothing when r->conc is NULL. verbosity > 0 adds every
 * intermediate value of the leftover check. */
void report_concurrency_text(const rt_report *r, FILE *out, int verbosity);
/* Write the member `sm` of the open `gpu` object (nothing when r->conc is NULL). */
void report_concurrency_json_sm(const rt_report *r, jw *w);
/* Write the members `occupancy`, `leftover`, `leftover_notes`, `mapping`, `models_skipped` of the
 * open report object (nothing when r->conc is NULL). Errors are seen by jw_finish. */
void report_concurrency_json(const rt_report *r, jw *w);

#endif
