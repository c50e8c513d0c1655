/* sort: a stable sort whose comparison takes a context (C11's qsort takes none), the three-way
 * compares that comparators are written with, and the (key, index) record sorted by both. */
#ifndef RT_SORT_H
#define RT_SORT_H

#include <stddef.h>
#include <stdint.h>

/* The comparison of sort_ctx: negative, zero or positive as a sorts before, with or after b. */
typedef int (*sort_cmp_fn)(const void *a, const void *b, void *ctx);

/* Sort the n elements of size bytes at base ascending by cmp, which receives ctx (borrowed for
 * the call): stable (equal elements keep their input order), without allocating, so it never
 * fails; O(n log n) comparisons. */
void sort_ctx(void *base, size_t n, size_t size, sort_cmp_fn cmp, void *ctx);

/* -1, 0 or 1 as a is less than, equal to or greater than b (integers of each width). */
static inline int sort_cmp_i64(int64_t a, int64_t b) { return (a > b) - (a < b); }
static inline int sort_cmp_u64(uint64_t a, uint64_t b) { return (a > b) - (a < b); }
static inline int sort_cmp_size(size_t a, size_t b) { return (a > b) - (a < b); }
static inline int sort_cmp_long(long a, long b) { return (a > b) - (a < b); }

/* Doubles: 0 when a == b, else -1 when a < b and 1 otherwise, so a NaN on either side gives 1
 * (the order of `if (a != b) return a < b ? -1 : 1;`); descending: sort_cmp_double(b, a). */
static inline int sort_cmp_double(double a, double b) { return a == b ? 0 : a < b ? -1 : 1; }

/* An integer key with the index it sorts back to. */
typedef struct sort_key {
    int64_t key;
    size_t idx;
} sort_key;

/* qsort's comparison of two sort_key: by key, then index (a total order, so the result does not
 * depend on qsort's stability). */
int sort_key_cmp(const void *a, const void *b);

#endif
