/* report_chains: the text and JSON sections of the cause-effect chains (docs/chains.md, docs/report.md
 * "Chains"). Writers only: every figure comes from rt_report.chains. */
#ifndef RT_REPORT_CHAINS_H
#define RT_REPORT_CHAINS_H

#include <stdio.h>

#include "report/jw.h"
#include "report/report.h"

/* Nothing when r->chains is NULL. The line under the verdict naming the failed chains. */
void report_text_chains_verdict(const rt_report *r, FILE *out);
/* Text section "Chains": one row per chain; verbosity > 0 adds each bound's derivation. */
void report_text_chains(const rt_report *r, FILE *out, int verbosity);
/* Write the member `chains` of the open report object. */
void report_json_chains(const rt_report *r, jw *w);
/* The number of chains of r that fail (0 without chains). */
size_t report_chains_failed(const rt_report *r);

#endif
