/* assign_cuts: the cuts of the exact MIP (docs/assignment.md): what a failed layout proves about every layout like it. */
#ifndef RT_ASSIGN_CUTS_H
#define RT_ASSIGN_CUTS_H

#include "search/assign_mip.h"

/* Exclude candidate c, whose layout l failed the full analysis ev (ev NULL: no analysis result,
 * e.g. a WCET out of range, or one to ignore: an analysis the work budget left undecided). For each partition of c that fails with isolated WCETs, a minimal
 * failing subset of its tasks is excluded (with every superset, at every size where it fails).
 * For each other partition with a miss (worst-case windows only), a minimal failing subset is
 * excluded together with the co-runners that produced its WCETs. If neither applies, c alone is
 * excluded (no-good cut). *n_cuts counts the partition cuts (0: the no-good was added; it rests
 * on ev alone, so a caller whose ev was undecided must not let it prove anything). ASSIGN_OK,
 * _ENOMEM or _ESOLVER. */
int assign_cuts_add(amip *a, const amip_cand *c, const rt_layout *l, const rt_eval *ev,
             size_t *n_cuts);

#endif
