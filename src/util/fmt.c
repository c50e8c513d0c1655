/* fmt: numbers for people (fmt.h). */
#include "util/fmt.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

void fmt_ns(int64_t ns, char *buf, size_t size)
{
    /* Exact: ns divided by a power of ten, printed with all its digits, trailing zeros cut. */
    static const struct { int64_t div; int digits; const char *unit; } u[] = {
        {1000000000, 9, "s"}, {1000000, 6, "ms"}, {1000, 3, "us"}, {1, 0, "ns"}};
    int64_t a = ns < 0 ? -ns : ns;
    size_t k = 0;
    while (u[k].div > 1 && a < u[k].div)
        k++;
    if (u[k].div == 1) {
        snprintf(buf, size, "%" PRId64 " ns", ns);
        return;
    }
    char frac[16];
    snprintf(frac, sizeof frac, "%0*" PRId64, u[k].digits, a % u[k].div);
    for (size_t n = strlen(frac); n > 0 && frac[n - 1] == '0'; n--)
        frac[n - 1] = '\0';
    snprintf(buf, size, "%s%" PRId64 "%s%s %s", ns < 0 ? "-" : "", a / u[k].div,
             frac[0] ? "." : "", frac, u[k].unit);
}

void fmt_real(double x, char *buf, size_t size)
{
    double a = x < 0 ? -x : x;
    if (a >= 1e5 && a < 1e15)
        snprintf(buf, size, "%.0f", x);
    else
        snprintf(buf, size, "%.6g", x);
}
