/* efficiency: speed-up and efficiency per SM (CONCURRENCY.md sec. 4.3, Janzen et al. Fig. 1).
 *
 *   S(k, n) = n0 * C(k, n0) / C(k, n)      speed-up normalised to one SM; n0 = g, the smallest
 *                                          allowed size (Choice: linear scaling below g)
 *   E(k, n) = S(k, n) / n                  efficiency per SM
 * C(k, n) is the model's isolated table (measured, eq. 4 or its floor): with eq. 4 alone the curve
 * is linear (S = n, E = 1) except where the floor applies, so measured points make it informative.
 * These are real numbers (the cycles are), computed in double precision. */
#include "models/efficiency.h"

int64_t eff_anchor(const rt_gpu *gpu)
{
    return gpu->granularity;
}

double eff_speedup(int64_t n0, double cycles_n0, double cycles_n)
{
    return (double)n0 * cycles_n0 / cycles_n;
}

double eff_efficiency(double speedup, int64_t n)
{
    return speedup / (double)n;
}

double eff_kernel_speedup(const model *m, size_t k, int64_t n)
{
    int64_t n0 = eff_anchor(m->gpu);
    return eff_speedup(n0, model_at(m, k, n0)->cycles, model_at(m, k, n)->cycles);
}
