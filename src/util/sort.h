/* sort: a stable sort whose comparison takes a context (C11's qsort takes none). */
#ifndef RT_SORT_H
#define RT_SORT_H

#include <stddef.h>

/* The comparison of sort_ctx: negative, zero or positive as a sorts before, with or after b. */
typedef int (*sort_cmp_fn)(const void *a, const void *b, void *ctx);

/* Sort the n elements of size bytes at base ascending by cmp, which receives ctx (borrowed for
 * the call): stable (equal elements keep their input order), without allocating, so it never
 * fails; O(n log n) comparisons. */
void sort_ctx(void *base, size_t n, size_t size, sort_cmp_fn cmp, void *ctx);

#endif
