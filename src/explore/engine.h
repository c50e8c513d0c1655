/* engine: one point of a sweep, analysed in process: the inputs were parsed once (xp_spec), the
 * engine keeps a working copy of the task set and one model per GPU and kernel-scale choice. */
#ifndef RT_XP_ENGINE_H
#define RT_XP_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/chain.h"
#include "explore/spec.h"

typedef struct xp_engine xp_engine;   /* opaque */

/* What one point gave, as a result line shows it (docs/explore.md, "Results"). */
typedef struct xp_outcome {
    bool valid;              /* false: the point's inputs are invalid; error says why */
    char error[400];
    bool schedulable;
    int exit_status;         /* rtgpu-analyze's for this point: 0, 1, 2 (invalid) or 3 */
    const char *status;      /* "given", "optimal", "feasible", "infeasible", "unknown"; NULL if invalid */
    bool has_sms;
    int64_t sms_used;        /* SMs of the analysed layout */
    bool has_slack;
    int64_t min_slack_ns;    /* min over tasks of D_i - R_i (every R_i bounded) */
    size_t misses;           /* tasks with R_i > D_i or unbounded */
    bool has_seed;
    uint64_t seed;           /* <generate>: the seed of the point's task set */
    bool has_scaling;        /* spec->sensitivity and the layout analysed and some a >= 0 passes */
    int64_t scaling_k;       /* critical scaling factor = scaling_k / SENS_UNIT (sensitivity.h) */
    /* the base task set's chains (docs/chains.md) on the analysed layout: its n_chains results
     * in file order, borrowed from the engine until its next evaluation; NULL when the set has
     * no chain or the point analysed no layout. A failed chain makes the point unschedulable. */
    const chain_result *chains;
} xp_outcome;

enum { XP_OK = 0, XP_ENOMEM = -1 };

/* New engine for spec s (borrowed; must outlive the engine). NULL when out of memory. */
xp_engine *xp_engine_new(const xp_spec *s);
/* Free an engine; NULL is a no-op. */
void xp_engine_free(xp_engine *e);
/* Analyse point p (< s->n_points) into out. XP_OK (out filled, also for an invalid point) or
 * XP_ENOMEM. */
int xp_engine_eval(xp_engine *e, uint64_t p, xp_outcome *out);

/* The task set and GPU of point p as the engine analyses them (periods scaled, kernels
 * scaled, partitions sized), borrowed until the next call; for the sweep fuzz harness
 * (fuzz/sweep.c), which prepares points without analysing them. XP_OK, XP_ENOMEM, or 1 with err
 * set if the point's task set cannot be made. */
int xp_engine_point_inputs(xp_engine *e, uint64_t p, const rt_taskset **ts, const rt_gpu **gpu,
                           char *err, size_t err_size);

#endif
