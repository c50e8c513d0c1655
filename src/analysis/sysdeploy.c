/* sysdeploy: SCHED_FIFO levels with the launch lines of a whole system, and its MAST priorities
 * (docs/system.md sec. 6). Both rank priority numbers the same way: the distinct numbers sorted,
 * the smallest (the highest priority) given the top level, each next one the level below, so the
 * order of the steps on every resource, equal numbers included, is exactly the analysed one. */
#include "analysis/sysdeploy.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/sort.h"

static int cmp_i64(const void *a, const void *b)
{
    return sort_cmp_i64(*(const int64_t *)a, *(const int64_t *)b);
}

/* Sort v[0..n-1] and drop repeats; the number of distinct values. */
static size_t distinct(int64_t *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, cmp_i64);
    size_t k = 1;
    for (size_t i = 1; i < n; i++)
        if (v[i] != v[k - 1])
            v[k++] = v[i];
    return k;
}

/* The index of x in the sorted distinct v[0..n-1] (x is there). */
static size_t rank_of(const int64_t *v, size_t n, int64_t x)
{
    size_t lo = 0, hi = n;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] <= x)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static bool on_core(const hol_system *s, size_t step)
{
    return s->resources[s->steps[step].resource].kind == HOL_CPU_CORE;
}

void rt_sysdeploy_launch_plan_fini(rt_launch_plan *p)
{
    free(p->lines);
    free(p->steps);
    memset(p, 0, sizeof *p);
}

int rt_sysdeploy_launch_plan(const hol_system *s, rt_launch_plan *out)
{
    memset(out, 0, sizeof *out);
    size_t n_cpu = 0;
    for (size_t k = 0; k < s->n_steps; k++)
        n_cpu += on_core(s, k);
    int64_t *lv = malloc((n_cpu ? n_cpu : 1) * sizeof *lv);
    out->lines = calloc(n_cpu ? n_cpu : 1, sizeof *out->lines);
    out->steps = calloc(n_cpu ? n_cpu : 1, sizeof *out->steps);
    if (!lv || !out->lines || !out->steps) {
        free(lv);
        rt_sysdeploy_launch_plan_fini(out);
        return SYSDEPLOY_ENOMEM;
    }
    size_t m = 0;
    for (size_t k = 0; k < s->n_steps; k++)
        if (on_core(s, k))
            lv[m++] = s->steps[k].priority;
    size_t n_levels = distinct(lv, m);
    if (n_levels > RT_FIFO_TOP) {
        free(lv);
        rt_sysdeploy_launch_plan_fini(out);
        out->n_levels = n_levels;
        return SYSDEPLOY_ELEVELS;
    }
    out->n_levels = n_levels;
    /* Per task: a line per (core, priority) in the order of its first step; each CPU step joins
     * the line of its pair. The steps are laid out line by line: a task's lines are filled in one
     * pass over its steps per line (tasks have few steps). */
    for (size_t i = 0; i < s->n_tasks; i++) {
        const hol_task *t = &s->tasks[i];
        size_t first_line = out->n_lines;
        for (size_t k = 0; k < t->n_steps; k++) {
            const hol_step *h = &s->steps[t->first_step + k];
            if (!on_core(s, t->first_step + k))
                continue;
            bool seen = false;
            for (size_t l = first_line; l < out->n_lines && !seen; l++)
                seen = out->lines[l].core == h->resource && out->lines[l].priority == h->priority;
            if (seen)
                continue;
            rt_launch_line *ln = &out->lines[out->n_lines++];
            *ln = (rt_launch_line){ .task = i, .core = h->resource, .priority = h->priority,
                                    .fifo = RT_FIFO_TOP - (int)rank_of(lv, n_levels, h->priority),
                                    .first = 0, .n = 0 };
        }
        size_t at = first_line == 0 ? 0
                  : out->lines[first_line - 1].first + out->lines[first_line - 1].n;
        for (size_t l = first_line; l < out->n_lines; l++) {
            rt_launch_line *ln = &out->lines[l];
            ln->first = at;
            for (size_t k = 0; k < t->n_steps; k++) {
                const hol_step *h = &s->steps[t->first_step + k];
                if (on_core(s, t->first_step + k) && h->resource == ln->core &&
                    h->priority == ln->priority)
                    out->steps[at++] = k;
            }
            ln->n = at - ln->first;
        }
    }
    free(lv);
    return SYSDEPLOY_OK;
}

int rt_sysdeploy_mast_priorities(const hol_system *s, int *prio, size_t *n_levels)
{
    *n_levels = 0;
    int64_t *lv = malloc((s->n_steps ? s->n_steps : 1) * sizeof *lv);
    if (!lv)
        return SYSDEPLOY_ENOMEM;
    size_t m = 0;
    for (size_t k = 0; k < s->n_steps; k++)
        if (!s->resources[s->steps[k].resource].fifo)
            lv[m++] = s->steps[k].priority;
    size_t n = distinct(lv, m);
    if (n > RT_MAST_TOP) {
        free(lv);
        *n_levels = n;
        return SYSDEPLOY_ELEVELS;
    }
    for (size_t k = 0; k < s->n_steps; k++)
        prio[k] = s->resources[s->steps[k].resource].fifo
                      ? 1 : (int)(n - rank_of(lv, n, s->steps[k].priority));
    free(lv);
    *n_levels = n;
    return SYSDEPLOY_OK;
}

bool rt_sysdeploy_mast_inexact(const hol_system *s, size_t *task, const char **what, int64_t *ns)
{
    for (size_t i = 0; i < s->n_tasks; i++) {
        const hol_task *t = &s->tasks[i];
        const int64_t v[] = { t->period_ns, t->jitter_ns, t->deadline_ns };
        static const char *const name[] = { "period", "jitter", "deadline" };
        for (size_t k = 0; k < 3; k++)
            if (v[k] > RT_MAST_EXACT_NS) {
                *task = i, *what = name[k], *ns = v[k];
                return true;
            }
        for (size_t k = t->first_step; k < t->first_step + t->n_steps; k++)
            if (s->steps[k].wcet_ns > RT_MAST_EXACT_NS || s->steps[k].bcet_ns > RT_MAST_EXACT_NS) {
                bool w = s->steps[k].wcet_ns > RT_MAST_EXACT_NS;
                *task = i, *what = w ? "a step's WCET" : "a step's BCET";
                *ns = w ? s->steps[k].wcet_ns : s->steps[k].bcet_ns;
                return true;
            }
    }
    return false;
}
