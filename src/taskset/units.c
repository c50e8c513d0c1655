/* units: exact parsing of the plain numbers and durations written in the input files.
 *
 * Durations that must be whole nanoseconds are converted without floating point: the digits
 * (integer and fraction part together) form an integer S, trailing zeros of S are moved into
 * the power of ten, and the value is S * 10^p with p = unit power - fraction digits + zeros
 * moved. It is whole exactly when p >= 0 (S then ends in a nonzero digit). Exact decimals
 * (units_parse_decimal) are held the same way, as digits and a power of ten. */
#include "taskset/units.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ckint.h"
#include "util/suggest.h"

const char *units_status_text(units_status st)
{
    switch (st) {
    case UNITS_OK: return "is valid";
    case UNITS_EMPTY: return "is empty";
    case UNITS_SPACE: return "must not contain spaces";
    case UNITS_NOT_INT: return "is not an integer";
    case UNITS_NOT_NUMBER: return "is not a number";
    case UNITS_NOT_DURATION:
        return "is not a duration (expected a decimal number and a unit, e.g. 10ms)";
    case UNITS_NO_UNIT: return "has no unit (expected e.g. 10ms)";
    case UNITS_BAD_UNIT: return "has an unknown unit (expected ns, us, ms or s)";
    case UNITS_EXPONENT: return "uses an exponent (write durations as plain decimals, e.g. 2.5ms)";
    case UNITS_RANGE: return "is out of range";
    case UNITS_NOT_WHOLE: return "is not a whole number of nanoseconds";
    }
    return "is invalid";
}

const char *units_status_explain(units_status st, const char *s, char *buf, size_t size)
{
    static const char *const names[] = { "ns", "us", "ms", "s" };
    if (st != UNITS_BAD_UNIT)
        return units_status_text(st);
    size_t n = strspn(s, "+-0123456789.");   /* the number in front (dur_split checked it) */
    rt_suggest sg;
    rt_suggest_init(&sg, s + n);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        rt_suggest_add(&sg, names[i]);
    const char *unit = rt_suggest_best(&sg);
    if (!unit || n > 40)
        return units_status_text(st);
    snprintf(buf, size, "has an unknown unit (expected ns, us, ms or s; did you mean %.*s%s?)",
             (int)n, s, unit);
    return buf;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int has_space(const char *s)
{
    return strpbrk(s, " \t\n\r\v\f") != NULL;
}

/* Common first checks; UNITS_OK when s may hold a number. */
static units_status precheck(const char *s)
{
    if (!*s)
        return UNITS_EMPTY;
    if (has_space(s))
        return UNITS_SPACE;
    return UNITS_OK;
}

static size_t count_digits(const char *s)
{
    size_t n = 0;
    while (is_digit(s[n]))
        n++;
    return n;
}

units_status units_parse_int(const char *s, int64_t *out)
{
    units_status st = precheck(s);
    if (st != UNITS_OK)
        return st;
    size_t i = (s[0] == '+' || s[0] == '-') ? 1 : 0;
    size_t nd = count_digits(s + i);
    if (nd == 0 || s[i + nd] != '\0')
        return UNITS_NOT_INT;
    errno = 0;
    char *end = NULL;
    long long v = strtoll(s, &end, 10);
    if (errno == ERANGE)
        return UNITS_RANGE;
    if (end != s + i + nd)
        return UNITS_NOT_INT;
    *out = (int64_t)v;
    return UNITS_OK;
}

/* Length of a decimal [+-](digits[.digits] | .digits) at s, 0 if none; *ndig counts digits. */
static size_t scan_decimal(const char *s, size_t *nint, size_t *nfrac)
{
    size_t i = (s[0] == '+' || s[0] == '-') ? 1 : 0;
    *nint = count_digits(s + i);
    i += *nint;
    *nfrac = 0;
    if (s[i] == '.') {
        *nfrac = count_digits(s + i + 1);
        if (*nint + *nfrac > 0)
            i += 1 + *nfrac;
    }
    return (*nint + *nfrac > 0) ? i : 0;
}

/* Length of an exponent e[+-]digits at s, 0 if none. */
static size_t scan_exponent(const char *s)
{
    if (s[0] != 'e' && s[0] != 'E')
        return 0;
    size_t i = (s[1] == '+' || s[1] == '-') ? 2 : 1;
    size_t nd = count_digits(s + i);
    return nd ? i + nd : 0;
}

static units_status strtod_checked(const char *s, size_t len, double *out)
{
    errno = 0;
    char *end = NULL;
    double v = strtod(s, &end);
    if (end != s + len)
        return UNITS_NOT_NUMBER;
    if (errno == ERANGE || !isfinite(v))
        return UNITS_RANGE;
    *out = v;
    return UNITS_OK;
}

units_status units_parse_real(const char *s, double *out)
{
    units_status st = precheck(s);
    if (st != UNITS_OK)
        return st;
    size_t nint, nfrac;
    size_t n = scan_decimal(s, &nint, &nfrac);
    if (n == 0)
        return UNITS_NOT_NUMBER;
    n += scan_exponent(s + n);
    if (s[n] != '\0')
        return UNITS_NOT_NUMBER;
    return strtod_checked(s, n, out);
}

/* A duration split into its parts. */
typedef struct dur_parts {
    int neg;
    const char *int_digits;  /* nint digits */
    size_t nint;
    const char *frac_digits; /* nfrac digits */
    size_t nfrac;
    int unit_pow;            /* ns 0, us 3, ms 6, s 9 */
} dur_parts;

static int unit_power(const char *u, int *pow10)
{
    static const struct { const char *name; int pow10; } units[] = {
        {"ns", 0}, {"us", 3}, {"ms", 6}, {"s", 9},
    };
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strcmp(u, units[i].name) == 0) {
            *pow10 = units[i].pow10;
            return 1;
        }
    return 0;
}

static units_status dur_split(const char *s, dur_parts *p)
{
    units_status st = precheck(s);
    if (st != UNITS_OK)
        return st;
    size_t n = scan_decimal(s, &p->nint, &p->nfrac);
    if (n == 0)
        return UNITS_NOT_DURATION;
    p->neg = s[0] == '-';
    p->int_digits = s + ((s[0] == '+' || s[0] == '-') ? 1 : 0);
    p->frac_digits = p->int_digits + p->nint + 1;
    if (scan_exponent(s + n))
        return UNITS_EXPONENT;
    if (s[n] == '\0')
        return UNITS_NO_UNIT;
    if (!unit_power(s + n, &p->unit_pow))
        return UNITS_BAD_UNIT;
    return UNITS_OK;
}

/* The k-th digit of int_digits followed by frac_digits. */
static int dur_digit(const dur_parts *p, size_t k)
{
    return k < p->nint ? p->int_digits[k] - '0' : p->frac_digits[k - p->nint] - '0';
}

units_status units_parse_duration_ns(const char *s, int64_t *out)
{
    dur_parts p;
    units_status st = dur_split(s, &p);
    if (st != UNITS_OK)
        return st;
    size_t total = p.nint + p.nfrac, first = 0, last = total;
    while (first < total && dur_digit(&p, first) == 0)
        first++;
    if (first == total) {
        *out = 0;
        return UNITS_OK;
    }
    while (dur_digit(&p, last - 1) == 0)
        last--;
    /* value = S * 10^pow, S = digits[first, last) */
    int64_t pow = (int64_t)p.unit_pow - (int64_t)p.nfrac + (int64_t)(total - last);
    if (pow < 0)
        return UNITS_NOT_WHOLE;
    if (last - first > 19 || pow > 18)
        return UNITS_RANGE;
    int64_t v = 0;
    for (size_t k = first; k < last; k++)
        if (ck_mul(v, 10, &v) || ck_add(v, dur_digit(&p, k), &v))
            return UNITS_RANGE;
    for (int64_t k = 0; k < pow; k++)
        if (ck_mul(v, 10, &v))
            return UNITS_RANGE;
    *out = p.neg ? -v : v;
    return UNITS_OK;
}

units_status units_parse_duration_real_ns(const char *s, double *out)
{
    dur_parts p;
    units_status st = dur_split(s, &p);
    if (st != UNITS_OK)
        return st;
    /* Rewrite "<sign><digits>.<digits>" + "e<unit power>" and round once with strtod. */
    size_t numlen = (size_t)(p.int_digits - s) + p.nint + (p.nfrac ? 1 + p.nfrac : 0);
    if (p.nfrac == 0 && p.int_digits[p.nint] == '.')
        numlen++; /* "5.ms" */
    char *buf = malloc(numlen + 4);
    if (!buf)
        return UNITS_RANGE;
    memcpy(buf, s, numlen);
    buf[numlen] = 'e';
    buf[numlen + 1] = (char)('0' + p.unit_pow);
    buf[numlen + 2] = '\0';
    st = strtod_checked(buf, numlen + 2, out);
    free(buf);
    return st == UNITS_NOT_NUMBER ? UNITS_NOT_DURATION : st;
}

/* ---- exact decimals -------------------------------------------------------------------- */

static const int64_t pow10_tab[UNITS_DEC_MAX_DIGITS + 1] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000
};

units_status units_parse_decimal(const char *s, int64_t *mant, int *digits)
{
    size_t nint, nfrac;
    size_t n = (s[0] == '+' || s[0] == '-') ? 0 : scan_decimal(s, &nint, &nfrac);
    if (n == 0 || s[n] != '\0' || nfrac > UNITS_DEC_MAX_DIGITS)
        return UNITS_NOT_NUMBER;
    int64_t m = 0;
    for (const char *p = s; *p; p++) {
        if (*p == '.')
            continue;
        m = m * 10 + (*p - '0');   /* m < 10^15 before: no overflow */
        if (m >= UNITS_DEC_MAX_MANT)
            return UNITS_NOT_NUMBER;
    }
    int d = (int)nfrac;
    /* canonical: no trailing zeros after the point */
    while (d > 0 && m % 10 == 0) {
        m /= 10;
        d--;
    }
    *mant = m;
    *digits = d;
    return UNITS_OK;
}

void units_decimal_text(int64_t mant, int digits, char *buf, size_t size)
{
    if (digits == 0) {
        snprintf(buf, size, "%lld", (long long)mant);
        return;
    }
    int64_t p = pow10_tab[digits];
    char frac[16];
    /* int64_t is long here: the cast to long long only matches %lld
     * NOLINTNEXTLINE(bugprone-misplaced-widening-cast) */
    snprintf(frac, sizeof frac, "%lld", (long long)(p + mant % p));   /* "1" + digits digits */
    snprintf(buf, size, "%lld.%s", (long long)(mant / p), frac + 1);
}

int64_t units_decimal_scale(int64_t mant, int from, int to)
{
    return mant * pow10_tab[to - from];
}

double units_decimal_value(int64_t mant, int digits)
{
    return (double)mant / (double)pow10_tab[digits];
}
