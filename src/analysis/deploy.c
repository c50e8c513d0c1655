/* deploy: the forms of an analysed layout that the partitioning mechanisms take.
 *
 * TPCs. A TPC is g = partition-granularity consecutive SMs; partition p holds SMs
 *   first_sm(p) .. first_sm(p) + sms(p) - 1, so TPCs first_sm/g .. (first_sm + sms)/g - 1.
 * The layout's partitions are TPC-aligned (an input rule for given layouts, by construction for
 * found ones); a partition that is not is refused here rather than rounded.
 *
 * libsmctrl (https://github.com/JoshuaJB/libsmctrl, libsmctrl.h, "Notes on Bitmasks"): a set bit
 * disables the TPC of that index. The mask of p is the complement of its TPC range over the whole
 * 128-bit width, as libsmctrl's own examples write ~enabled: TPCs outside the range, including
 * any the GPU file does not count, stay disabled. With at most 64 TPCs the low half is the
 * uint64_t of libsmctrl_set_stream_mask; above 64 both halves form the uint128_t of
 * libsmctrl_set_stream_mask_ext. nvtaskset's -t FIRST-LAST takes the same inclusive TPC range.
 *
 * Green contexts (CUDA driver API, "Green Contexts", 12.4+,
 * https://docs.nvidia.com/cuda/archive/12.4.0/cuda-driver-api/group__CUDA__GREEN__CONTEXTS.html):
 * cuDevSmResourceSplitByCount rounds up and aligns its minCount; NVIDIA's guideline per compute
 * capability is 6.X: minimum 1 SM; 7.X: minimum 2, multiple of 2; 8.X: minimum 4, multiple of 2;
 * 9.0+: minimum 8, multiple of 8. A partition size outside that set would be silently enlarged by
 * the driver, so it is refused, with the nearest legal sizes that are also multiples of g. */
#include "analysis/deploy.h"

#include <stdlib.h>
#include <string.h>

#include "util/ckint.h"
#include "util/analyzer.h"
#include "util/sort.h"

bool rt_deploy_gc_rule(int compute_capability, rt_gc_rule *rule)
{
    int major = compute_capability / 10;
    if (major < 6)
        return false;
    static const rt_gc_rule by_major[] = { {1, 1}, {2, 2}, {4, 2} };  /* 6.X, 7.X, 8.X */
    *rule = major <= 8 ? by_major[major - 6] : (rt_gc_rule){8, 8};   /* 9.0+ */
    return true;
}

/* Bits lo_bit..hi_bit (0 <= lo_bit <= hi_bit <= 63) of a 64-bit word. */
static uint64_t bit_range(int64_t lo_bit, int64_t hi_bit)
{
    /* hi_bit <= 63: TPCs stay below 128 (clang-tidy loses that bound through sms / granularity)
     * NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult) */
    uint64_t upto = hi_bit == 63 ? ~UINT64_C(0) : (UINT64_C(1) << (hi_bit + 1)) - 1;
    return upto & ~((UINT64_C(1) << lo_bit) - 1);
}

/* ~(TPCs first..last) over 128 bits; first <= last < 128. */
static rt_tpc_mask disable_mask(int64_t first, int64_t last)
{
    uint64_t lo = 0, hi = 0;
    if (first <= 63)
        lo = bit_range(first, last < 63 ? last : 63);
    if (last >= 64)
        hi = bit_range(first > 64 ? first - 64 : 0, last - 64);
    return (rt_tpc_mask){ .hi = ~hi, .lo = ~lo };
}

/* Legality of sms under rule r, and the nearest legal sizes that are multiples of g and fit in
 * n SMs (0: none). A legal size has no neighbours to suggest. */
static void gc_check(rt_deploy_part *p, const rt_gc_rule *r, int64_t g, int64_t n)
{
    p->gc_legal = p->sms >= r->min_sms && p->sms % r->step_sms == 0;
    p->gc_below = p->gc_above = 0;
    if (p->gc_legal)
        return;
    int64_t step; /* lcm(step_sms, g); both are small, but check anyway */
    if (ck_mul(r->step_sms / ck_gcd(r->step_sms, g), g, &step))
        return;
    int64_t below = (p->sms - 1) / step * step;
    if (below >= r->min_sms && below > 0)
        p->gc_below = below;
    int64_t above = (p->sms / step + 1) * step, lowest = ck_ceil_div(r->min_sms, step) * step;
    if (above < lowest)
        above = lowest;
    if (above <= n)
        p->gc_above = above;
}

/* The tasks of each partition, highest priority (smallest number) first, ties in file order. */
/* gcc 12 -fanalyzer reports a false leak here: each task list is stored in d->parts and freed by
 * rt_deploy_fini. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static int fill_tasks(const rt_layout *l, rt_deploy *d)
{
    sort_key *keys = malloc((l->n_tasks ? l->n_tasks : 1) * sizeof *keys);
    if (!keys)
        return -1;
    for (size_t i = 0; i < l->n_tasks; i++)
        keys[i] = (sort_key){ l->task_prio[i], i };
    qsort(keys, l->n_tasks, sizeof *keys, sort_key_cmp);
    int rc = 0;
    for (size_t p = 0; p < d->n_parts && rc == 0; p++) {
        rt_deploy_part *dp = &d->parts[p];
        size_t n = 0;
        for (size_t i = 0; i < l->n_tasks; i++)
            n += l->task_part[i] == p;
        if (!(dp->tasks = malloc((n ? n : 1) * sizeof *dp->tasks))) {
            rc = -1;
            break;
        }
        for (size_t k = 0; k < l->n_tasks; k++)
            if (l->task_part[keys[k].idx] == p)
                dp->tasks[dp->n_tasks++] = keys[k].idx;
    }
    free(keys);
    return rc;
}
RT_ANALYZER_ON

rt_deploy_status rt_deploy_compute(const rt_layout *l, const rt_gpu *g, rt_deploy *d, size_t *bad)
{
    memset(d, 0, sizeof *d);
    int64_t gr = g->granularity > 0 ? g->granularity : 1;
    d->sms = g->sms;
    d->granularity = gr;
    d->tpcs = g->sms / gr;
    d->wide = d->tpcs > 64;
    d->compute_capability = g->compute_capability;
    d->has_gc_rule = rt_deploy_gc_rule(g->compute_capability, &d->gc);
    if (!(d->parts = calloc(l->n_parts ? l->n_parts : 1, sizeof *d->parts)))
        return DEPLOY_ENOMEM;
    d->n_parts = l->n_parts;
    rt_deploy_status st = DEPLOY_OK;
    for (size_t p = 0; p < l->n_parts; p++) {
        rt_deploy_part *dp = &d->parts[p];
        dp->name = l->part_name[p];
        dp->first_sm = l->part_first_sm[p];
        dp->sms = l->part_sms[p];
        int64_t end; /* one past the last SM */
        if (dp->first_sm < 0 || dp->sms <= 0 || ck_add(dp->first_sm, dp->sms, &end) ||
            end > g->sms || dp->first_sm % gr != 0 || dp->sms % gr != 0) {
            *bad = p;
            return DEPLOY_EUNALIGNED;
        }
        dp->last_sm = end - 1;
        dp->first_tpc = dp->first_sm / gr;
        dp->last_tpc = end / gr - 1;
        if (d->tpcs > RT_DEPLOY_MAX_TPCS)
            st = DEPLOY_ETOOMANY;
        else
            dp->disable = disable_mask(dp->first_tpc, dp->last_tpc);
        if (d->has_gc_rule)
            gc_check(dp, &d->gc, gr, g->sms);
    }
    if (fill_tasks(l, d) != 0)
        return DEPLOY_ENOMEM;
    return st;
}

void rt_deploy_fini(rt_deploy *d)
{
    if (!d || !d->parts)
        return;
    for (size_t p = 0; p < d->n_parts; p++)
        free(d->parts[p].tasks);
    free(d->parts);
    d->parts = NULL;
    d->n_parts = 0;
}
