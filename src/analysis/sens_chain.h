/* sens_chain: each cause-effect chain's critical scaling factor (docs/evidence.md sec. 1). */
#ifndef RT_SENS_CHAIN_H
#define RT_SENS_CHAIN_H

#include "analysis/sens_ctx.h"

/* Each chain's factor into c->out->chains, searched from c->out->scaling_min_k (so after the
 * task set's or system's own factor); allocates c->ch_base and c->ch_cand (freed by
 * sens_ctx_close). 0, or -1 on out of memory. */
int sens_chain_scaling(sens_ctx *c);

#endif
