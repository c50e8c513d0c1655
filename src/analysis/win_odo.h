/* win_odo: the exact worst-case co-runner search, an odometer with branch-and-bound. */
#ifndef RT_WIN_ODO_H
#define RT_WIN_ODO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/budget.h"
#include "analysis/options.h"
#include "analysis/windows.h"
#include "models/interference.h"

/* The odometer of one member in its win_layout's scratch: others[D], digit[D], best[D],
 * out[D + 1]; acc and suffix D + 1 each. Nothing of its own to free. */
typedef struct win_odo {
    size_t D;
    size_t P;                      /* digits enumerated by the odometer: D, or D - 1 when the
                                      last digit is searched by win_last_digit */
    size_t *others, *digit, *best, *out;
    intf_acc *acc;                 /* acc[i]: self plus the choices of digits 0..i-1 */
    double *suffix;                /* suffix[i]: sum of the max BW of partitions others[i..] */
    intf_contrib *contrib;         /* per member: its share in a window of this size */
    double size;                   /* C(k, n_p) */
    double seed, best_M;           /* pruning thresholds (see win_odo_search) */
    rt_budget *budget;             /* charged per bound and per combination; NULL: no limit */
    bool out_of_budget;            /* the budget ran out: the search was abandoned */
} win_odo;

/* Set od up for member self of wl, charging budget (NULL: no limit): its views into wl's scratch, the other hosting
 * partitions (others), the shares of self and of their kernels, the suffix BW bounds, and best
 * all "nothing". */
void win_odo_init(win_layout *wl, rt_budget *budget, size_t self, win_odo *od);
/* best := S_max, from every other hosting partition its max-bandwidth kernel. */
void win_odo_smax(const win_layout *wl, win_odo *od);
/* Write the window of the digits d into od->out: self first, then each chosen kernel by
 * partition; returns its size. */
size_t win_odo_emit(const win_layout *wl, const win_odo *od, const size_t *d, size_t self);
/* M*(k,S) of the combination of digits d into *t, summing in window order (self, then
 * partitions). */
void win_odo_eval(const win_layout *wl, const intf_gpu *g, const rt_options *o,
                  const win_odo *od, const size_t *d, size_t self, intf_terms *t);
/* Every combination in odometer order, keeping the first strict maximum of M* in out (its
 * members in od->out, out->exhaustive true). False if the budget ran out: the caller falls back. */
bool win_odo_search(win_layout *wl, const intf_gpu *g, const rt_options *o, size_t self,
                    win_odo *od, win_combo *out);

#endif
