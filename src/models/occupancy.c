/* occupancy: per-block demand, isolated occupancy A(L) and room on an occupied SM.
 *
 * docs/concurrency.md sec. 2 (all integers; cdiv = ceiling division,
 * roundup(x,u) = u*cdiv(x,u)):
 *   demand    W_b = cdiv(T, warp-size)                             warps per block
 *             R_w = roundup(r * warp-size, register-unit)          registers per warp
 *             R_b = R_w * W_b                                      registers per block
 *             S_b = roundup(S + shared-memory-reserved, shared-memory-unit)
 *   limits    invalid if T > threads-per-block, r > registers-per-thread,
 *             S > shared-memory-per-block, R_w * roundup(W_b, warp-granularity) >
 *             registers-per-block, or A(L) = 0;
 *             lim_threads = floor(threads / T)        lim_warps = floor(warps / W_b)
 *             lim_blocks  = blocks
 *             lim_regs    = inf if R_w = 0, else
 *                           floor(floor(floor(registers / wg) / R_w) * wg / W_b)
 *             lim_smem    = inf if S_b = 0, else floor(shared-memory / S_b)
 *             A(L) = min of the five; limiting = every factor equal to A(L);
 *             occupancy = A * W_b / warps
 *   room      room(s, L) = max(0, min(floor((threads - used_threads) / T),
 *             floor((warps - used_warps) / W_b), blocks - used_blocks,
 *             floor((registers - used_regs) / R_b) [R_b > 0],
 *             floor((shared-memory - used_smem) / S_b) [S_b > 0], A(L) - n_L(s)))
 * This is cudaOccMaxActiveBlocksPerMultiprocessor of cuda_occupancy.h plus lim_threads. Every
 * product is overflow-checked (util/ckint.h): a launch whose demand does not fit in 64 bits is
 * OCC_E_RANGE, never a wrapped number. */
#include "models/occupancy.h"

#include <inttypes.h>

#include "util/ckint.h"

/* roundup(x, u) = u * cdiv(x, u) for x >= 0, u >= 1; true on overflow. */
static bool roundup(int64_t x, int64_t u, int64_t *r)
{
    return ck_mul(ck_ceil_div(x, u), u, r);
}

static bool dims_product(const int64_t d[3], int64_t *r)
{
    int64_t a;
    return ck_mul(d[0], d[1], &a) || ck_mul(a, d[2], r);
}

/* The demand above; false on overflow. */
static bool demand(const rt_sm_limits *sm, const rt_launch_cfg *l, occ_demand *d)
{
    d->registers_assumed = l->registers < 0;
    d->shared_memory_assumed = l->shared_memory < 0;
    d->registers_per_thread = l->registers < 0 ? 0 : l->registers;
    d->shared_memory = l->shared_memory < 0 ? 0 : l->shared_memory;
    int64_t regs_thread_warp, smem;
    if (dims_product(l->grid, &d->grid) || dims_product(l->block, &d->threads))
        return false;
    d->warps = ck_ceil_div(d->threads, sm->warp_size);
    if (ck_mul(d->registers_per_thread, sm->warp_size, &regs_thread_warp) ||
        roundup(regs_thread_warp, sm->register_unit, &d->registers_per_warp) ||
        ck_mul(d->registers_per_warp, d->warps, &d->registers))
        return false;
    if (ck_add(d->shared_memory, sm->shared_memory_reserved, &smem) ||
        roundup(smem, sm->shared_memory_unit, &d->shared_memory_block))
        return false;
    int64_t warps_rounded;
    return !(roundup(d->warps, sm->warp_granularity, &warps_rounded) ||
             ck_mul(d->registers_per_warp, warps_rounded, &d->registers_checked));
}

occ_status occupancy_isolated(const rt_sm_limits *sm, const rt_launch_cfg *l, occ_result *out)
{
    *out = (occ_result){ .status = OCC_OK };
    occ_demand *d = &out->d;
    if (!demand(sm, l, d))
        return out->status = OCC_E_RANGE;
    if (d->threads > sm->threads_per_block)
        return out->status = OCC_E_THREADS_PER_BLOCK;
    if (d->registers_per_thread > sm->registers_per_thread)
        return out->status = OCC_E_REGISTERS_PER_THREAD;
    if (d->shared_memory > sm->shared_memory_per_block)
        return out->status = OCC_E_SHARED_PER_BLOCK;
    if (d->registers_checked > sm->registers_per_block)
        return out->status = OCC_E_REGISTERS_PER_BLOCK;
    int64_t wg = sm->warp_granularity;
    out->limit[OCC_THREADS] = sm->threads / d->threads;
    out->limit[OCC_WARPS] = sm->warps / d->warps;
    out->limit[OCC_BLOCKS] = sm->blocks;
    out->limit[OCC_REGISTERS] = d->registers_per_warp == 0
        ? OCC_NO_LIMIT
        : (sm->registers / wg / d->registers_per_warp) * wg / d->warps;
    out->limit[OCC_SHARED_MEMORY] = d->shared_memory_block == 0
        ? OCC_NO_LIMIT : sm->shared_memory / d->shared_memory_block;
    int64_t a = sm->blocks;
    for (int f = 0; f < OCC_N_FACTORS; f++)
        if (out->limit[f] != OCC_NO_LIMIT && out->limit[f] < a)
            a = out->limit[f];
    out->active_blocks = a;
    for (int f = 0; f < OCC_N_FACTORS; f++)
        if (out->limit[f] == a)
            out->limiting |= 1u << f;
    if (a == 0)
        return out->status = OCC_E_NO_BLOCK_FITS;
    /* a <= warps / W_b, so a * W_b <= warps: no overflow */
    out->occ_num = a * d->warps;
    out->occ_den = sm->warps;
    out->occupancy = (double)out->occ_num / (double)out->occ_den;
    return OCC_OK;
}

/* floor((cap - used) / per) for per > 0, else no limit (INT64_MAX). */
static int64_t left_for(int64_t cap, int64_t used, int64_t per)
{
    int64_t free_;
    if (per <= 0)
        return INT64_MAX;
    if (ck_sub(cap, used, &free_))
        return 0;
    return ck_floor_div(free_, per);
}

int64_t occupancy_room(const rt_sm_limits *sm, const occ_usage *u, const occ_result *k, int64_t n_k)
{
    const occ_demand *d = &k->d;
    int64_t v[] = {
        left_for(sm->threads, u->threads, d->threads),
        left_for(sm->warps, u->warps, d->warps),
        left_for(sm->blocks, u->blocks, 1),
        left_for(sm->registers, u->registers, d->registers),
        left_for(sm->shared_memory, u->shared_memory, d->shared_memory_block),
        k->active_blocks - n_k,
    };
    int64_t room = INT64_MAX;
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        if (v[i] < room)
            room = v[i];
    return room < 0 ? 0 : room;
}

bool occupancy_usage_add(occ_usage *u, const occ_result *k, int64_t n)
{
    occ_usage t = *u;
    int64_t p;
    const int64_t per[] = {k->d.threads, k->d.warps, 1, k->d.registers, k->d.shared_memory_block};
    int64_t *f[] = {&t.threads, &t.warps, &t.blocks, &t.registers, &t.shared_memory};
    for (size_t i = 0; i < sizeof per / sizeof per[0]; i++)
        if (ck_mul(per[i], n, &p) || ck_add(*f[i], p, f[i]))
            return false;
    *u = t;
    return true;
}

const char *occupancy_factor_name(occ_factor f)
{
    static const char *const names[] = {"threads", "warps", "blocks", "registers",
                                        "shared memory"};
    return f < OCC_N_FACTORS ? names[f] : "?";
}

const char *occupancy_factor_key(occ_factor f)
{
    static const char *const keys[] = {"threads", "warps", "blocks", "registers",
                                       "shared_memory"};
    return f < OCC_N_FACTORS ? keys[f] : "?";
}

/* The first factor whose limit is 0 (for an A(L) = 0 message). */
static occ_factor zero_factor(const occ_result *o)
{
    for (int f = 0; f < OCC_N_FACTORS; f++)
        if (o->limit[f] == 0)
            return (occ_factor)f;
    return OCC_BLOCKS;
}

static void launch_error(const rt_taskset *ts, const rt_kernel *k, const rt_gpu *gpu,
                         const occ_result *o, rt_diags *d)
{
    const rt_sm_limits *sm = &gpu->sm;
    const occ_demand *dm = &o->d;
    const char *p = ts->path;
    long line = k->launch.line;
    switch (o->status) {
    case OCC_E_THREADS_PER_BLOCK:
        rt_diag_error(d, p, line, "kernel \"%s\": launch block of %" PRId64 " threads exceeds "
                      "the GPU's threads-per-block %" PRId64, k->name, dm->threads,
                      sm->threads_per_block);
        break;
    case OCC_E_REGISTERS_PER_THREAD:
        rt_diag_error(d, p, line, "kernel \"%s\": launch registers %" PRId64 " per thread "
                      "exceed the GPU's registers-per-thread %" PRId64, k->name,
                      dm->registers_per_thread, sm->registers_per_thread);
        break;
    case OCC_E_SHARED_PER_BLOCK:
        rt_diag_error(d, p, line, "kernel \"%s\": launch shared-memory %" PRId64 " bytes per "
                      "block exceeds the GPU's shared-memory-per-block %" PRId64, k->name,
                      dm->shared_memory, sm->shared_memory_per_block);
        break;
    case OCC_E_REGISTERS_PER_BLOCK:
        rt_diag_error(d, p, line, "kernel \"%s\": launch needs %" PRId64 " registers per block "
                      "(%" PRId64 " per warp times %" PRId64 " warps rounded up to the "
                      "warp-granularity), more than the GPU's registers-per-block %" PRId64,
                      k->name, dm->registers_checked, dm->registers_per_warp, dm->warps,
                      sm->registers_per_block);
        break;
    case OCC_E_NO_BLOCK_FITS:
        rt_diag_error(d, p, line, "kernel \"%s\": launch: not one block fits on an SM "
                      "(limited by %s)", k->name, occupancy_factor_name(zero_factor(o)));
        break;
    default:
        rt_diag_error(d, p, line, "kernel \"%s\": launch demand does not fit in 64-bit "
                      "integers (grid, block, registers or shared-memory too large)", k->name);
        break;
    }
}

int occupancy_check_launches(const rt_taskset *ts, const rt_gpu *gpu, rt_diags *d)
{
    int errors = 0;
    if (!gpu->has_sm_limits)
        return 0;
    for (size_t i = 0; i < ts->n_kernels; i++) {
        const rt_kernel *k = &ts->kernels[i];
        occ_result o;
        if (!k->has_launch || occupancy_isolated(&gpu->sm, &k->launch, &o) == OCC_OK)
            continue;
        launch_error(ts, k, gpu, &o, d);
        errors++;
    }
    return errors;
}
