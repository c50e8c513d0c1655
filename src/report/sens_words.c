/* sens_words: the sensitivity's figures in words. */
#include "report/sens_words.h"

#include <stdio.h>

void sens_words_chain(const rt_report *r, size_t x, char *buf, size_t size)
{
    const sens_chain *sc = &r->sens->chains[x];
    const chain_result *c = r->chains ? &r->chains[x] : NULL;
    char k[32];
    if (sc->has_scaling) {
        sens_k_text(sc->scaling_k, k, sizeof k);
        snprintf(buf, size, "%s%s (to 1e-4, rounded down)",
                 sc->scaling_k == SENS_SCALE_MAX_K ? "at least " : "", k);
    } else if (c && r->ts->chains[x].communication == RT_COMM_LET &&
               (c->why == CHAIN_WHY_REACTION || c->why == CHAIN_WHY_AGE)) {
        snprintf(buf, size, "none: under LET the chain's bound depends only on its tasks' "
                 "periods and offsets, not on any WCET, and it exceeds the requirement");
    } else {
        sens_k_text(r->sens->scaling_min_k, k, sizeof k);
        snprintf(buf, size, "none: the chain fails even at %s", k);
    }
}
