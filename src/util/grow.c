/* grow: the one growable-array step. */
#include "util/grow.h"

#include <stdint.h>
#include <stdlib.h>

void *rt_grow(void *p, size_t *cap, size_t need, size_t size, size_t first)
{
    if (need <= *cap && p)
        return p;
    size_t c = *cap ? *cap : (first ? first : 1);
    while (c < need) {
        if (c > SIZE_MAX / 2)
            return NULL;
        c *= 2;
    }
    if (size && c > SIZE_MAX / size)
        return NULL;
    void *q = realloc(p, c * size > 0 ? c * size : 1);
    if (q)
        *cap = c;
    return q;
}
