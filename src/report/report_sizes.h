/* report_sizes: the options that restrict the partition sizes a search may use (--deploy,
 * --min-partition-sms; docs/assignment.md sec. 12), in the words of the command line, for the
 * text and HTML reports. */
#ifndef RT_REPORT_SIZES_H
#define RT_REPORT_SIZES_H

#include <stddef.h>

#include "analysis/options.h"

/* "--deploy mig, --min-partition-sms 4", "--deploy mig" or "--min-partition-sms 4" into buf of
 * size bytes (truncated to fit): the options of o that set the sizes; the caller says whether
 * any did. */
void report_sizes_why(const rt_options *o, char *buf, size_t size);

#endif
