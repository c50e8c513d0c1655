/* report_chains: the text and JSON sections of the cause-effect chains (docs/chains.md, docs/report.md
 * "Chains"). Writers only: every figure comes from rt_report.chains. */
#ifndef RT_REPORT_CHAINS_H
#define RT_REPORT_CHAINS_H

#include <stdio.h>

#include "util/jw.h"
#include <stdbool.h>

#include "report/report.h"

/* The lines under the verdict naming the failed chains (unless failing is false: the verdict
 * named them) and the undecided ones; nothing when r->chains is NULL. */
void report_chains_text_verdict(const rt_report *r, bool failing, FILE *out);
/* Text section "Chains": one row per chain; verbosity > 0 adds each bound's derivation. */
void report_chains_text(const rt_report *r, FILE *out, int verbosity);
/* Write the member `chains` of the open report object. */
void report_chains_json(const rt_report *r, jw *w);
/* The number of chains of r that fail (0 without chains). */
size_t report_chains_failed(const rt_report *r);
/* Why bound b of chain ci has no value (its status is not CHAIN_OK), in words, into buf. */
void report_chains_no_bound(const rt_report *r, size_t ci, chain_bound b, char *buf, size_t size);
/* Why chain ci fails, in words, into buf; "" when it passes. */
void report_chains_reason(const rt_report *r, size_t ci, char *buf, size_t size);
/* Durr 2019's hop term I between positions k and k+1 of chain c (their WCRTs bounded):
 * min(J, R) of task k when both are one-step CPU tasks on one core and k has the higher
 * priority (*is_jitter then tells whether J was the smaller), else R of task k. */
int64_t report_chains_hop(const rt_report *r, const rt_chain *c, size_t k, bool *is_jitter);

#endif
