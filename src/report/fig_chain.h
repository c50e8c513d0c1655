/* fig_chain: the evidence report's figure of a chain (the chains' section), drawn inline into an
 * XHTML page being written with xmlTextWriter (svg_new_in). It draws the chain analysis's bounds
 * (r->chains). */
#ifndef RT_FIG_CHAIN_H
#define RT_FIG_CHAIN_H

#include <stddef.h>

#include <libxml/xmlwriter.h>

#include "report/report.h"

/* Chain ci (r->chains): implicit, its Davare and Durr bounds each as a bar of its terms back to
 * back in the order of the formula (no job chain: the analysis computes none); let, every task's
 * LET windows from the longest job chain's first read to its last write, that span marked (the
 * enumeration records those two instants only). The requirements marked. Draws nothing when the
 * bounds drawn are not all computed. 0, or -1 on a write error or out of memory. */
int fig_chain(xmlTextWriterPtr tw, const rt_report *r, size_t ci);

#endif
