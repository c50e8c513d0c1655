/* aggregate: a sweep's results counted per row and column for its charts (aggregate.h). */
#include "explore/aggregate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t xp_aggregate_combos(const xp_spec *s, size_t from, size_t to)
{
    size_t n = 1;
    for (size_t i = from; i < to; i++)
        n = n > SIZE_MAX / s->dims[i].n ? SIZE_MAX : n * s->dims[i].n;
    return n;
}

/* The combination index of dims[from..to) at the value indices idx. */
static size_t combo_of(const xp_spec *s, size_t from, size_t to, const size_t *idx)
{
    size_t c = 0;
    for (size_t i = from; i < to; i++)
        c = c * s->dims[i].n + idx[i];
    return c;
}

int xp_aggregate_tally_count(const xp_spec *s, const xp_record *rec, size_t from, size_t to, xp_tally *t)
{
    memset(t, 0, sizeof *t);
    size_t nr = s->dims[0].n, nc = xp_aggregate_combos(s, from, to);
    if (nc == SIZE_MAX || nc > SIZE_MAX / nr / sizeof(double))
        return -1;
    size_t *idx = calloc(s->n_dims, sizeof *idx);
    t->valid = calloc(nr * nc, sizeof *t->valid);
    t->sched = calloc(nr * nc, sizeof *t->sched);
    t->fraction = malloc(nr * nc * sizeof *t->fraction);
    if (!idx || !t->valid || !t->sched || !t->fraction) {
        free(idx);
        xp_aggregate_tally_fini(t);
        return -1;
    }
    t->n_rows = nr;
    t->n_cols = nc;
    for (uint64_t p = 0; p < s->n_points; p++) {
        const xp_record *r = &rec[p];
        if (r->state == XP_REC_NONE || r->state == XP_REC_ERROR)
            continue;
        xp_spec_point_index(s, p, idx);
        size_t b = idx[0] * nc + combo_of(s, from, to, idx);
        t->valid[b]++;
        t->sched[b] += r->state == XP_REC_SCHED;
    }
    for (size_t b = 0; b < nr * nc; b++)
        t->fraction[b] = t->valid[b] > 0 ? (double)t->sched[b] / (double)t->valid[b] : NAN;
    free(idx);
    return 0;
}

void xp_aggregate_tally_fini(xp_tally *t)
{
    free(t->valid);
    free(t->sched);
    free(t->fraction);
    memset(t, 0, sizeof *t);
}
