/* layout: partitions, task-to-partition mapping and effective priorities of one candidate. */
#include "analysis/layout.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/analyzer.h"
#include "util/sort.h"

rt_layout *rt_layout_new(size_t n_parts, size_t n_tasks)
{
    rt_layout *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->n_parts = n_parts;
    l->n_tasks = n_tasks;
    l->part_name = calloc(n_parts ? n_parts : 1, sizeof *l->part_name);
    l->part_sms = calloc(n_parts ? n_parts : 1, sizeof *l->part_sms);
    l->part_first_sm = calloc(n_parts ? n_parts : 1, sizeof *l->part_first_sm);
    l->task_part = calloc(n_tasks ? n_tasks : 1, sizeof *l->task_part);
    l->task_prio = calloc(n_tasks ? n_tasks : 1, sizeof *l->task_prio);
    if (!l->part_name || !l->part_sms || !l->part_first_sm || !l->task_part || !l->task_prio) {
        rt_layout_free(l);
        return NULL;
    }
    return l;
}

void rt_layout_free(rt_layout *l)
{
    if (!l)
        return;
    if (l->part_name)
        for (size_t p = 0; p < l->n_parts; p++)
            free(l->part_name[p]);
    free(l->part_name);
    free(l->part_sms);
    free(l->part_first_sm);
    free(l->task_part);
    free(l->task_prio);
    free(l);
}

/* gcc 12 -fanalyzer reports a false leak here: each name is stored in the layout and freed by
 * rt_layout_free. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
rt_layout *rt_layout_from_taskset(const rt_taskset *ts)
{
    rt_layout *l = rt_layout_new(ts->n_partitions, ts->n_tasks);
    if (!l)
        return NULL;
    for (size_t p = 0; p < ts->n_partitions; p++) {
        const rt_partition *pa = &ts->partitions[p];
        l->part_name[p] = strdup(pa->name);
        if (!l->part_name[p]) {
            rt_layout_free(l);
            return NULL;
        }
        l->part_sms[p] = pa->sms;
        l->part_first_sm[p] = pa->first_sm;
        for (size_t i = 0; i < pa->n_tasks; i++)
            l->task_part[pa->tasks[i]] = p;
    }
    for (size_t i = 0; i < ts->n_tasks; i++)
        if (ts->tasks[i].n_runs == 0 && ts->tasks[i].n_steps > 0)
            l->task_part[i] = SIZE_MAX;     /* a CPU task: on no partition */
    rt_layout_prio_base(ts, true, l->task_prio);
    return l;
}
RT_ANALYZER_ON

static const rt_taskset *dm_ts; /* qsort has no context argument in C11 */

static int dm_cmp(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    int64_t di = dm_ts->tasks[i].deadline_ns, dj = dm_ts->tasks[j].deadline_ns;
    int c = sort_cmp_i64(di, dj);
    return c ? c : sort_cmp_size(i, j);
}

static void prio_dm(const rt_taskset *ts, int64_t *prio)
{
    /* Deadline-monotonic, ties by file order: sort indices by (deadline, index), rank 1..n.
     * Without memory for the index array fall back to counting predecessors (O(n^2)). */
    size_t n = ts->n_tasks;
    size_t *idx = malloc((n ? n : 1) * sizeof *idx);
    if (!idx) {
        for (size_t i = 0; i < n; i++) {
            int64_t rank = 1;
            for (size_t j = 0; j < n; j++) {
                int64_t dj = ts->tasks[j].deadline_ns, di = ts->tasks[i].deadline_ns;
                rank += dj < di || (dj == di && j < i);
            }
            prio[i] = rank;
        }
        return;
    }
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    dm_ts = ts;
    qsort(idx, n, sizeof *idx, dm_cmp);
    for (size_t r = 0; r < n; r++)
        prio[idx[r]] = (int64_t)r + 1;
    free(idx);
}

void rt_layout_prio_dm(rt_layout *l, const rt_taskset *ts)
{
    prio_dm(ts, l->task_prio);
}

void rt_layout_prio_base(const rt_taskset *ts, bool given, int64_t *prio)
{
    if (!given || !ts->n_tasks || !ts->tasks[0].has_priority) {
        prio_dm(ts, prio);
        return;
    }
    for (size_t i = 0; i < ts->n_tasks; i++)
        prio[i] = ts->tasks[i].priority;
}

/* gcc 12 -fanalyzer reports a false leak here: each name is stored in the layout and freed by
 * rt_layout_free. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
rt_layout *rt_layout_copy(const rt_layout *src)
{
    rt_layout *l = rt_layout_new(src->n_parts, src->n_tasks);
    if (!l)
        return NULL;
    for (size_t p = 0; p < src->n_parts; p++) {
        if (src->part_name[p] && !(l->part_name[p] = strdup(src->part_name[p]))) {
            rt_layout_free(l);
            return NULL;
        }
        l->part_sms[p] = src->part_sms[p];
        l->part_first_sm[p] = src->part_first_sm[p];
    }
    memcpy(l->task_part, src->task_part, src->n_tasks * sizeof *l->task_part);
    memcpy(l->task_prio, src->task_prio, src->n_tasks * sizeof *l->task_prio);
    return l;
}
RT_ANALYZER_ON
