/* kmerge: KernelMerge's split of a device's slots between two kernels (Gregg et al.,
 * docs/concurrency.md sec. 9, unit slots). Every quantity is an exact 64-bit integer
 * (util/ckint.h):
 *
 *   merged launch m:  T = max(T_a, T_b), r = max(r_a, r_b), S = max(S_a, S_b)     (sec. 2.4, Choice)
 *   W     = N * A(m)                        slots; splits u = 1 .. W-1 (W = 28 gives Fig. 6's 27)
 *   T_a(u) = cdiv(G_a, u) * d_a;  T_b(u) = cdiv(G_b, W - u) * d_b;  T(u) = max(T_a(u), T_b(u))
 *   T_seq = Rounds(a, N) d_a + Rounds(b, N) d_b,  Rounds(k, N) = cdiv(G_k, A(k) N)   (eq. 1)
 *   best  = argmin_u T(u), ties to the smaller u
 *
 * Work stealing (sec. 2.2, Fig. 3a): the queue interleaves the two kernels' blocks (a0, b0, a1,
 * b1, ...) and then holds the rest of the longer one; every slot is free at 0, and the slot free
 * earliest (ties: lowest index) takes the head of the queue. A binary heap of (free time, slot)
 * makes each block O(log W). */
#include "models/kmerge.h"

#include <stdlib.h>

#include "util/ckint.h"

static int64_t km_max(int64_t x, int64_t y)
{
    return x > y ? x : y;
}

occ_status kmerge_merged(const rt_sm_limits *sm, const rt_launch_cfg *a, const rt_launch_cfg *b,
                     occ_result *out)
{
    int64_t ta, tb;
    if (ck_mul(a->block[0], a->block[1], &ta) || ck_mul(ta, a->block[2], &ta) ||
        ck_mul(b->block[0], b->block[1], &tb) || ck_mul(tb, b->block[2], &tb)) {
        out->status = OCC_E_RANGE;
        return out->status;
    }
    rt_launch_cfg m = { .grid = { 1, 1, 1 }, .block = { km_max(ta, tb), 1, 1 },
                        .registers = km_max(a->registers, b->registers),
                        .shared_memory = km_max(a->shared_memory, b->shared_memory),
                        .block_time_ns = -1, .line = a->line };
    return occupancy_isolated(sm, &m, out);
}

int kmerge_time_ns(const km_kernel *k, int64_t slots, int64_t *ns)
{
    return ck_mul(ck_ceil_div(k->grid, slots), k->block_time_ns, ns) ? KM_ERANGE : KM_OK;
}

int kmerge_native_ns(const km_kernel *k, int64_t sms, int64_t *ns)
{
    int64_t per_round;
    if (ck_mul(k->active_blocks, sms, &per_round))
        return KM_ERANGE;
    return ck_mul(ck_ceil_div(k->grid, per_round), k->block_time_ns, ns) ? KM_ERANGE : KM_OK;
}

int kmerge_sequential_ns(const km_kernel *a, const km_kernel *b, int64_t sms, int64_t *ns)
{
    int64_t ta, tb;
    if (kmerge_native_ns(a, sms, &ta) || kmerge_native_ns(b, sms, &tb) || ck_add(ta, tb, ns))
        return KM_ERANGE;
    return KM_OK;
}

int kmerge_sweep(const km_kernel *a, const km_kernel *b, int64_t slots, km_row *rows, size_t *best)
{
    *best = 0;
    for (int64_t u = 1; u < slots; u++) {
        km_row *r = &rows[u - 1];
        r->a = u;
        r->b = slots - u;
        if (kmerge_time_ns(a, r->a, &r->time_a_ns) || kmerge_time_ns(b, r->b, &r->time_b_ns))
            return KM_ERANGE;
        r->time_ns = km_max(r->time_a_ns, r->time_b_ns);
        if (r->time_ns < rows[*best].time_ns)   /* strict: ties keep the smaller u */
            *best = (size_t)(u - 1);
    }
    return KM_OK;
}

/* ---- work stealing --------------------------------------------------------------------- */

typedef struct km_slot {
    int64_t free_ns;
    int64_t index;
} km_slot;

static int km_slot_before(const km_slot *x, const km_slot *y)
{
    return x->free_ns < y->free_ns || (x->free_ns == y->free_ns && x->index < y->index);
}

static void km_heap_down(km_slot *h, size_t n, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && km_slot_before(&h[l], &h[m]))
            m = l;
        if (r < n && km_slot_before(&h[r], &h[m]))
            m = r;
        if (m == i)
            return;
        km_slot t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

int kmerge_work_stealing(const km_kernel *a, const km_kernel *b, int64_t slots, km_steal *out)
{
    *out = (km_steal){ 0 };
    int64_t total;
    if (ck_add(a->grid, b->grid, &total) || total > KM_STEAL_MAX_BLOCKS || slots < 1)
        return KM_ERANGE;
    /* Only min(W, blocks) slots ever run a block; the others need no place in the heap. */
    size_t n = (size_t)(slots < total ? slots : total);
    km_slot *h = malloc((n ? n : 1) * sizeof *h);
    if (!h)
        return KM_ENOMEM;
    for (size_t i = 0; i < n; i++)   /* all free at 0, in index order: already a heap */
        h[i] = (km_slot){ 0, (int64_t)i };
    int64_t next_a = 0, next_b = 0;
    int rc = KM_OK;
    for (int64_t q = 0; q < total; q++) {
        /* queue item q: alternate while both have blocks left, then the longer kernel's rest */
        int take_a = next_b >= b->grid || (next_a < a->grid && next_a <= next_b);
        const km_kernel *k = take_a ? a : b;
        int64_t end;
        if (ck_add(h[0].free_ns, k->block_time_ns, &end)) {
            rc = KM_ERANGE;
            break;
        }
        if (take_a) {
            next_a++;
            out->time_a_ns = km_max(out->time_a_ns, end);
        } else {
            next_b++;
            out->time_b_ns = km_max(out->time_b_ns, end);
        }
        h[0].free_ns = end;
        km_heap_down(h, n, 0);
    }
    out->time_ns = km_max(out->time_a_ns, out->time_b_ns);
    free(h);
    return rc;
}
