/* sens_words: the sensitivity's figures in words, the same in the text and the HTML report. */
#ifndef RT_SENS_WORDS_H
#define RT_SENS_WORDS_H

#include <stddef.h>
#include <stdint.h>

#include "report/report.h"

/* Chain x's scaling factor (r->sens): "1.2345 (to 1e-4, rounded down)", "at least ...", or why
 * there is none: a LET chain whose bound alone exceeds its requirement has a bound that no WCET
 * changes (docs/chains.md), any other one fails even at the smallest factor tried. Into buf. */
void sens_words_chain(const rt_report *r, size_t x, char *buf, size_t size);

#endif
