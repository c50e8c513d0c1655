/* gen: random task sets of a <generate> sweep (UUniFast-discard utilisations, log-uniform periods,
 * kernels drawn from a pool), the same bytes for the same seed on every machine; and the deep
 * copy of a task set that the explorer edits point by point. */
#ifndef RT_XP_GEN_H
#define RT_XP_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "explore/spec.h"
#include "taskset/taskset.h"

/* Tries of UUniFast before a set is given up (its point gets an error). */
#define XP_GEN_TRIES 10000

/* The seed of the set of utilisation value u (exactly mant / 10^digits) and set index set_idx
 * of a sweep seeded with seed: 53 bits, printed with the point. */
uint64_t xp_gen_seed(uint64_t seed, int64_t mant, int digits, uint64_t set_idx);

/* The task set of one generated point: g->tasks tasks whose utilisations (Ck(N) of their kernels
 * over the period) sum to u, drawn from set_seed, with g->partitions partitions (sizes 0, to be
 * set for the point's GPU by xp_gen_sizes) and tasks mapped worst-fit decreasing. Returns the
 * task set (caller frees), or NULL: *err then holds why (out of memory, no UUniFast draw
 * within XP_GEN_TRIES). */
rt_taskset *xp_gen_taskset(const xp_generate *g, double u, uint64_t set_seed, char *err,
                           size_t err_size);
/* Partition sizes for a GPU of sms SMs and granularity gran: the units of gran SMs shared out
 * evenly (the first partitions one more), packed from SM 0. -1 if there are more partitions
 * than units. */
int xp_gen_sizes(rt_taskset *ts, int64_t sms, int64_t gran);

/* Deterministic natural logarithm and exponential (+, -, *, / and frexp/ldexp only), so that
 * generated sets do not depend on the C library's rounding. */
double xp_gen_log(double x);
double xp_gen_exp(double x);

#endif
