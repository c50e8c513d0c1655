/* report_text_derive: the derivations that -v adds to the text report, written by
 * report_text.c. */
#ifndef RT_REPORT_TEXT_DERIVE_H
#define RT_REPORT_TEXT_DERIVE_H

#include <stddef.h>
#include <stdio.h>

#include "report/report.h"

/* Every kernel's class and isolated figures, and its C(k,n) and BW(k,n) table per partition
 * size (with the speed-up and efficiency when r->conc is set). */
void report_text_derive_kernels(const rt_report *r, FILE *out);
/* Every task's launches (r->eval must be set): C, Tc, M and the WCET, at verbosity > 0 its
 * formula in numbers, and each launch's windows. */
void report_text_derive_launches(const rt_report *r, int verbosity, FILE *out);
/* Every task's response-time derivation (r->eval must be set): C, T, D, J, B, the busy period
 * and each job's w and R, then R. */
void report_text_derive_rtas(const rt_report *r, FILE *out);

#endif
