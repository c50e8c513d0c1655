/* ckint: 64-bit integer arithmetic that detects overflow instead of wrapping. */
#ifndef RT_CKINT_H
#define RT_CKINT_H

#include <stdbool.h>
#include <stdint.h>

/* Each returns true on overflow (then *r is unspecified), like C23's ckd_* macros. */
static inline bool ck_add(int64_t a, int64_t b, int64_t *r) { return __builtin_add_overflow(a, b, r); }
static inline bool ck_sub(int64_t a, int64_t b, int64_t *r) { return __builtin_sub_overflow(a, b, r); }
static inline bool ck_mul(int64_t a, int64_t b, int64_t *r) { return __builtin_mul_overflow(a, b, r); }

/* floor(a / b) and ceil(a / b) for b > 0 (any sign of a); no overflow is possible. */
static inline int64_t ck_floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

static inline int64_t ck_ceil_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a > 0) ? q + 1 : q;
}

/* Greatest common divisor of a and b (Euclid); gcd(a, 0) = a. */
static inline int64_t ck_gcd(int64_t a, int64_t b)
{
    while (b) {
        int64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

#endif
