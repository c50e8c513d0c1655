/* leftover: Cruz et al.'s Algorithms 1 and 2 and eq. 1-3 (docs/concurrency.md sec. 3).
 *
 *   eq. 1     Rounds(k, n) = cdiv(G_k, A(k) * n)
 *   Alg. 2    Alloc(x), for an SM holding x blocks of k1 and nothing else (C1: x is the count on
 *             that SM, not A1; C4: the warp, block-slot and A2 caps; C7: R_b(k2) = 0 is no limit):
 *               freeRegs = registers - x*R_b1, freeThreads = threads - x*T1,
 *               freeShMem = shared-memory - x*S_b1
 *               byRegs = inf if R_b2 = 0 else floor(freeRegs / R_b2)
 *               byThreads = floor(freeThreads / T2)
 *               byShMem = blocks if S_b2 = 0 else floor(freeShMem / S_b2)
 *               Alloc(x) = max(0, min(byRegs, byShMem, byThreads,
 *                                     floor((warps - x*W_b1) / W_b2), blocks - x, A2))
 *   placement when k2 arrives (C2), evaluated only when cond1 holds:
 *             packed: F = floor(B1/A1) SMs hold A1, P = [B1 mod A1 > 0] SM holds q = B1 mod A1,
 *                     nFree = nSM - F - P;  Cap = nFree*A2 + F*Alloc(A1) + P*Alloc(q)
 *             spread: floor(B1/nSM) blocks on every SM, one more on B1 mod nSM of them;
 *                     Cap = sum over SMs of Alloc(blocks on it)   (Alloc(0) = A2)
 *   Alg. 1    if ExecTime_k1 > Launch_overhead (line 2, strict; C6):
 *                 cond1 = B1 < A1*nSM; cond2 = Cap > 0 (C3)
 *                 cond1 and cond2 -> A;  B1 mod (A1*nSM) > 0 -> B
 *             otherwise -> C
 *   eq. 3     RoundsLimRes = cdiv(B2, Cap)        eq. 2  slowdown = RoundsLimRes / Rounds(k2, nSM)
 *             (case A only; C5: the denominator is k2's eq. 1 alone on the same nSM SMs)
 * Every product is overflow-checked; leftover_pair fails rather than wrap. */
#include "models/leftover.h"

#include "util/ckint.h"

int64_t leftover_rounds(int64_t blocks, int64_t active, int64_t n)
{
    int64_t per_round;
    if (ck_mul(active, n, &per_round))
        return 1; /* more slots than any int64 count of blocks: one round */
    return ck_ceil_div(blocks, per_round);
}

/* floor((cap - x * per1) / per2); INT64_MAX when per2 = 0 (no limit); x * per1 <= cap. */
static int64_t fit(int64_t cap, int64_t x, int64_t per1, int64_t per2)
{
    int64_t used, left;
    if (per2 == 0)
        return INT64_MAX;
    if (ck_mul(x, per1, &used) || ck_sub(cap, used, &left))
        return 0;
    return ck_floor_div(left, per2);
}

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

int64_t leftover_alloc(const rt_sm_limits *sm, const occ_result *k1, const occ_result *k2, int64_t x)
{
    const occ_demand *d1 = &k1->d, *d2 = &k2->d;
    int64_t by_regs = fit(sm->registers, x, d1->registers, d2->registers);           /* line 5 */
    int64_t by_threads = fit(sm->threads, x, d1->threads, d2->threads);              /* line 6 */
    int64_t by_smem = d2->shared_memory_block == 0                                   /* 7-10 */
        ? sm->blocks : fit(sm->shared_memory, x, d1->shared_memory_block, d2->shared_memory_block);
    int64_t v = min64(by_regs, min64(by_smem, by_threads));                          /* line 12 */
    v = min64(v, fit(sm->warps, x, d1->warps, d2->warps));                           /* C4 */
    v = min64(v, sm->blocks - x);
    v = min64(v, k2->active_blocks);
    return v < 0 ? 0 : v;
}

/* Append a group of SMs (skipped when empty); Alloc(0) is A2, a free SM. */
static void add_group(lo_result *r, const rt_sm_limits *sm, const occ_result *k1,
                      const occ_result *k2, int64_t sms, int64_t blocks)
{
    if (sms <= 0)
        return;
    int64_t alloc = blocks == 0 ? k2->active_blocks : leftover_alloc(sm, k1, k2, blocks);
    r->groups[r->n_groups++] = (lo_group){ .sms = sms, .first_blocks = blocks, .alloc = alloc };
    if (blocks == 0)
        r->free_sms += sms;
}

/* The placement of k1's B1 blocks (cond1 holds: B1 < A1 * nSM) and Cap; -1 on overflow. */
static int place(lo_result *r, const rt_sm_limits *sm, const occ_result *k1,
                 const occ_result *k2, int64_t n_sms, lo_distribution dist)
{
    int64_t b1 = k1->d.grid, a1 = k1->active_blocks;
    r->placed = true;
    if (dist == LO_PACKED) {
        int64_t f = b1 / a1, q = b1 % a1, p = q > 0;
        r->full_sms = f;
        r->partial_blocks = q;
        r->alloc_full = leftover_alloc(sm, k1, k2, a1);
        r->alloc_partial = q > 0 ? leftover_alloc(sm, k1, k2, q) : -1;
        add_group(r, sm, k1, k2, f, a1);
        add_group(r, sm, k1, k2, p, q);
        add_group(r, sm, k1, k2, n_sms - f - p, 0);
    } else {
        int64_t base = b1 / n_sms, extra = b1 % n_sms;
        add_group(r, sm, k1, k2, extra, base + 1);
        add_group(r, sm, k1, k2, n_sms - extra, base);
    }
    int64_t cap = 0, part;
    for (size_t g = 0; g < r->n_groups; g++)
        if (ck_mul(r->groups[g].sms, r->groups[g].alloc, &part) || ck_add(cap, part, &cap))
            return -1;
    r->capacity = cap;
    r->cond2 = cap > 0;
    return 0;
}

int leftover_pair(const rt_sm_limits *sm, const occ_result *k1, const occ_result *k2, int64_t n_sms,
            bool past_overhead, lo_distribution dist, lo_result *out)
{
    lo_result *r = out;
    *r = (lo_result){ .kase = LO_CASE_C, .full_sms = -1, .partial_blocks = -1,
                      .alloc_full = -1, .alloc_partial = -1, .capacity = -1 };
    int64_t b1 = k1->d.grid, a1 = k1->active_blocks;
    r->active_first = a1;
    r->active_second = k2->active_blocks;
    r->rounds_first = leftover_rounds(b1, a1, n_sms);
    r->rounds_second = leftover_rounds(k2->d.grid, k2->active_blocks, n_sms);
    int64_t slots;
    bool huge = ck_mul(a1, n_sms, &slots); /* more slots than blocks can exist */
    r->last_round_blocks = huge ? b1 : b1 % slots;
    if (!past_overhead)
        return 0;                                          /* line 2 false: C */
    r->evaluated = true;
    r->cond1 = huge || b1 < slots;                         /* line 3 */
    if (r->cond1 && place(r, sm, k1, k2, n_sms, dist) != 0)
        return -1;
    if (r->cond1 && r->cond2) {                            /* lines 5-6 */
        r->kase = LO_CASE_A;
        r->has_slowdown = true;
        r->rounds_lim_res = ck_ceil_div(k2->d.grid, r->capacity);
        r->slowdown_num = r->rounds_lim_res;
        r->slowdown_den = r->rounds_second;
        r->slowdown = (double)r->slowdown_num / (double)r->slowdown_den;
    } else if (r->last_round_blocks > 0) {                 /* lines 7-8 */
        r->kase = LO_CASE_B;
    }
    return 0;
}

const char *leftover_case_name(lo_case c)
{
    return c == LO_CASE_A ? "A" : c == LO_CASE_B ? "B" : "C";
}

const char *leftover_distribution_name(lo_distribution d)
{
    return d == LO_SPREAD ? "spread" : "packed";
}
