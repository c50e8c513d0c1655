/* sens_system: a whole system's step headroom and scaling factor (docs/evidence.md sec. 1). */
#ifndef RT_SENS_SYSTEM_H
#define RT_SENS_SYSTEM_H

#include <stddef.h>

#include "analysis/sens_ctx.h"

/* Headroom of step s of task i into c->out->steps[s] (has_headroom set), where every end-to-end
 * deadline holds. 0, or -1 on out of memory. */
int sens_system_step_headroom(sens_ctx *c, size_t i, size_t s);
/* The critical scaling factor of every step, from the smallest factor that keeps each WCET at
 * least its BCET, into c->out (scaling_min_k, has_scaling, scaling_k). 0, or -1 on out of
 * memory. */
int sens_system_scaling(sens_ctx *c);

#endif
