/* workers: the points of a sweep's shard evaluated by --jobs N forked worker processes, their
 * outcomes handed back in point order (explore/run.c writes them). */
#ifndef RT_XP_WORKERS_H
#define RT_XP_WORKERS_H

#include <stdbool.h>
#include <stdint.h>

#include "explore/eval.h"
#include "explore/run.h"
#include "explore/spec.h"
#include "util/diag.h"

/* Where the outcomes go: emit is called in this process only, done in the workers too. */
typedef struct workers_sink {
    bool (*done)(void *ctx, uint64_t p);   /* point p is in the output already: skipped */
    /* write the line of point p: XP_RUN_OK, or an XP_RUN_* error that stops the run */
    int (*emit)(void *ctx, uint64_t p, const xp_outcome *out);
    void *ctx;
} workers_sink;

/* Evaluate the points of shard o->shard of o->shards not done, in o->jobs worker processes
 * (worker k takes the k-th, the (k+jobs)-th, ... point left), and emit each in point order.
 * XP_RUN_OK, XP_RUN_ENOMEM, XP_RUN_EWORKER (a worker could not start or ended early, said in
 * d) or the error emit returned (then the workers are stopped). */
int workers_run(const xp_spec *s, const xp_run_opts *o, const workers_sink *sink, rt_diags *d);

#endif
