/* report_concurrency: the text and JSON sections of the block-level models (docs/concurrency.md):
 * effective <sm> values, occupancy, leftover pairs and notes, launch mapping, skipped models.
 * Writers only: every figure comes from rt_report.conc. */
#ifndef RT_REPORT_CONCURRENCY_H
#define RT_REPORT_CONCURRENCY_H

#include <jansson.h>
#include <stdio.h>

#include "report/report.h"

/* Text section "Concurrency models"; nothing when r->conc is NULL. verbosity > 0 adds every
 * intermediate value of the leftover check. */
void report_text_concurrency(const rt_report *r, FILE *out, int verbosity);
/* Add the keys `occupancy`, `leftover`, `leftover_notes`, `mapping`, `models_skipped` to root and
 * `sm` to root's `gpu` object (nothing when r->conc is NULL). Returns 0, or -1 when out of memory. */
int report_json_concurrency(const rt_report *r, json_t *root);

#endif
