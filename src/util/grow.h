/* grow: the one growable-array step, written once: doubling from a first capacity, every size
 * overflow-checked. */
#ifndef RT_GROW_H
#define RT_GROW_H

#include <stddef.h>

/* Room for at least need elements of size bytes in p (capacity *cap elements): p itself when it
 * has the room; else p reallocated to first elements (when *cap is 0) or *cap doubled, doubled
 * again until need fits, and *cap updated. NULL when memory or size_t runs out: p and *cap are
 * then untouched and the caller still owns (and frees) p. */
void *rt_grow(void *p, size_t *cap, size_t need, size_t size, size_t first);

#endif
