/* sens_search: the exact searches behind every sensitivity figure (docs/evidence.md sec. 1).
 *
 * Each search keeps a bracket [lo, hi] where lo was analysed and passes and hi fails (analysed,
 * or failing by an argument stated next to it), and halves it until hi = lo + 1: the reported
 * value passes and one step beyond it fails, whatever the shape of the predicate. The model is
 * monotone in each searched quantity (a larger WCET never shortens a response time, a larger
 * margin never shortens a WCET), so lo is also the largest passing value. */
#include "analysis/sens_search.h"

/* Largest k in [lo, hi) with pred(k), given pred(lo) and !pred(hi): bisection. */
static int sens_search_bisect(struct sens_ctx *c, sens_search_pred pred, const void *arg,
                              int64_t lo, int64_t hi, int64_t *best)
{
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        int p = pred(c, mid, arg);
        if (p < 0)
            return -1;
        if (p)
            lo = mid;
        else
            hi = mid;
    }
    *best = lo;
    return 0;
}

int sens_search_largest_d(struct sens_ctx *c, sens_search_pred pred, const void *arg, int64_t hi,
                          bool *has, int64_t *best)
{
    int64_t lo = 0;
    for (int64_t step = 1; step < hi; step *= 2) {
        int p = pred(c, step, arg);
        if (p < 0)
            return -1;
        if (!p) {
            hi = step;
            break;
        }
        lo = step;
        if (step > INT64_MAX / 2)
            break;
    }
    if (sens_search_bisect(c, pred, arg, lo, hi, best) != 0)
        return -1;
    *has = true;
    return 0;
}

int sens_search_k(struct sens_ctx *c, sens_search_pred pred, const void *arg, int64_t lo,
                  int64_t max_k, bool *has, int64_t *k)
{
    int p0 = pred(c, lo, arg);
    if (p0 <= 0)
        return p0;
    *has = true;
    int pm = pred(c, max_k, arg);
    if (pm < 0)
        return -1;
    if (pm) {
        *k = max_k;
        return 0;
    }
    return sens_search_bisect(c, pred, arg, lo, max_k, k);
}
