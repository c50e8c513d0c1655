/* partspan: the SMs a partition spans, first-sm .. first-sm + sms - 1, and the partitions of a
 * task set that share an SM, for the checks of taskset_load and inputs. */
#ifndef RT_PARTSPAN_H
#define RT_PARTSPAN_H

#include <stdint.h>

#include "taskset/taskset.h"
#include "util/diag.h"

/* One past the last SM of p, saturated at INT64_MAX (when first-sm + sms overflows). */
int64_t partspan_end(const rt_partition *p);

/* Records in d, at file path, that partition p starts before far ends. */
typedef void partspan_report(rt_diags *d, const char *path, const rt_partition *p,
                             const rt_partition *far);
/* With ts's partitions sorted by first SM (then line), call report(d, ts->path, p, far) for each
 * p that starts before the end of the furthest-reaching one before it (far). Out of memory: an
 * error in d at ts->path, nothing reported. */
void partspan_overlaps(const rt_taskset *ts, rt_diags *d, partspan_report *report);

#endif
