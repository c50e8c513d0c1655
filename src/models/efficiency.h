/* efficiency: Janzen et al.'s speed-up and efficiency per SM of a kernel over the allowed
 * partition sizes (docs/concurrency.md sec. 4), from the isolated table C(k,n) of
 * models/model.h. */
#ifndef RT_EFFICIENCY_H
#define RT_EFFICIENCY_H

#include <stdint.h>

#include "models/model.h"

/* n0, the anchor of the speed-up curve: the smallest allowed partition size, g (1 when g = 1;
 * for g > 1 linear scaling below g is assumed and the report says so). */
int64_t efficiency_anchor(const rt_gpu *gpu);
/* S(n) = n0 * C(n0) / C(n): the speed-up normalised to one SM, from the cycles on n0 and n SMs. */
double efficiency_speedup(int64_t n0, double cycles_n0, double cycles_n);
/* E(n) = S(n) / n: the kernel's efficiency per SM on n SMs. */
double efficiency_of(double speedup, int64_t n);
/* S(k, n) of kernel k of m on n SMs (n a multiple of g in g..N), from m's table. */
double efficiency_kernel_speedup(const model *m, size_t k, int64_t n);
/* Co-scheduling gain of n_parts instances of kernel k, one per partition of sms[p] SMs (each a
 * row of m's table): sum_p C(k, N) / C(k, n_p). */
double efficiency_coschedule_gain(const model *m, size_t k, const int64_t *sms, size_t n_parts);
/* E_P = sum_p S(k, n_p) / sum_p n_p: the efficiency of the partitioned GPU. */
double efficiency_partitioned(const model *m, size_t k, const int64_t *sms, size_t n_parts);

#endif
