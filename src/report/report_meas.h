/* report_meas: --check-measurements in the text report (docs/calibration.md). */
#ifndef RT_REPORT_MEAS_H
#define RT_REPORT_MEAS_H

#include <stddef.h>
#include <stdio.h>
#include "report/report.h"

/* --check-measurements in the text report (report_meas.c): the one-line outcome (also under -q)
 * and, unless quiet, the section: every observation above its bound (verbose: every one) and the
 * tightness distribution. Nothing without r->meas. */
void report_meas_verdict(const rt_report *r, FILE *out);

void report_meas_text(const rt_report *r, FILE *out, int verbosity);

/* Observation i in words, e.g. `kernel "A" on 2 SMs beside B@2` or `job of task "cam"`. */
void report_meas_label(const rt_report *r, size_t i, char *buf, size_t size);

/* "0.0-0.1", ..., "0.9-1.0", "above 1" for the bins of meas_stats. */
const char *report_meas_bin_name(size_t bin);

#endif
