/* efficiency: speed-up and efficiency per SM (docs/concurrency.md sec. 4, Janzen et al. Fig. 1).
 *
 *   S(k, n) = n0 * C(k, n0) / C(k, n)      speed-up normalised to one SM; n0 = g, the smallest
 *                                          allowed size (Choice: linear scaling below g)
 *   E(k, n) = S(k, n) / n                  efficiency per SM
 *   gain    = sum_p C(k, N) / C(k, n_p)    m instances of k on partitions n_1..n_m, sum n_p <= N
 *           = sum_p S(k, n_p) / S(k, N)
 *   E_P     = sum_p S(k, n_p) / sum_p n_p  efficiency of the partitioned GPU
 * C(k, n) is the model's isolated table (measured, eq. 4 or its floor): with eq. 4 alone the curve
 * is linear (S = n, E = 1) except where the floor applies, so measured points make it informative.
 * These are real numbers (the cycles are), computed in double precision. */
#include "models/efficiency.h"

int64_t efficiency_anchor(const rt_gpu *gpu)
{
    return gpu->granularity;
}

double efficiency_speedup(int64_t n0, double cycles_n0, double cycles_n)
{
    return (double)n0 * cycles_n0 / cycles_n;
}

double efficiency_of(double speedup, int64_t n)
{
    return speedup / (double)n;
}

double efficiency_kernel_speedup(const model *m, size_t k, int64_t n)
{
    int64_t n0 = efficiency_anchor(m->gpu);
    return efficiency_speedup(n0, model_at(m, k, n0)->cycles, model_at(m, k, n)->cycles);
}

double efficiency_coschedule_gain(const model *m, size_t k, const int64_t *sms, size_t n_parts)
{
    double full = model_at(m, k, m->gpu->sms)->cycles, gain = 0.0;
    for (size_t p = 0; p < n_parts; p++)
        gain += full / model_at(m, k, sms[p])->cycles;
    return gain;
}

double efficiency_partitioned(const model *m, size_t k, const int64_t *sms, size_t n_parts)
{
    double s = 0.0;
    int64_t n = 0;
    for (size_t p = 0; p < n_parts; p++) {
        s += efficiency_kernel_speedup(m, k, sms[p]);
        n += sms[p];
    }
    return s / (double)n;
}
