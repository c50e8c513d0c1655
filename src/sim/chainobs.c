/* chainobs: observed maximum reaction time and data age of a cause-effect chain (chainobs.h).
 *
 * Each hop is a binary search on a task's nondecreasing reads (the first job reading at or after
 * an instant) or writes (the last job writing at or before an instant), so a chain of n tasks
 * over J jobs of its first (or last) task costs O(J n log J'). Lengths are differences of
 * instants >= 0: no overflow. */
#include "sim/chainobs.h"

#include <stdlib.h>
#include <string.h>

#include "util/ckint.h"

#define NONE ((size_t)-1)

/* The first job of t that reads at or after at, or NONE. */
static size_t first_read_from(const chainobs_task *t, int64_t at)
{
    size_t lo = 0, hi = t->n_jobs;   /* the answer is in [lo, hi]; hi: none */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->jobs[mid].read_ns >= at)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo < t->n_jobs ? lo : NONE;
}

/* The last job of t that writes at or before at, or NONE. */
static size_t last_write_until(const chainobs_task *t, int64_t at)
{
    size_t lo = 0, hi = t->n_jobs;   /* the count of jobs writing at or before at */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->jobs[mid].write_ns <= at)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 ? lo - 1 : NONE;
}

static bool task_ok(const chainobs_task *t)
{
    if (t->n_jobs && !t->jobs)
        return false;
    for (size_t k = 0; k < t->n_jobs; k++) {
        const chainobs_job *j = &t->jobs[k];
        if (j->read_ns < 0 || j->read_ns > j->write_ns)
            return false;
        if (k > 0 && (j->read_ns < t->jobs[k - 1].read_ns || j->write_ns < t->jobs[k - 1].write_ns))
            return false;
    }
    return true;
}

/* Keep the chain in cur (length to - from) when it is the first or a strictly longer one. */
static void consider(chainobs_max *m, const size_t *cur, size_t n, int64_t from, int64_t to)
{
    m->chains++;
    if (m->found && to - from <= m->length_ns)
        return;
    m->found = true;
    m->length_ns = to - from;
    m->from_ns = from;
    m->to_ns = to;
    memcpy(m->jobs, cur, n * sizeof *cur);
}

/* Immediate forward job chains (chainobs.h), every counted one given to consider. */
static void forward(const chainobs_task *tasks, const size_t *chain, size_t n, size_t *cur,
                    chainobs_max *m)
{
    int64_t settled = 0;   /* every task of the chain has read once by then */
    for (size_t i = 0; i < n; i++) {
        const chainobs_task *t = &tasks[chain[i]];
        if (t->n_jobs == 0)
            return;
        if (t->jobs[0].read_ns > settled)
            settled = t->jobs[0].read_ns;
    }
    const chainobs_task *first = &tasks[chain[0]];
    for (size_t k = 1; k < first->n_jobs; k++) {
        if (first->jobs[k].read_ns < settled)
            continue;   /* the start-up */
        cur[0] = k;
        int64_t at = first->jobs[k].write_ns;
        for (size_t i = 1; i < n; i++) {
            const chainobs_task *t = &tasks[chain[i]];
            size_t j = first_read_from(t, at);
            if (j == NONE)
                return;   /* not recorded: this chain and every later one leave the window */
            cur[i] = j;
            at = t->jobs[j].write_ns;
        }
        consider(m, cur, n, first->jobs[k - 1].read_ns, at);
    }
}

/* Immediate backward job chains (chainobs.h). */
static void backward(const chainobs_task *tasks, const size_t *chain, size_t n, size_t *cur,
                     chainobs_max *m)
{
    const chainobs_task *last = &tasks[chain[n - 1]];
    for (size_t k = 1; k < last->n_jobs; k++) {
        cur[n - 1] = k - 1;
        int64_t at = last->jobs[k - 1].read_ns;
        bool counted = true;
        for (size_t i = n - 1; i > 0 && counted; i--) {
            const chainobs_task *t = &tasks[chain[i - 1]];
            size_t j = last_write_until(t, at);
            /* none: the start-up; the last recorded one: a later job may write first */
            counted = j != NONE && (j + 1 < t->n_jobs || at < t->unrecorded_from_ns);
            if (counted) {
                cur[i - 1] = j;
                at = t->jobs[j].read_ns;
            }
        }
        if (counted)
            consider(m, cur, n, at, last->jobs[k].write_ns);
    }
}

int chainobs_compute(const chainobs_task *tasks, size_t n_tasks, const size_t *chain, size_t n,
                     chainobs_result *out)
{
    memset(out, 0, sizeof *out);
    if (n == 0 || !tasks || !chain)
        return CHAINOBS_EINVAL;
    for (size_t i = 0; i < n; i++)
        if (chain[i] >= n_tasks)
            return CHAINOBS_EINVAL;
    for (size_t i = 0; i < n_tasks; i++)
        if (!task_ok(&tasks[i]))
            return CHAINOBS_EINVAL;
    size_t *cur = malloc(n * sizeof *cur);
    out->mrt.jobs = calloc(n, sizeof *out->mrt.jobs);
    out->mda.jobs = calloc(n, sizeof *out->mda.jobs);
    if (!cur || !out->mrt.jobs || !out->mda.jobs) {
        free(cur);
        chainobs_result_fini(out);
        return CHAINOBS_ENOMEM;
    }
    forward(tasks, chain, n, cur, &out->mrt);
    backward(tasks, chain, n, cur, &out->mda);
    free(cur);
    return CHAINOBS_OK;
}

void chainobs_result_fini(chainobs_result *r)
{
    if (!r)
        return;
    free(r->mrt.jobs);
    free(r->mda.jobs);
    memset(r, 0, sizeof *r);
}

int chainobs_let_jobs(int64_t phase, int64_t period, int64_t deadline, size_t n,
                      chainobs_job *out, int64_t *unrecorded_from)
{
    if (phase < 0 || period <= 0 || deadline < 0 || (n && !out) || (uint64_t)n > (uint64_t)INT64_MAX)
        return CHAINOBS_EINVAL;
    int64_t at;
    for (size_t k = 0; k < n; k++) {
        if (ck_mul((int64_t)k, period, &at) || ck_add(at, phase, &at) ||
            ck_add(at, deadline, &out[k].write_ns))
            return CHAINOBS_ERANGE;
        out[k].read_ns = at;
    }
    if (ck_mul((int64_t)n, period, &at) || ck_add(at, phase, &at))
        return CHAINOBS_ERANGE;
    *unrecorded_from = at;
    return CHAINOBS_OK;
}
