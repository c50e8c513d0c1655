/* search_int: what the modules of the partition search share, private to src/search/. */
#ifndef RT_SEARCH_INT_H
#define RT_SEARCH_INT_H

#include <stdbool.h>
#include <time.h>

#include "analysis/options.h"
#include "search/ilp.h"
#include "search/result.h"

/* The search's one clock: monotonic seconds. Every deadline of the search is on it. */
static inline double search_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Whether deadline (on search_now; 0: none) has passed: every stage's clock test. */
static inline bool search_past(double deadline)
{
    return deadline > 0 && search_now() >= deadline;
}

/* Seconds left of o's time limit for a search started at t0 (search_now): 0 for "no limit",
 * negative when the limit has passed. */
static inline double search_time_left(const rt_options *o, double t0)
{
    if (!(o->time_limit_s > 0))
        return 0;
    double left = o->time_limit_s - (search_now() - t0);
    return left > 0 ? left : -1;
}

/* --max-iterations reached: no MIP solve may start (every MIP solve counts, the pattern MIP's
 * as the exact loop's); records in out that the limit was hit. */
static inline bool search_out_of_solves(const rt_options *o, assign_result *out)
{
    if (o->max_iterations <= 0 || out->iterations < o->max_iterations)
        return false;
    out->hit_iteration_limit = true;
    return true;
}

/* The one mapping of an ILP status (ilp.h) to the search's (assign.h). */
static inline int search_from_ilp(int rc)
{
    switch (rc) {
    case ILP_OK: return ASSIGN_OK;
    case ILP_ENOMEM: return ASSIGN_ENOMEM;
    case ILP_EIO: return ASSIGN_EIO;
    default: return ASSIGN_ESOLVER;
    }
}

#endif
