/* bench_util: what the benchmarks of generated systems share (bench/chain_system.c,
 * bench/hol_system.c): a seeded generator (xorshift64*: the same system for the same seed on
 * every machine), the monotonic clock in ms and the order of the run times for their median. */
#ifndef RT_BENCH_UTIL_H
#define RT_BENCH_UTIL_H

#include <stdint.h>
#include <time.h>

/* The next 64 random bits of the sequence whose state is *s (xorshift64*; *s never 0). */
static inline uint64_t bench_rnd(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

/* A whole number in [lo, hi] (lo <= hi), by the remainder of bench_rnd. */
static inline int64_t bench_uniform(uint64_t *s, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(bench_rnd(s) % (uint64_t)(hi - lo + 1));
}

/* The monotonic clock in ms. */
static inline double bench_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* qsort's order of doubles, smallest first. */
static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif
