/* ticks: the one place that chooses a "nice" tick step, 1, 2 or 5 times a power of ten, for every
 * chart axis (draw/axes.c's real axes, draw/chart.c's explore charts, svg_time_ticks' time
 * axes in ns). Pure functions, nothing to free. */
#ifndef RT_TICKS_H
#define RT_TICKS_H

#include <stdint.h>

/* The smallest of 1, 2, 5 and 10 times p = 10^floor(log10(raw)) that is at least
 * raw * (1 - slack) (raw > 0 and finite; slack >= 0 forgives rounding in raw). */
double ticks_step(double raw, double slack);
/* The nice integer step after step (1, 2, 5, 10, 20, 50, ...; step itself nice and > 0), or 0
 * when the next one would pass INT64_MAX. */
int64_t ticks_step_next(int64_t step);

#endif
