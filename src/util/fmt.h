/* fmt: numbers for people, the one rule every writer uses: a duration in ns as an exact decimal
 * in a human unit, a real to six significant digits (full precision lives in the JSON). */
#ifndef RT_FMT_H
#define RT_FMT_H

#include <stddef.h>
#include <stdint.h>

/* Write ns as an exact decimal in a human unit ("12 ns", "3.5 us", "16.666667 ms") into buf. */
void fmt_ns(int64_t ns, char *buf, size_t size);
/* Write x for people: six significant digits, a count from 1e5 up to 1e15 as a whole number. */
void fmt_real(double x, char *buf, size_t size);

/* The same as values, for use inside one printf: fmt_dur_of(ns).s, fmt_real_of(x).s. */
typedef struct fmt_ns_text { char s[40]; } fmt_ns_text;
typedef struct fmt_real_text { char s[32]; } fmt_real_text;
static inline fmt_ns_text fmt_dur_of(int64_t ns)
{
    fmt_ns_text d;
    fmt_ns(ns, d.s, sizeof d.s);
    return d;
}
static inline fmt_real_text fmt_real_of(double x)
{
    fmt_real_text r;
    fmt_real(x, r.s, sizeof r.s);
    return r;
}

#endif
