/* search_int: what the modules of the partition search share, private to src/search/. */
#ifndef RT_SEARCH_INT_H
#define RT_SEARCH_INT_H

#include <time.h>

#include "search/ilp.h"
#include "search/result.h"

/* The search's one clock: monotonic seconds. Every deadline of the search is on it. */
static inline double search_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
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
