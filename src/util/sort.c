/* sort: a stable merge sort whose comparison takes a context, without allocating.
 *
 * Runs of up to SMALL elements are sorted by insertion (adjacent swaps); two sorted runs are
 * merged through a buffer on the stack when the first fits in it, else split as in a merge
 * without buffer: the longer run is cut in half, the other at the first element that must follow
 * (lower bound) or may precede (upper bound) the cut element, the middle rotated, and both halves
 * merged again. Only an element that compares strictly less ever passes one before it, so equal
 * elements keep their input order. */
#include "util/sort.h"

#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#define SMALL 12         /* runs sorted by insertion */
#define BUF_BYTES 4096   /* the merge buffer */
#define SWAP_CHUNK 64    /* bytes swapped at a time */

typedef struct sorter {
    size_t size;
    sort_cmp_fn cmp;
    void *ctx;
    unsigned char *buf;
    size_t buf_n;        /* elements the buffer holds */
} sorter;

static void swap_elems(unsigned char *a, unsigned char *b, size_t size)
{
    unsigned char t[SWAP_CHUNK];
    while (size > 0) {
        size_t k = size < sizeof t ? size : sizeof t;
        memcpy(t, a, k);
        memcpy(a, b, k);
        memcpy(b, t, k);
        a += k;
        b += k;
        size -= k;
    }
}

/* Reverse the n elements at a. */
static void reverse(const sorter *s, unsigned char *a, size_t n)
{
    for (size_t i = 0, j = n; i + 1 < j; i++, j--)
        swap_elems(a + i * s->size, a + (j - 1) * s->size, s->size);
}

/* The n1 elements at a and the n2 after them change places, each keeping its order. */
static void rotate(const sorter *s, unsigned char *a, size_t n1, size_t n2)
{
    reverse(s, a, n1);
    reverse(s, a + n1 * s->size, n2);
    reverse(s, a, n1 + n2);
}

static void insertion(const sorter *s, unsigned char *a, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && s->cmp(a + (j - 1) * s->size, a + j * s->size, s->ctx) > 0;
             j--)
            swap_elems(a + (j - 1) * s->size, a + j * s->size, s->size);
}

/* First of the n elements at a that does not sort before x (with upper: that sorts after x). */
static size_t bound(const sorter *s, const unsigned char *a, size_t n, const unsigned char *x,
                    bool upper)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const unsigned char *m = a + mid * s->size;
        bool before = upper ? s->cmp(x, m, s->ctx) >= 0 : s->cmp(m, x, s->ctx) < 0;
        if (before)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Merge the sorted runs a[0 .. n1-1] and a[n1 .. n1+n2-1]. */
static void merge(const sorter *s, unsigned char *a, size_t n1, size_t n2)
{
    size_t z = s->size;
    if (n1 == 0 || n2 == 0 || s->cmp(a + (n1 - 1) * z, a + n1 * z, s->ctx) <= 0)
        return;
    if (n1 <= s->buf_n) {
        /* the first run into the buffer, merged forward: the output never overtakes the second
         * run, which is read in place */
        memcpy(s->buf, a, n1 * z);
        unsigned char *i = s->buf, *ie = s->buf + n1 * z, *j = a + n1 * z, *je = j + n2 * z;
        unsigned char *o = a;
        while (i < ie && j < je) {
            bool second = s->cmp(j, i, s->ctx) < 0;
            memcpy(o, second ? j : i, z);
            if (second)
                j += z;
            else
                i += z;
            o += z;
        }
        memcpy(o, i, (size_t)(ie - i));
        return;
    }
    if (n1 + n2 == 2) {
        swap_elems(a, a + z, z); /* they are out of order (tested above) */
        return;
    }
    size_t c1, c2;
    if (n1 > n2) {
        c1 = n1 / 2;
        c2 = bound(s, a + n1 * z, n2, a + c1 * z, false);
    } else {
        c2 = n2 / 2;
        c1 = bound(s, a, n1, a + (n1 + c2) * z, true);
    }
    rotate(s, a + c1 * z, n1 - c1, c2);
    merge(s, a, c1, c2);
    merge(s, a + (c1 + c2) * z, n1 - c1, n2 - c2);
}

static void sort_run(const sorter *s, unsigned char *a, size_t n)
{
    if (n <= SMALL) {
        insertion(s, a, n);
        return;
    }
    size_t h = n / 2;
    sort_run(s, a, h);
    sort_run(s, a + h * s->size, n - h);
    merge(s, a, h, n - h);
}

void sort_ctx(void *base, size_t n, size_t size, sort_cmp_fn cmp, void *ctx)
{
    alignas(max_align_t) unsigned char buf[BUF_BYTES];
    if (n < 2 || size == 0)
        return;
    sorter s = { .size = size, .cmp = cmp, .ctx = ctx, .buf = buf, .buf_n = sizeof buf / size };
    sort_run(&s, base, n);
}

/* ---- the (key, index) record ---- */

int sort_key_cmp(const void *a, const void *b)
{
    const sort_key *x = a, *y = b;
    int c = sort_cmp_i64(x->key, y->key);
    return c ? c : sort_cmp_size(x->idx, y->idx);
}
