/* rng: splitmix64 (Steele, Lea & Flood, OOPSLA 2014), the simulators' seeded random numbers: the
 * same seed gives the same sequence on every machine (docs/simulation.md). */
#ifndef RT_RNG_H
#define RT_RNG_H

#include <stdint.h>

/* The next 64 random bits of the sequence whose state is *s. */
static inline uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* A whole number in [0, n] (0 when n <= 0), by the remainder of rng_next: the bias is below
 * (n + 1) / 2^64, which no simulated case can show. */
static inline int64_t rng_upto(uint64_t *s, int64_t n)
{
    return n <= 0 ? 0 : (int64_t)(rng_next(s) % ((uint64_t)n + 1));
}

#endif
