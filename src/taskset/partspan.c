/* partspan: partitions as spans of SMs; the overlap check sorts them by first SM and compares
 * each with the one reaching furthest among those before it. */
#include "taskset/partspan.h"

#include <stdlib.h>

#include "util/ckint.h"
#include "util/sort.h"

int64_t partspan_end(const rt_partition *p)
{
    int64_t end;
    return ck_add(p->first_sm, p->sms, &end) ? INT64_MAX : end;
}

static int first_sm_cmp(const void *a, const void *b)
{
    const rt_partition *x = *(const rt_partition *const *)a, *y = *(const rt_partition *const *)b;
    int c = sort_cmp_i64(x->first_sm, y->first_sm);
    return c ? c : sort_cmp_long(x->line, y->line);
}

void partspan_overlaps(const rt_taskset *ts, rt_diags *d, partspan_report *report)
{
    if (ts->n_partitions < 2)
        return;
    const rt_partition **v = calloc(ts->n_partitions, sizeof *v);
    if (!v) {
        rt_diag_error(d, ts->path, 0, "out of memory");
        return;
    }
    for (size_t i = 0; i < ts->n_partitions; i++)
        v[i] = &ts->partitions[i];
    qsort(v, ts->n_partitions, sizeof *v, first_sm_cmp);
    const rt_partition *far = v[0];
    for (size_t i = 1; i < ts->n_partitions; i++) {
        if (v[i]->first_sm < partspan_end(far))
            report(d, ts->path, v[i], far);
        if (partspan_end(v[i]) > partspan_end(far))
            far = v[i];
    }
    free(v);
}
