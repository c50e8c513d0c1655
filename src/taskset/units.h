/* units: exact parsing of the plain numbers and durations written in the input files. */
#ifndef RT_UNITS_H
#define RT_UNITS_H

#include <stddef.h>
#include <stdint.h>

/* Outcome of a conversion; units_status_text() gives the words users see. */
typedef enum {
    UNITS_OK,
    UNITS_EMPTY,        /* "" */
    UNITS_SPACE,        /* contains white space anywhere */
    UNITS_NOT_INT,      /* not [+-]digits */
    UNITS_NOT_NUMBER,   /* not a decimal number with optional exponent */
    UNITS_NOT_DURATION, /* no number in front of the unit */
    UNITS_NO_UNIT,      /* a number without ns|us|ms|s */
    UNITS_BAD_UNIT,     /* a number followed by something else */
    UNITS_EXPONENT,     /* a duration written with an exponent */
    UNITS_RANGE,        /* does not fit (int64, or a finite double) */
    UNITS_NOT_WHOLE     /* a duration that is not a whole number of nanoseconds */
} units_status;

/* The problem in words, to follow `<attribute> "<text>"` in a message, e.g. "has no unit
 * (expected e.g. 10ms)". Static storage. */
const char *units_status_text(units_status st);
/* The same words for the text s that gave st, with a suggestion where one helps: for
 * UNITS_BAD_UNIT the value with the closest unit (src/util/suggest.h), e.g. "20MS" gives "has an
 * unknown unit (expected ns, us, ms or s; did you mean 20ms?)". Returns buf, or the static text
 * when there is nothing to add. */
const char *units_status_explain(units_status st, const char *s, char *buf, size_t size);

/* Integer: optional sign and decimal digits only, within int64. */
units_status units_parse_int(const char *s, int64_t *out);
/* Real number: [+-]digits[.digits][e[+-]digits] (also ".5", "5."), finite after rounding;
 * no hex, inf or nan. Rounded once, by strtod. */
units_status units_parse_real(const char *s, double *out);
/* Duration that must be a whole number of nanoseconds: [+-]decimal unit, with unit one of
 * ns us ms s and no exponent. Exact: the decimal digits are scaled as integers, so "0.271ms"
 * is 271000 and "1.5ns" is UNITS_NOT_WHOLE. Negative values are returned (callers check). */
units_status units_parse_duration_ns(const char *s, int64_t *out);
/* Duration as a real number of nanoseconds (same syntax), rounded once. */
units_status units_parse_duration_real_ns(const char *s, double *out);

/* Exact decimals (the numbers of a sweep file): the value mant / 10^digits, held as integers so
 * that a range from="0.1" to="1" step="0.05" has exactly the values 0.1, 0.15, ..., 1. */
#define UNITS_DEC_MAX_DIGITS 9                             /* decimals after the point */
#define UNITS_DEC_MAX_MANT ((int64_t)1000000000000000)     /* 10^15: exact in a double */
/* Plain decimal "12", "0.25", ".5", "5.": no sign, no exponent, at most UNITS_DEC_MAX_DIGITS
 * decimals, digits below UNITS_DEC_MAX_MANT; canonical (no trailing zeros after the point).
 * UNITS_OK, or UNITS_NOT_NUMBER for anything else (*mant and *digits then untouched). */
units_status units_parse_decimal(const char *s, int64_t *mant, int *digits);
/* mant / 10^digits (digits <= UNITS_DEC_MAX_DIGITS) written as a plain decimal into buf. */
void units_decimal_text(int64_t mant, int digits, char *buf, size_t size);
/* mant / 10^from written with to >= from digits: mant * 10^(to - from) (the caller keeps it
 * within int64: below 10^15 * 10^9). */
int64_t units_decimal_scale(int64_t mant, int from, int to);
/* mant / 10^digits as a double, rounded once. */
double units_decimal_value(int64_t mant, int digits);

#endif
