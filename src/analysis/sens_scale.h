/* sens_scale: the WCETs of a candidate of the critical scaling factor a = k / SENS_UNIT. */
#ifndef RT_SENS_SCALE_H
#define RT_SENS_SCALE_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis/sens_ctx.h"
#include "analysis/system.h"

/* The scaled WCET ceil(k * w / SENS_UNIT) of one launch; false if it leaves 2^62 ns. */
bool sens_scale_ns(int64_t w_ns, int64_t k, int64_t *out);
/* Every task WCET into c->c_ns, each launch's scaled by k / SENS_UNIT: false if one leaves
 * 2^62 ns (a miss: docs/analysis.md sec. 5). */
bool sens_scale_tasks(sens_ctx *c, int64_t k);
/* The system copy (sens_ctx_sys_reset first) with every step's WCET scaled by k / SENS_UNIT (a
 * GPU step launch by launch), the BCETs as given: false if one leaves 2^62 ns (a miss). */
bool sens_scale_system(sens_ctx *c, int64_t k);
/* Smallest k >= 1 at which every scaled WCET of system b is still at least its BCET; at most
 * SENS_UNIT. */
int64_t sens_scale_min_k(const rt_system *b);

#endif
