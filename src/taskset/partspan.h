/* partspan: the SMs a partition spans and the partitions that share one (taskset_load, inputs). */
#ifndef RT_PARTSPAN_H
#define RT_PARTSPAN_H

#include <stdint.h>

#include "taskset/taskset.h"
#include "util/diag.h"

/* One past the last SM of p, saturated at INT64_MAX (when first-sm + sms overflows). */
int64_t partspan_end(const rt_partition *p);

/* Record in d, at file path, that partition p starts before far ends. */
typedef void partspan_report(rt_diags *d, const char *path, const rt_partition *p,
                             const rt_partition *far);
/* Call report(d, ts->path, p, far) for each partition p that starts before the furthest-reaching
 * one before it (far) ends, by first SM then line; out of memory: an error in d. */
void partspan_overlaps(const rt_taskset *ts, rt_diags *d, partspan_report *report);

#endif
