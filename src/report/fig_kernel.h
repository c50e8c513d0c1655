/* fig_kernel: the evidence report's figure of a kernel's isolated scaling (section 6), drawn
 * inline into an XHTML page being written with xmlTextWriter (svg_new_in). It draws the model's
 * table; it computes nothing. */
#ifndef RT_FIG_KERNEL_H
#define RT_FIG_KERNEL_H

#include <stddef.h>

#include <libxml/xmlwriter.h>

#include "report/report.h"

/* Kernel k: C(k,n) and BW(k,n) against n, measured points marked. 0, or -1 on a write error or
 * out of memory. */
int fig_kernel_curves(xmlTextWriterPtr tw, const rt_report *r, size_t k);

#endif
