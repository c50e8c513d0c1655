/* win_odo: the exact search for a member's worst-case window (docs/model.md sec. 3), an odometer
 * over the co-runner combinations of the other hosting partitions.
 *
 * Digit i of the odometer is the choice of the i-th other hosting partition (0 = nothing, j = its
 * j-th kernel, ascending), the last partition turning fastest; it keeps one accumulator per digit
 * so that each combination costs O(1) and allocates nothing, and skips prefixes that provably
 * cannot hold the maximum. */
#include "analysis/win_odo.h"

#include <string.h>

/* Charge units; false once the budget is spent (the search is then abandoned). */
static bool win_odo_spend(win_odo *od, uint64_t units)
{
    if (!od->budget || budget_spend(od->budget, units))
        return true;
    od->out_of_budget = true;
    return false;
}

/* Number of kernels of the i-th other partition (the largest value of digit i). */
static size_t win_odo_max(const win_layout *wl, const win_odo *od, size_t i)
{
    return wl->part_first[od->others[i] + 1] - wl->part_first[od->others[i]];
}

size_t win_odo_emit(const win_layout *wl, const win_odo *od, const size_t *d, size_t self)
{
    size_t n = 0;
    od->out[n++] = self;
    for (size_t i = 0; i < od->D; i++)
        if (d[i])
            od->out[n++] = wl->part_first[od->others[i]] + d[i] - 1;
    return n;
}

void win_odo_eval(const win_layout *wl, const intf_gpu *g, const rt_options *o,
                  const win_odo *od, const size_t *d, size_t self, intf_terms *t)
{
    intf_acc a;
    interference_acc_init(&a);
    interference_acc_push(&a, &od->contrib[self]);
    for (size_t i = 0; i < od->D; i++)
        if (d[i])
            interference_acc_push(&a, &od->contrib[wl->part_first[od->others[i]] + d[i] - 1]);
    interference_sup_acc(g, rt_options_intf(o), &a, &wl->members[self], t);
}

/* Shares of self and of every kernel of the other partitions, and the suffix BW bounds. */
static void win_odo_prepare(const win_layout *wl, win_odo *od, size_t self)
{
    od->contrib[self] = interference_contrib_of(&wl->members[self], od->size);
    od->suffix[od->D] = 0.0;
    for (size_t i = od->D; i-- > 0;) {
        size_t q = od->others[i];
        for (size_t j = wl->part_first[q]; j < wl->part_first[q + 1]; j++)
            od->contrib[j] = interference_contrib_of(&wl->members[j], od->size);
        od->suffix[i] = od->suffix[i + 1] + wl->members[wl->part_best_bw[q]].bw_gbps;
    }
    interference_acc_init(&od->acc[0]);
    interference_acc_push(&od->acc[0], &od->contrib[self]);
}

void win_odo_init(win_layout *wl, rt_budget *budget, size_t self, win_odo *od)
{
    size_t H = wl->n_hosting, p = wl->members[self].part;
    od->others = wl->scratch;
    od->digit = wl->scratch + H;
    od->best = wl->scratch + 2 * H;
    od->out = wl->scratch + 3 * H;
    od->acc = wl->scratch_acc;
    od->suffix = wl->scratch_suffix;
    od->contrib = wl->scratch_contrib;
    od->size = wl->members[self].cycles;
    od->budget = budget;
    od->out_of_budget = false;
    od->D = 0;
    for (size_t h = 0; h < H; h++)
        if (wl->hosting[h] != p)
            od->others[od->D++] = wl->hosting[h];
    od->P = od->D > 0 && !wl->plain ? od->D - 1 : od->D;
    win_odo_prepare(wl, od, self);
    memset(od->best, 0, od->D * sizeof *od->best);
}

void win_odo_smax(const win_layout *wl, win_odo *od)
{
    for (size_t i = 0; i < od->D; i++)
        od->best[i] = wl->part_best_bw[od->others[i]] - wl->part_first[od->others[i]] + 1;
}

/* The smallest value > d of digit i that is not a duplicate kernel (win_layout.dup_of), or
 * max + 1. A duplicate's every combination equals, term by term, one with its original, which
 * comes earlier in odometer order, so it can never be the first maximum. The plain search
 * (wl->plain) visits every value. */
static size_t win_odo_succ(const win_layout *wl, const win_odo *od, size_t i, size_t d)
{
    size_t max = win_odo_max(wl, od, i), first = wl->part_first[od->others[i]];
    for (d++; d <= max && !wl->plain; d++)
        if (wl->dup_of[first + d - 1] == first + d - 1)
            break;
    return d;
}

/* Recompute acc[i+1 ..] from digit i on, down to the odometer's depth P. Before descending below
 * a prefix, bound M over all its completions (B <= prefix B + the max BW of each remaining
 * partition); if the bound cannot beat the seed or the best so far, skip them (digits set to
 * their maximum) and return false. True when acc[P] is a prefix to complete. */
static bool win_odo_extend(const win_layout *wl, const intf_gpu *g, win_odo *od, size_t self,
                           size_t i)
{
    for (; i < od->P; i++) {
        od->acc[i + 1] = od->acc[i];
        if (od->digit[i])
            interference_acc_push(&od->acc[i + 1],
                          &od->contrib[wl->part_first[od->others[i]] + od->digit[i] - 1]);
        if (i + 1 == od->D)
            break;
        if (!win_odo_spend(od, 1))
            return false;
        double bw_ub = (od->acc[i + 1].bw_gbps + od->suffix[i + 1]) * (1.0 + 1e-12);
        double ub = interference_masola_bound(g, &wl->members[self], od->size, bw_ub);
        if (ub < od->seed || ub <= od->best_M) {
            for (size_t j = i + 1; j < od->P; j++)
                od->digit[j] = win_odo_max(wl, od, j);
            return false;
        }
    }
    return true;
}

/* Advance to the next prefix of P digits (last digit fastest); false after the last one. */
static bool win_odo_next(const win_layout *wl, win_odo *od, size_t *from)
{
    size_t i = od->P;
    while (i > 0 && win_odo_succ(wl, od, i - 1, od->digit[i - 1]) > win_odo_max(wl, od, i - 1))
        i--;
    if (i == 0)
        return false;
    od->digit[i - 1] = win_odo_succ(wl, od, i - 1, od->digit[i - 1]);
    for (size_t j = i; j < od->P; j++)
        od->digit[j] = 0;
    *from = i - 1;
    return true;
}

/* One combination: acc[P] completed by member mb of the last partition (none: SIZE_MAX). */
static void win_leaf(const win_layout *wl, const intf_gpu *g, const rt_options *o,
                     const win_odo *od, size_t self, size_t mb, intf_terms *t)
{
    intf_acc a = od->acc[od->P];
    if (mb != SIZE_MAX)
        interference_acc_push(&a, &od->contrib[mb]);
    interference_sup_acc(g, rt_options_intf(o), &a, &wl->members[self], t);
}

/* Keep combination (digits, last digit v) with multiplier t if it is the new first maximum:
 * larger M, or equal M and earlier in odometer order than a best of this same prefix. */
static void win_keep(win_odo *od, const intf_terms *t, size_t v, bool *best_here,
                     win_combo *out)
{
    size_t L = od->D - 1;
    if (t->M > od->best_M || (t->M == od->best_M && *best_here && v < od->best[L])) {
        od->best_M = t->M;
        out->terms = *t;
        memcpy(od->best, od->digit, L * sizeof *od->best);
        od->best[L] = v;
        *best_here = true;
    }
}

/* The last digit of the prefix digit[0 .. D-2], whose sums are acc[D-1]: first "nothing" (the
 * lowest digit, so no later equal M can displace it), then its kernels by BW, highest first
 * (bw_order). M of a combination is at most the masola bound at its B, which does not decrease
 * with B; so once the bound of the next kernel is below the best M, or equal to it while the
 * best is "nothing" or comes from an earlier prefix, no later kernel can be the first maximum
 * and the loop stops. Equal M inside the prefix: the lower digit wins, as in the odometer.
 * Returns false if the budget ran out. */
static bool win_last_digit(const win_layout *wl, const intf_gpu *g, const rt_options *o,
                           win_odo *od, size_t self, win_combo *out)
{
    size_t L = od->D - 1, q = od->others[L], first = wl->part_first[q];
    size_t n = wl->part_first[q + 1] - first;
    bool best_here = false;
    intf_terms t;
    for (size_t r = 0; r <= n; r++) {
        size_t mb = r > 0 ? wl->bw_order[first + r - 1] : SIZE_MAX;
        if (mb != SIZE_MAX && wl->dup_of[mb] != mb)
            continue;
        double bw = mb != SIZE_MAX ? od->contrib[mb].bw_gbps : 0.0;
        if (!win_odo_spend(od, 1))
            return false;
        double ub = interference_masola_bound(g, &wl->members[self], od->size,
                                      (od->acc[L].bw_gbps + bw) * (1.0 + 1e-12));
        bool tie_lost = !best_here || od->best[L] == 0;
        if (ub < od->seed || ub < od->best_M || (ub == od->best_M && tie_lost)) {
            if (mb == SIZE_MAX)
                continue;        /* "nothing" cannot win; the kernels still may */
            break;
        }
        if (!win_odo_spend(od, RT_BUDGET_COMBO_UNITS))
            return false;
        win_leaf(wl, g, o, od, self, mb, &t);
        win_keep(od, &t, mb != SIZE_MAX ? mb - first + 1 : 0, &best_here, out);
    }
    return true;
}

/* Every combination in odometer order, keeping the first strict maximum of M*. The M* of the
 * max-bandwidth combination (a value some combination has) seeds a branch-and-bound: a prefix
 * whose bound is below the seed, or not above the best so far, cannot hold the first maximum.
 * interference_masola_bound bounds M* too: Pi_lo <= MIN(2, MAX(1, I)) and c <= the bound's Pbar.
 * Unless wl->plain, the last digit is searched by BW (win_last_digit) and duplicate kernels are
 * skipped (win_odo_succ); both keep the result exactly. False if the budget ran out. */
bool win_odo_search(win_layout *wl, const intf_gpu *g, const rt_options *o, size_t self,
                    win_odo *od, win_combo *out)
{
    intf_terms t;
    win_odo_smax(wl, od);
    if (od->D > 0 && !win_odo_spend(od, RT_BUDGET_COMBO_UNITS))   /* alone: nothing to search */
        return false;
    win_odo_eval(wl, g, o, od, od->best, self, &t);
    od->seed = t.M;
    od->best_M = 0.0;                 /* below any M (M >= 1) */
    memset(od->digit, 0, od->D * sizeof *od->digit);
    size_t from = 0;
    bool more = true;
    bool leaf = win_odo_extend(wl, g, od, self, 0);
    while (more && !od->out_of_budget) {
        if (leaf && od->P < od->D) {
            if (!win_last_digit(wl, g, o, od, self, out))
                return false;
        } else if (leaf) {
            if (od->D > 0 && !win_odo_spend(od, RT_BUDGET_COMBO_UNITS))
                return false;
            interference_sup_acc(g, rt_options_intf(o), &od->acc[od->D], &wl->members[self], &t);
            if (t.M > od->best_M) {     /* strict: the first maximum found is kept */
                od->best_M = t.M;
                out->terms = t;
                memcpy(od->best, od->digit, od->D * sizeof *od->best);
            }
        }
        more = win_odo_next(wl, od, &from);
        if (more)
            leaf = win_odo_extend(wl, g, od, self, from);
    }
    if (od->out_of_budget)
        return false;
    out->n = win_odo_emit(wl, od, od->best, self);
    out->exhaustive = true;
    return true;
}
