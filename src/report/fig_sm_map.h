/* fig_sm_map: the evidence report's map of the GPU's SMs by partition (section 2), drawn inline
 * into an XHTML page being written with xmlTextWriter (svg_new_in). It draws the layout the run
 * analysed; it computes nothing. */
#ifndef RT_FIG_SM_MAP_H
#define RT_FIG_SM_MAP_H

#include <libxml/xmlwriter.h>

#include "report/report.h"

/* The GPU's SMs (grouped in TPCs of g SMs when g > 1) coloured by partition, with a legend.
 * 0, or -1 on a write error or out of memory. */
int fig_sm_map(xmlTextWriterPtr tw, const rt_report *r);

#endif
