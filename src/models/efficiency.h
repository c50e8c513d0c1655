/* efficiency: Janzen et al.'s speed-up and efficiency per SM of a kernel over the allowed
 * partition sizes (CONCURRENCY.md sec. 4.3), from the isolated table C(k,n) of models/model.h. */
#ifndef RT_EFFICIENCY_H
#define RT_EFFICIENCY_H

#include <stdint.h>

#include "models/model.h"

/* n0, the anchor of the speed-up curve: the smallest allowed partition size, g (1 when g = 1;
 * for g > 1 linear scaling below g is assumed and the report says so). */
int64_t eff_anchor(const rt_gpu *gpu);
/* S(n) = n0 * C(n0) / C(n): the speed-up normalised to one SM, from the cycles on n0 and n SMs. */
double eff_speedup(int64_t n0, double cycles_n0, double cycles_n);
/* E(n) = S(n) / n: the kernel's efficiency per SM on n SMs. */
double eff_efficiency(double speedup, int64_t n);
/* S(k, n) of kernel k of m on n SMs (n a multiple of g in g..N), from m's table. */
double eff_kernel_speedup(const model *m, size_t k, int64_t n);

#endif
