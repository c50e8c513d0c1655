/* chainobs_ref: the observed maximum reaction time and data age of a chain, computed straight
 * from their definitions over whole job records (src/sim/chainobs.h): each hop a binary search
 * on a task's nondecreasing reads or writes. This was src/sim/chainobs.c before the observer
 * became a stream; tests/test_chainobs.c holds the stream to it on random records. */
#ifndef RT_TEST_CHAINOBS_REF_H
#define RT_TEST_CHAINOBS_REF_H

#include <stdlib.h>
#include <string.h>

#include "sim/chainobs.h"

#define REF_NONE ((size_t)-1)


/* The first job of t that reads at or after at, or REF_NONE. */
static inline size_t ref_first_read_from(const chainobs_task *t, int64_t at)
{
    size_t lo = 0, hi = t->n_jobs;   /* the answer is in [lo, hi]; hi: none */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->jobs[mid].read_ns >= at)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo < t->n_jobs ? lo : REF_NONE;
}

/* The last job of t that writes at or before at, or REF_NONE. */
static inline size_t ref_last_write_until(const chainobs_task *t, int64_t at)
{
    size_t lo = 0, hi = t->n_jobs;   /* the count of jobs writing at or before at */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->jobs[mid].write_ns <= at)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 ? lo - 1 : REF_NONE;
}

static inline bool ref_task_ok(const chainobs_task *t)
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
static inline void ref_consider(chainobs_max *m, const size_t *cur, size_t n, int64_t from, int64_t to)
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
static inline void ref_forward(const chainobs_task *tasks, const size_t *chain, size_t n, size_t *cur,
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
            size_t j = ref_first_read_from(t, at);
            if (j == REF_NONE)
                return;   /* not recorded: this chain and every later one leave the window */
            cur[i] = j;
            at = t->jobs[j].write_ns;
        }
        ref_consider(m, cur, n, first->jobs[k - 1].read_ns, at);
    }
}

/* Immediate backward job chains (chainobs.h). */
static inline void ref_backward(const chainobs_task *tasks, const size_t *chain, size_t n, size_t *cur,
                     chainobs_max *m)
{
    const chainobs_task *last = &tasks[chain[n - 1]];
    for (size_t k = 1; k < last->n_jobs; k++) {
        cur[n - 1] = k - 1;
        int64_t at = last->jobs[k - 1].read_ns;
        bool counted = true;
        for (size_t i = n - 1; i > 0 && counted; i--) {
            const chainobs_task *t = &tasks[chain[i - 1]];
            size_t j = ref_last_write_until(t, at);
            /* none: the start-up; the last recorded one: a later job may write first */
            counted = j != REF_NONE && (j + 1 < t->n_jobs || at < t->unrecorded_from_ns);
            if (counted) {
                cur[i - 1] = j;
                at = t->jobs[j].read_ns;
            }
        }
        if (counted)
            ref_consider(m, cur, n, at, last->jobs[k].write_ns);
    }
}

/* The maxima by the definitions; out as chainobs_compute's, without the witness instants (at
 * stays NULL). 0, or -1 on invalid records or out of memory. */
static inline int ref_chainobs_compute(const chainobs_task *tasks, size_t n_tasks,
                                       const size_t *chain, size_t n, chainobs_result *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < n; i++)
        if (chain[i] >= n_tasks)
            return -1;
    for (size_t i = 0; i < n_tasks; i++)
        if (!ref_task_ok(&tasks[i]))
            return -1;
    size_t *cur = malloc(n * sizeof *cur);
    out->mrt.jobs = calloc(n, sizeof *out->mrt.jobs);
    out->mda.jobs = calloc(n, sizeof *out->mda.jobs);
    if (!cur || !out->mrt.jobs || !out->mda.jobs) {
        free(cur);
        chainobs_result_fini(out);
        return -1;
    }
    ref_forward(tasks, chain, n, cur, &out->mrt);
    ref_backward(tasks, chain, n, cur, &out->mda);
    free(cur);
    return 0;
}

#endif
