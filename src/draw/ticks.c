/* ticks: nice tick steps (ticks.h). */
#include "draw/ticks.h"

#include <math.h>

double ticks_step(double raw, double slack)
{
    double p = pow(10, floor(log10(raw)));
    static const double mant[] = { 1, 2, 5, 10 };
    for (int i = 0; i < 4; i++)
        if (mant[i] * p >= raw * (1 - slack))
            return mant[i] * p;
    return 10 * p;
}

int64_t ticks_step_next(int64_t step)
{
    int64_t pow10 = 1;
    while (pow10 <= step / 10)
        pow10 *= 10;
    int64_t m = step / pow10;   /* 1, 2 or 5 */
    if (m == 1)
        return 2 * pow10;
    if (m == 2)
        return 5 * pow10;
    return pow10 > INT64_MAX / 10 ? 0 : 10 * pow10;
}
