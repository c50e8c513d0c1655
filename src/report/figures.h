/* figures: the SVG figures of the evidence report, each drawn inline into an XHTML page being
 * written with xmlTextWriter (svg_new_in). They draw what the analysis computed; they compute
 * nothing (layout: the GPU's SMs; scenario: sens_job; flow: the holistic analysis; curves: the model's table). */
#ifndef RT_FIGURES_H
#define RT_FIGURES_H

#include <libxml/xmlwriter.h>

#include "report/report.h"

/* The GPU's SMs (grouped in TPCs of g SMs when g > 1) coloured by partition, with a legend. */
int fig_sm_map(xmlTextWriterPtr tw, const rt_report *r);
/* Task i's critical job as the RTA accounts for it: the blocking job, the earlier jobs of i and
 * the higher-priority jobs back to back, then the job itself; arrival, finish and deadline
 * marked. Needs r->sens. */
int fig_scenario(xmlTextWriterPtr tw, const rt_report *r, size_t i);
/* Task i's flow (a whole system, r->eval->system): one lane per step from its best-case start O
 * to its worst-case completion R, the jitter J at the start of the lane, rho and R written beside
 * it, the deadline marked. */
int fig_flow(xmlTextWriterPtr tw, const rt_report *r, size_t i);
/* Kernel k: C(k,n) and BW(k,n) against n, measured points marked. */
int fig_kernel_curves(xmlTextWriterPtr tw, const rt_report *r, size_t k);

/* Chain ci (r->chains): implicit, its Davare and Durr bounds each as a bar of its terms back to
 * back in the order of the formula (no job chain: the analysis computes none); let, every task's
 * LET windows from the longest job chain's first read to its last write, that span marked (the
 * enumeration records those two instants only). The requirements marked. Draws nothing when the
 * bounds drawn are not all computed. */
int fig_chain(xmlTextWriterPtr tw, const rt_report *r, size_t ci);

#endif
