/* workers: --jobs N, a shard's points evaluated by N forked processes, handed back in order. */
#ifndef RT_XP_WORKERS_H
#define RT_XP_WORKERS_H

#include <stdbool.h>
#include <stdint.h>

#include "explore/engine.h"
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

/* Evaluate o's shard's points not done in o->jobs workers and emit each in point order: XP_RUN_OK,
 * _ENOMEM, _EWORKER (a worker failed, said in d) or emit's error (the workers then stopped). */
int workers_run(const xp_spec *s, const xp_run_opts *o, const workers_sink *sink, rt_diags *d);

#endif
