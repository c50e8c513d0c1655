/* aggregate: a sweep's results counted for its charts (docs/explore.md, "Plots"): per value of
 * the first varied parameter (a row) and per combination of a run of the others (a column), the
 * valid points, the schedulable ones among them, and the schedulable fraction; the parameters
 * outside the run are summed over. */
#ifndef RT_XP_AGGREGATE_H
#define RT_XP_AGGREGATE_H

#include <stddef.h>
#include <stdint.h>

#include "explore/run.h"
#include "explore/spec.h"

/* Counts per cell, row-major (cell = row * n_cols + column). Filled by xp_aggregate_tally_count, whose
 * caller frees the arrays with xp_aggregate_tally_fini. */
typedef struct xp_tally {
    size_t n_rows, n_cols; /* rows: the values of dims[0]; columns: the combinations of the run */
    uint64_t *valid;       /* points with a result that is not an error */
    uint64_t *sched;       /* of those, the schedulable ones */
    double *fraction;      /* sched / valid; NaN where no point is valid */
} xp_tally;

/* The number of combinations of dims[from..to) (the product of their sizes; 1 if the run is
 * empty, SIZE_MAX if the product overflows). */
size_t xp_aggregate_combos(const xp_spec *s, size_t from, size_t to);
/* Count rec (s->n_points records; a point with no result or an error counts nowhere) into t:
 * the row is the point's value of dims[0], the column its combination of dims[from..to) (the
 * last dimension turning fastest), with 1 <= from <= to <= s->n_dims. 0, or -1 (out of memory,
 * or more cells than memory can index; t is then empty). */
int xp_aggregate_tally_count(const xp_spec *s, const xp_record *rec, size_t from, size_t to, xp_tally *t);
/* Free t's arrays and empty it. */
void xp_aggregate_tally_fini(xp_tally *t);

#endif
