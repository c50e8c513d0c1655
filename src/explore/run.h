/* run: a sweep from points to result lines: its shard, --resume, --jobs worker processes, the
 * output written a whole line at a time, and what a summary and a plot need. */
#ifndef RT_XP_RUN_H
#define RT_XP_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "explore/spec.h"
#include "util/diag.h"

/* One point's result as a plot reads it. */
typedef enum { XP_REC_NONE = 0, XP_REC_SCHED, XP_REC_MISS, XP_REC_ERROR } xp_rec_state;
typedef struct xp_record {
    unsigned char state;     /* xp_rec_state */
    bool has_slack;
    int64_t min_slack_ns;
} xp_record;

typedef struct xp_run_opts {
    const char *out_path;    /* NULL: standard output */
    bool csv;
    int jobs;                /* worker processes, >= 1 (1: this process) */
    uint64_t shard, shards;  /* this run does the points p with p mod shards = shard - 1 */
    bool resume;             /* keep the points already in out_path */
    bool keep_records;       /* fill xp_run_result.records (for a plot) */
    /* called after each line written (done counts this run's points) and at the start */
    void (*progress)(void *ctx, uint64_t done, uint64_t todo);
    void *progress_ctx;
} xp_run_opts;

typedef struct xp_run_result {
    uint64_t shard_points;   /* points of the shard */
    uint64_t resumed;        /* of them already in the output */
    uint64_t evaluated;      /* by this run */
    uint64_t schedulable, errors;   /* over the shard's points present at the end */
    double seconds;          /* wall time of the evaluation */
    xp_record *records;      /* owned: n_points entries, when keep_records (others NONE) */
} xp_run_result;

enum { XP_RUN_OK = 0, XP_RUN_EINPUT = -1, XP_RUN_EIO = -2, XP_RUN_ENOMEM = -3, XP_RUN_EWORKER = -4 };

/* Run the sweep. Errors are recorded in d (located for the output file read by --resume).
 * XP_RUN_EINPUT: refused before any point (an existing output without --resume, an output of
 * another spec); XP_RUN_EIO: reading or writing the output failed; XP_RUN_EWORKER: a worker
 * process ended early. Lines written before a failure stay whole, so --resume continues. */
int xp_run(const xp_spec *s, const xp_run_opts *o, xp_run_result *res, rt_diags *d);
/* Free what xp_run put in r. */
void xp_run_result_fini(xp_run_result *r);

/* Read result files (JSON lines or CSV of this spec) into records (n_points entries, caller
 * frees): for a plot of merged results. 0, or -1 with located errors in d. */
int xp_run_read_records(const xp_spec *s, const char *const *paths, size_t n, xp_record **out,
                    rt_diags *d);

#endif
