/* assign_mip_int: the record of the partition search's MIP and its column helpers, private to
 * assign_mip.c (the model) and assign_cuts.c (its cuts). */
#ifndef RT_ASSIGN_MIP_INT_H
#define RT_ASSIGN_MIP_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/assign_mip.h"
#include "search/bounds.h"
#include "search/ilp.h"
#include "search/search_int.h"

struct amip {
    const rt_taskset *ts;
    const rt_options *o;
    rt_diags *d;
    size_t T, S;            /* tasks, partition sizes */
    int64_t g;              /* granularity: size index s means (s+1)*g SMs */
    int64_t N;
    lbt *b;                 /* isolated WCETs, priorities and the group test (borrowed) */
    int *col;               /* [(i*T+j)*S+s], j <= i: column index, 0 if none */
    char **tag;             /* per task: its part of LP names */
    ilp *lp;
    size_t n_nogood, n_iso, n_intf; /* cuts added so far (name counters) */
    int total_row;
    int64_t floor_units, cap_units; /* bounds of sms_total, in units of g */
    int *rcols;             /* row scratch */
    double *rcoef;
    size_t rcap;
    size_t *grp, *sub, *tmp;
    int64_t *wtask;         /* per task: the WCET a group test uses */
    size_t *wit;            /* witness tasks of an interference cut */
    unsigned char *mark;    /* per task */
    size_t *seen, *seen_len; /* minimal subsets found in one round: T x T, T */
};

/* Units of size index s in SMs. */
static inline int64_t size_sms(const amip *a, size_t s)
{
    return (int64_t)(s + 1) * a->g;
}

/* Column of task i in the partition of representative j <= i on size s, 0 if none. */
static inline int col_of(const amip *a, size_t i, size_t j, size_t s)
{
    return a->col[(i * a->T + j) * a->S + s];
}

/* Column of "task i in the partition of representative r on size s" (y if i == r), 0 if none. */
static inline int member_col(const amip *a, size_t i, size_t r, size_t s)
{
    return i >= r ? col_of(a, i, r, s) : 0;
}

/* Does group G (k tasks) pass on size s with isolated WCETs (bounds.h: a member that fails
 * alone fails it; undecided counts as passing)? 1, 0, -1 out of memory. */
static inline int iso_pass(amip *a, const size_t *G, size_t k, size_t s)
{
    return bounds_group_pass(a->b, G, k, s, NULL);
}

/* Add a row over a->rcols, a->rcoef (n entries). */
static inline int add_row(amip *a, const char *name, size_t n, ilp_sense sense, double rhs)
{
    return search_from_ilp(ilp_add_row(a->lp, name, n, a->rcols, a->rcoef, sense, rhs));
}

#endif
