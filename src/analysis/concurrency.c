/* concurrency: apply occupancy, leftover, efficiency and mapping to one layout.
 *
 * Scopes (docs/concurrency.md sec. 3, C8): each partition of the layout with the kernels its tasks
 * launch, or, without a layout, the whole GPU with every kernel a task launches. Per scope:
 *   leftover: every ordered pair (k1, k2) of distinct kernels with a <launch>, nSM = the scope's
 *             SMs, ExecTime_k1 = C(k1, nSM) * 1000 / clock-mhz compared with launch-overhead;
 *   mapping:  every kernel with a <launch>, confined to the scope's SMs.
 * Speed-up and efficiency are computed for every kernel and every allowed size (docs/concurrency.md
 * sec. 4). */
#include "analysis/concurrency.h"

#include <stdlib.h>

#include "analysis/wcet.h"
#include "models/efficiency.h"

/* One scope: a partition or the whole GPU, and which kernels it launches. */
typedef struct scope {
    const char *name;
    int64_t first_sm, sms;
    bool *uses;                 /* per kernel */
} scope;

/* Kernels of the scope with a valid occupancy. */
static size_t scope_kernels(const rt_concurrency *c, const scope *sc)
{
    size_t u = 0;
    for (size_t k = 0; k < c->n_kernels; k++)
        u += sc->uses[k] && c->has_occ[k];
    return u;
}

/* Ordered pairs of u kernels, or SIZE_MAX above the cap. */
static size_t pair_count(size_t u)
{
    return u > 0 && u - 1 > CONC_MAX_PAIRS / u ? SIZE_MAX : u * (u ? u - 1 : 0);
}

static bool add_skip(rt_concurrency *c, const char *model_name, long kernel, const char *reason,
                     size_t cap)
{
    if (c->n_skips >= cap)
        return false;
    c->skips[c->n_skips++] = (conc_skip){ model_name, kernel, reason };
    return true;
}

static void note_skips(rt_concurrency *c, const rt_taskset *ts)
{
    static const char *const models[] = {"occupancy", "leftover", "mapping"};
    size_t cap = 3 * (ts->n_kernels + 1);
    for (size_t i = 0; i < 3; i++) {
        if (!c->has_sm) {
            add_skip(c, models[i], -1, "the GPU file has no <sm> element (SM limits)", cap);
            continue;
        }
        for (size_t k = 0; k < ts->n_kernels; k++)
            if (!ts->kernels[k].has_launch)
                add_skip(c, models[i], (long)k, "the kernel has no <launch> element", cap);
    }
}

/* A(L) of every kernel with a <launch> (the inputs passed occupancy_check_launches, so every one is
 * valid; one that is not is left out rather than shown wrong). */
static void occupancy_all(rt_concurrency *c, const rt_gpu *g, const rt_taskset *ts)
{
    for (size_t k = 0; k < ts->n_kernels; k++)
        if (c->has_sm && ts->kernels[k].has_launch)
            c->has_occ[k] = occupancy_isolated(&g->sm, &ts->kernels[k].launch, &c->occ[k]) == OCC_OK;
}

/* Ordered pairs and mappings the scopes need, counted before allocating them. */
static void count_work(const rt_concurrency *c, const scope *sc, size_t n_scopes, size_t *pairs,
                       size_t *maps)
{
    *pairs = *maps = 0;
    for (size_t p = 0; p < n_scopes; p++) {
        size_t u = scope_kernels(c, &sc[p]), n = pair_count(u);
        *pairs += n <= CONC_MAX_PAIRS ? n : 0;
        *maps += u;
    }
}

static void scaling_all(rt_concurrency *c, const model *m)
{
    c->anchor = efficiency_anchor(m->gpu);
    for (size_t k = 0; k < c->n_kernels; k++)
        for (size_t s = 0; s < c->n_sizes; s++) {
            int64_t n = m->kernels[k].table[s].sms;
            c->speedup[k * c->n_sizes + s] = efficiency_kernel_speedup(m, k, n);
        }
}

static void pairs_of(rt_concurrency *c, const model *m, const scope *sc, conc_note *note)
{
    const rt_gpu *g = m->gpu;
    *note = (conc_note){ .partition = sc->name, .sms = sc->sms };
    note->n_kernels = scope_kernels(c, sc);
    if (pair_count(note->n_kernels) > CONC_MAX_PAIRS) {
        note->over_cap = true;
        return;
    }
    for (size_t a = 0; a < c->n_kernels; a++) {
        if (!sc->uses[a] || !c->has_occ[a])
            continue;
        double cycles = model_at(m, a, sc->sms)->cycles;
        int64_t exec_ns = 0;
        bool exec_ok = wcet_ceil_ns(cycles * 1000.0 / g->clock_mhz, &exec_ns);
        for (size_t b = 0; b < c->n_kernels; b++) {
            if (b == a || !sc->uses[b] || !c->has_occ[b])
                continue;
            conc_pair *p = &c->pairs[c->n_pairs++];
            *p = (conc_pair){ .first = a, .second = b, .partition = sc->name, .sms = sc->sms,
                              .exec_time_cycles = cycles, .exec_time_ns = exec_ns,
                              .launch_overhead_ns = g->launch_overhead_ns };
            /* Alg. 1 line 2, strict: for a whole-ns overhead, x > LO <=> ceil(x) > LO */
            bool past = exec_ns > g->launch_overhead_ns;
            p->range_error = !exec_ok || leftover_pair(&g->sm, &c->occ[a], &c->occ[b], sc->sms, past,
                                                 c->distribution, &p->r) != 0;
            note->n_pairs++;
            if (!p->range_error && p->r.kase != LO_CASE_C)
                note->n_overlap++;
        }
    }
}

static int maps_of(rt_concurrency *c, const model *m, const scope *sc)
{
    int64_t n_gpu = m->gpu->sms;
    for (size_t k = 0; k < c->n_kernels; k++) {
        if (!sc->uses[k] || !c->has_occ[k])
            continue;
        conc_mapping *mp = &c->maps[c->n_maps++];
        *mp = (conc_mapping){ .kernel = k, .partition = sc->name, .first_sm = sc->first_sm,
                              .sms = sc->sms };
        if (mapping_launch(&c->occ[k], n_gpu, sc->sms, &mp->m) != 0) {
            mp->range_error = true;
            continue;
        }
        if (!(mp->per_sm = calloc((size_t)n_gpu, sizeof *mp->per_sm)))
            return -1;
        for (int64_t s = sc->first_sm; s < sc->first_sm + sc->sms && s < n_gpu; s++)
            mp->per_sm[s] = mp->m.blocks_per_sm;
    }
    return 0;
}

/* The scopes of the layout (or the whole GPU); NULL on OOM. uses is one n_kernels array each. */
static scope *scopes_new(const model *m, const rt_taskset *ts, const rt_layout *l, size_t *n)
{
    *n = l ? l->n_parts : 1;
    scope *sc = calloc(*n ? *n : 1, sizeof *sc);
    bool *uses = calloc((*n ? *n : 1) * (ts->n_kernels ? ts->n_kernels : 1), sizeof *uses);
    if (!sc || !uses) {
        free(sc);
        free(uses);
        return NULL;
    }
    sc[0].uses = uses;   /* the owner (scopes_free frees sc[0].uses), even with no partition */
    for (size_t p = 0; p < *n; p++) {
        sc[p].uses = uses + p * ts->n_kernels;
        sc[p].name = l ? l->part_name[p] : NULL;
        sc[p].first_sm = l ? l->part_first_sm[p] : 0;
        sc[p].sms = l ? l->part_sms[p] : m->gpu->sms;
    }
    for (size_t t = 0; t < ts->n_tasks; t++) {
        size_t p = l ? l->task_part[t] : 0;
        for (size_t j = 0; j < ts->tasks[t].n_runs; j++)
            /* p < *n: a layout's tasks are on its partitions (clang-tidy tries a p outside)
             * NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
            sc[p].uses[ts->tasks[t].runs[j]] = true;
    }
    return sc;
}

static void scopes_free(scope *sc)
{
    if (sc)
        free(sc[0].uses);
    free(sc);
}

rt_concurrency *concurrency_new(const model *m, const rt_taskset *ts, const rt_layout *l,
                         lo_distribution dist)
{
    size_t nk = ts->n_kernels, n_scopes = 0;
    rt_concurrency *c = calloc(1, sizeof *c);
    scope *sc = NULL;
    if (!c)
        return NULL;
    c->distribution = dist;
    c->has_sm = m->gpu->has_sm_limits;
    c->plain_arithmetic = c->has_sm && rt_gpu_sm_plain_arithmetic(m->gpu);
    c->n_kernels = nk;
    c->n_sizes = m->n_sizes;
    if (!(sc = scopes_new(m, ts, l, &n_scopes)))
        goto fail;
    size_t nk1 = nk ? nk : 1, cells = nk1 * (m->n_sizes ? m->n_sizes : 1);
    c->has_occ = calloc(nk1, sizeof *c->has_occ);
    c->occ = calloc(nk1, sizeof *c->occ);
    c->speedup = calloc(cells, sizeof *c->speedup);
    c->notes = calloc(n_scopes ? n_scopes : 1, sizeof *c->notes);
    c->skips = calloc(3 * (nk + 1), sizeof *c->skips);
    if (!c->has_occ || !c->occ || !c->speedup || !c->notes || !c->skips)
        goto fail;
    note_skips(c, ts);
    scaling_all(c, m);
    occupancy_all(c, m->gpu, ts);
    size_t n_pairs, n_maps;
    count_work(c, sc, n_scopes, &n_pairs, &n_maps);
    c->pairs = calloc(n_pairs ? n_pairs : 1, sizeof *c->pairs);
    c->maps = calloc(n_maps ? n_maps : 1, sizeof *c->maps);
    if (!c->pairs || !c->maps)
        goto fail;
    for (size_t p = 0; p < n_scopes; p++) {
        pairs_of(c, m, &sc[p], &c->notes[c->n_notes++]);
        if (maps_of(c, m, &sc[p]) != 0)
            goto fail;
    }
    scopes_free(sc);
    return c;
fail:
    scopes_free(sc);
    concurrency_free(c);
    return NULL;
}

void concurrency_free(rt_concurrency *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n_maps; i++)
        free(c->maps[i].per_sm);
    free(c->skips);
    free(c->maps);
    free(c->notes);
    free(c->pairs);
    free(c->speedup);
    free(c->occ);
    free(c->has_occ);
    free(c);
}

double concurrency_efficiency(const rt_concurrency *c, size_t k, size_t s, int64_t n)
{
    return efficiency_of(c->speedup[k * c->n_sizes + s], n);
}
