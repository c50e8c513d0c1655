/* html_inputs: the evidence report's sections on what the analysis stood on: 2 system, 3 assumptions, 7 provenance, 8 measurements. */
#ifndef RT_HTML_INPUTS_H
#define RT_HTML_INPUTS_H

#include "draw/xhtml.h"
#include "report/report.h"

/* 2. System: the GPU, the partitions, the tasks and the kernels as the analysis read them. */
void html_inputs_system(xhtml *p, const rt_report *r);

/* 3. Assumptions and limits: what the bounds hold under, from the models and options used. */
void html_inputs_assumptions(xhtml *p, const rt_report *r);

/* 7. Provenance: the inputs' SHA-256, the tool, the date and how to reproduce the run. */
void html_inputs_provenance(xhtml *p, const rt_report *r);

/* 8. Measurements against the bounds (--check-measurements; nothing without r->meas). */
void html_inputs_measurements(xhtml *p, const rt_report *r);

#endif
