/* placement_sim: the timed block simulation of docs/concurrency.md sec. 8.
 *
 *   t = 0; Q = empty
 *   loop:
 *     1. retire every block whose end = t (its resources are released)
 *     2. append to Q every submission with at = t, in file order
 *     3. while Q is not empty:                          (placement_drain, models/placement.c)
 *            k = head(Q)
 *            if k has no unplaced block: remove k from Q; continue
 *            s = MostRoom(k); if s = none: break
 *            place k's next block on s with start = t, end = t + block-time(k)
 *     4. t = min(earliest end of a resident block, next submission time); stop if neither exists
 *
 * Kernel start = start of its first block; finish = end of its last block. A kernel without
 * block-time holds its blocks forever. All times are whole ns; t + block-time is checked
 * (util/ckint.h). The submissions are sorted once by (at, file order), so Q is always a prefix
 * range [head, arrived) of that order. Blocks with an end wait in a binary min-heap on end; a
 * block placed on s marks every other kernel resident on s as co-located with its kernel (at one
 * instant, blocks end before new ones are placed, so a block ending at t never meets one
 * starting at t). Each block also takes the lowest free slot of its SM (a per-SM occupancy
 * array grown on demand), which the chart uses to draw blocks resident together apart. */
#include "sim/placement_sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/occupancy.h"
#include "models/placement.h"
#include "util/analyzer.h"
#include "util/ckint.h"
#include "util/grow.h"
#include "util/sort.h"

typedef struct psim_run_state {
    psim_result *r;
    place_state *p;
    const rt_gpu *gpu;
    int64_t now;
    size_t *heap;              /* indices into r->blocks with end_ns >= 0, min end on top */
    size_t n_heap;
    unsigned char *on_sm;      /* [k * n_sms + s]: kernel k ran a block on s */
    unsigned char *coloc;      /* [k * n_kernels + j] */
    unsigned char **slot_busy; /* per SM: slot_busy[s][i] while slot i holds a block */
    size_t *slot_cap;          /* per SM: length of slot_busy[s] */
    rt_budget *budget;         /* NULL: no limit */
    uint64_t block_units;      /* charged per block placed */
} psim_run_state;

/* the slot arrays belong to the run state, freed at its end; gcc 12's analyzer reads the
 * grown array stored into it as a leak */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
/* The lowest free slot of sm, marked busy; the array grows when every slot is busy. */
static int take_slot(psim_run_state *st, size_t sm, size_t *slot)
{
    size_t i = 0, cap = st->slot_cap[sm];
    while (i < cap && st->slot_busy[sm][i])
        i++;
    if (i == cap) {
        unsigned char *p = rt_grow(st->slot_busy[sm], &st->slot_cap[sm], cap + 1, 1, 4);
        if (!p)
            return PSIM_ENOMEM;
        memset(p + cap, 0, st->slot_cap[sm] - cap);
        st->slot_busy[sm] = p;
    }
    st->slot_busy[sm][i] = 1;
    if (i + 1 > st->r->sm_slots[sm])
        st->r->sm_slots[sm] = i + 1;
    *slot = i;
    return 0;
}
RT_ANALYZER_ON

const char *placement_sim_status_text(int status)
{
    switch (status) {
    case PSIM_OK: return "ok";
    case PSIM_ENOMEM: return "out of memory";
    case PSIM_ERANGE: return "a block ends beyond 2^63 - 1 ns";
    case PSIM_ETOOBIG: return "the scenario has more blocks than the simulation records (2000000)";
    case PSIM_ENOSM: return "the GPU file has no <sm> element (the placement model needs the "
                            "SM limits)";
    case PSIM_EBUDGET: return "the work budget (--budget) ran out in the block placement";
    default: return "a kernel's launch cannot run on the GPU";
    }
}

/* gcc 12's analyzer reads heap[] entries as uninitialised: it cannot follow the invariant that
 * heap[0 .. n_heap) is always written (by heap_push) before it is read. */
RT_ANALYZER_OFF("-Wanalyzer-use-of-uninitialized-value")
static void heap_push(psim_run_state *st, size_t b)
{
    const psim_block *bl = st->r->blocks;
    size_t i = st->n_heap++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (bl[st->heap[up]].end_ns <= bl[b].end_ns)
            break;
        st->heap[i] = st->heap[up];
        i = up;
    }
    st->heap[i] = b;
}

static size_t heap_pop(psim_run_state *st)
{
    const psim_block *bl = st->r->blocks;
    size_t top = st->heap[0], last = st->heap[--st->n_heap], i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= st->n_heap)
            break;
        if (c + 1 < st->n_heap && bl[st->heap[c + 1]].end_ns < bl[st->heap[c]].end_ns)
            c++;
        if (bl[last].end_ns <= bl[st->heap[c]].end_ns)
            break;
        st->heap[i] = st->heap[c];
        i = c;
    }
    if (st->n_heap)
        st->heap[i] = last;
    return top;
}

RT_ANALYZER_ON

/* on_place's reasons to stop the drain (positive: placement_drain's own failure is -1). */
enum { STOP_NOMEM = 1, STOP_RANGE = 2, STOP_BUDGET = 3 };

/* Blocks and slots are stored in the run state and the result, which free them; gcc 12's
 * analyzer reads that as leaks. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
/* placement_drain's callback: record the block, its end, its SM and whom it meets there. */
static int on_place(void *ctx, size_t k, int64_t block, size_t sm, int64_t room)
{
    psim_run_state *st = ctx;
    if (st->budget && !budget_spend(st->budget, st->block_units))
        return STOP_BUDGET;
    psim_result *r = st->r;
    psim_kernel *kr = &r->kernels[k];
    psim_block *b = &r->blocks[r->n_blocks];
    *b = (psim_block){ k, block, sm, room, st->now, -1, 0 };
    if (take_slot(st, sm, &b->slot) != 0)
        return STOP_NOMEM;
    if (kr->block_time_ns > 0) {
        if (ck_add(st->now, kr->block_time_ns, &b->end_ns))
            return STOP_RANGE;
        heap_push(st, r->n_blocks);
    }
    r->n_blocks++;
    if (kr->placed++ == 0)
        kr->start_ns = st->now;
    st->on_sm[k * r->n_sms + sm] = 1;
    for (size_t j = 0; j < r->n_kernels; j++)
        if (j != k && placement_resident(st->p, sm, j) > 0)
            st->coloc[k * r->n_kernels + j] = st->coloc[j * r->n_kernels + k] = 1;
    return 0;
}
RT_ANALYZER_ON

/* The kernels in queue order, with A(L), G and block-time; occ[] gets their occupancy. */
static int setup_kernels(const rt_taskset *ts, const rt_gpu *gpu, const rt_scenario *sc,
                         psim_result *r, occ_result *occ, int64_t *blocks)
{
    size_t n = sc->n_submits;
    sort_key *ix = malloc((n ? n : 1) * sizeof *ix);
    if (!ix)
        return PSIM_ENOMEM;
    for (size_t i = 0; i < n; i++)
        ix[i] = (sort_key){ sc->submits[i].at_ns, i }; /* the queue: at, then file order */
    qsort(ix, n, sizeof *ix, sort_key_cmp);
    int rc = PSIM_OK;
    for (size_t i = 0; i < n && rc == PSIM_OK; i++) {
        const rt_submit *s = &sc->submits[ix[i].idx];
        const rt_kernel *k = &ts->kernels[s->kernel];
        psim_kernel *kr = &r->kernels[i];
        if (!k->has_launch || occupancy_isolated(&gpu->sm, &k->launch, &occ[i]) != OCC_OK) {
            rc = PSIM_ELAUNCH;
            break;
        }
        /* the loader's -1 (no block-time) is this simulation's 0: the blocks never end */
        int64_t bt = k->launch.block_time_ns > 0 ? k->launch.block_time_ns : 0;
        *kr = (psim_kernel){ .kernel = s->kernel, .at_ns = s->at_ns, .blocks = occ[i].d.grid,
                             .active_blocks = occ[i].active_blocks, .block_time_ns = bt,
                             .start_ns = -1, .finish_ns = -1 };
        blocks[i] = occ[i].d.grid;
        if (ck_add(r->total_blocks, blocks[i], &r->total_blocks) ||
            r->total_blocks > PSIM_MAX_BLOCKS)
            rc = PSIM_ETOOBIG;
    }
    free(ix);
    return rc;
}

/* Steps 1-4 until no event is left (the heap invariant above). */
RT_ANALYZER_OFF("-Wanalyzer-use-of-uninitialized-value")
static int run_loop(psim_run_state *st)
{
    psim_result *r = st->r;
    size_t head = 0, arrived = 0;
    st->now = 0;
    for (;;) {
        while (st->n_heap && r->blocks[st->heap[0]].end_ns == st->now) {
            const psim_block *b = &r->blocks[heap_pop(st)];
            st->slot_busy[b->sm][b->slot] = 0;
            if (placement_remove(st->p, b->kernel, b->sm) != 0)
                return PSIM_ERANGE;
        }
        while (arrived < r->n_kernels && r->kernels[arrived].at_ns == st->now)
            arrived++;
        int rc = placement_drain(st->p, &head, arrived, on_place, st);
        if (rc)   /* -1: a count overflowed; else on_place's reason */
            return rc == STOP_NOMEM ? PSIM_ENOMEM : rc == STOP_BUDGET ? PSIM_EBUDGET : PSIM_ERANGE;
        r->end_ns = st->now;
        bool more_subs = arrived < r->n_kernels, more_ends = st->n_heap > 0;
        if (!more_subs && !more_ends)
            return PSIM_OK;
        int64_t next = more_ends ? r->blocks[st->heap[0]].end_ns : INT64_MAX;
        if (more_subs && r->kernels[arrived].at_ns < next)
            next = r->kernels[arrived].at_ns;
        st->now = next;
    }
}

RT_ANALYZER_ON

/* Per kernel: finish, sorted SMs, co-located kernels. The arrays belong to the result (freed by
 * placement_sim_result_fini, also after a failure), which gcc 12's analyzer takes for leaks. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static int summarise(psim_run_state *st)
{
    psim_result *r = st->r;
    for (size_t b = 0; b < r->n_blocks; b++) {
        psim_kernel *kr = &r->kernels[r->blocks[b].kernel];
        if (r->blocks[b].end_ns > kr->finish_ns)
            kr->finish_ns = r->blocks[b].end_ns;
    }
    for (size_t k = 0; k < r->n_kernels; k++) {
        psim_kernel *kr = &r->kernels[k];
        r->waiting += kr->blocks - kr->placed;
        if (kr->placed < kr->blocks || kr->block_time_ns == 0)
            kr->finish_ns = -1;
        for (size_t s = 0; s < r->n_sms; s++)
            kr->n_sms += st->on_sm[k * r->n_sms + s];
        for (size_t j = 0; j < r->n_kernels; j++)
            kr->n_colocated += st->coloc[k * r->n_kernels + j];
        size_t *sms = malloc((kr->n_sms ? kr->n_sms : 1) * sizeof *sms);
        size_t *co = malloc((kr->n_colocated ? kr->n_colocated : 1) * sizeof *co);
        if (!sms || !co) {
            free(sms);
            free(co);
            return PSIM_ENOMEM;
        }
        kr->sms = sms;
        kr->colocated = co;
        size_t n = 0;
        for (size_t s = 0; s < r->n_sms; s++)
            if (st->on_sm[k * r->n_sms + s])
                kr->sms[n++] = s;
        n = 0;
        for (size_t j = 0; j < r->n_kernels; j++)
            if (st->coloc[k * r->n_kernels + j])
                kr->colocated[n++] = j;
    }
    return PSIM_OK;
}
RT_ANALYZER_ON

int placement_sim_run(const rt_taskset *ts, const rt_gpu *gpu, size_t scenario, rt_budget *budget,
             psim_result *out)
{
    memset(out, 0, sizeof *out);
    if (!gpu->has_sm_limits)
        return PSIM_ENOSM;
    const rt_scenario *sc = &ts->scenarios[scenario];
    size_t nk = sc->n_submits, n_sms = (size_t)gpu->sms, nk1 = nk ? nk : 1;
    psim_result *r = out;
    r->scenario = scenario;
    r->n_sms = n_sms;
    psim_run_state st = { .r = r, .gpu = gpu, .budget = budget,
                          .block_units = PSIM_UNITS_PER_VISIT * ((uint64_t)n_sms + nk) };
    if (budget)
        budget->current = BUDGET_STEP_PLACEMENT;
    occ_result *occ = calloc(nk1, sizeof *occ);
    int64_t *blocks = calloc(nk1, sizeof *blocks);
    size_t *order = malloc(n_sms * sizeof *order);
    r->kernels = calloc(nk1, sizeof *r->kernels);
    int rc = PSIM_ENOMEM;
    if (!occ || !blocks || !order || !r->kernels)
        goto done;
    r->n_kernels = nk;
    if ((rc = setup_kernels(ts, gpu, sc, r, occ, blocks)) != PSIM_OK)
        goto done;
    rc = PSIM_ENOMEM;
    placement_order_fill(gpu, order);
    st.p = placement_new(&gpu->sm, order, n_sms, occ, blocks, nk);
    size_t nb = r->total_blocks ? (size_t)r->total_blocks : 1;
    r->blocks = malloc(nb * sizeof *r->blocks);
    st.heap = malloc(nb * sizeof *st.heap);
    st.on_sm = calloc(nk1 * n_sms, 1);
    st.coloc = calloc(nk1 * nk1, 1);
    st.slot_busy = calloc(n_sms, sizeof *st.slot_busy);
    st.slot_cap = calloc(n_sms, sizeof *st.slot_cap);
    r->sm_slots = calloc(n_sms, sizeof *r->sm_slots);
    if (!st.p || !r->blocks || !st.heap || !st.on_sm || !st.coloc || !st.slot_busy ||
        !st.slot_cap || !r->sm_slots)
        goto done;
    if ((rc = run_loop(&st)) == PSIM_OK)
        rc = summarise(&st);
done:
    for (size_t s = 0; st.slot_busy && s < n_sms; s++)
        free(st.slot_busy[s]);
    free(st.slot_busy);
    free(st.slot_cap);
    free(st.coloc);
    free(st.on_sm);
    free(st.heap);
    placement_free(st.p);
    free(order);
    free(blocks);
    free(occ);
    if (rc != PSIM_OK)
        placement_sim_result_fini(out);
    return rc;
}

void placement_sim_result_fini(psim_result *r)
{
    for (size_t k = 0; r->kernels && k < r->n_kernels; k++) {
        free(r->kernels[k].sms);
        free(r->kernels[k].colocated);
    }
    free(r->kernels);
    free(r->blocks);
    free(r->sm_slots);
    memset(r, 0, sizeof *r);
}

int placement_sim_bands(const psim_result *r, psim_band **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    size_t cells = r->n_sms * r->n_kernels;
    psim_band *acc = calloc(cells ? cells : 1, sizeof *acc);
    if (!acc)
        return PSIM_ENOMEM;
    for (size_t b = 0; b < r->n_blocks; b++) {
        const psim_block *bl = &r->blocks[b];
        psim_band *c = &acc[bl->sm * r->n_kernels + bl->kernel];
        if (c->blocks++ == 0) {
            *c = (psim_band){ bl->sm, bl->kernel, bl->start_ns, bl->end_ns, 1 };
            continue;
        }
        if (bl->start_ns < c->first_ns)
            c->first_ns = bl->start_ns;
        if (c->last_ns >= 0 && (bl->end_ns < 0 || bl->end_ns > c->last_ns))
            c->last_ns = bl->end_ns;   /* a block that never ends keeps the band open */
    }
    size_t m = 0;
    for (size_t i = 0; i < cells; i++)   /* (SM, kernel) order is the cell order */
        if (acc[i].blocks > 0)
            acc[m++] = acc[i];
    *out = acc;
    *n = m;
    return PSIM_OK;
}

void placement_sim_check_block_times(const rt_taskset *ts, const rt_gpu *gpu, const psim_result *r,
                            rt_diags *d)
{
    for (size_t k = 0; k < r->n_kernels; k++) {
        const psim_kernel *kr = &r->kernels[k];
        const rt_kernel *tk = &ts->kernels[kr->kernel];
        int64_t wave, waves, implied;
        if (kr->block_time_ns <= 0 || kr->active_blocks <= 0 || r->n_sms == 0)
            continue;
        if (ck_mul((int64_t)r->n_sms, kr->active_blocks, &wave) ||
            ck_mul(waves = ck_ceil_div(kr->blocks, wave), kr->block_time_ns, &implied))
            continue;   /* beyond 2^63 - 1 ns: the run itself stops at such times */
        double own = tk->has_time ? tk->time_ns : tk->cycles * 1000.0 / gpu->clock_mhz;
        double diff = (double)implied - own;
        if (!(own > 0) || fabs(diff) * 100.0 <= own * PSIM_TIME_TOLERANCE_PCT)
            continue;
        rt_diag_warning(d, ts->path, tk->launch.line,
                        "kernel \"%s\": block-time %lld ns x %lld wave%s (%lld blocks in waves of "
                        "%zu SMs x %lld resident) = %lld ns alone on the GPU, but the kernel's "
                        "own time is %.0f ns (%+.0f%%, more than %d%% apart): the placement's "
                        "times follow block-time (docs/concurrency.md sec. 8)",
                        tk->name, (long long)kr->block_time_ns, (long long)waves,
                        waves == 1 ? "" : "s", (long long)kr->blocks, r->n_sms,
                        (long long)kr->active_blocks, (long long)implied, own,
                        diff * 100.0 / own, PSIM_TIME_TOLERANCE_PCT);
    }
}
