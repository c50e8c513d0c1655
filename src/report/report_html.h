/* report_html: the certification evidence report, one self-contained XHTML page (docs/evidence.md sec. 2). */
#ifndef RT_REPORT_HTML_H
#define RT_REPORT_HTML_H

#include <stdio.h>
#include "report/report.h"

/* The certification evidence report (docs/evidence.md sec. 2): one self-contained polyglot XHTML5
 * page written with xmlTextWriter, byte-identical for the same inputs, options and date.
 * Returns 0, -1 on a write error or out of memory. */
int report_html(const rt_report *r, FILE *out);

#endif
