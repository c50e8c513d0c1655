/* incumbent: the best schedulable layout the partition search has found so far (private to
 * src/search/; docs/assignment.md sec. 3). Every stage offers its layouts here; the search never
 * returns anything worse than the incumbent. */
#ifndef RT_INCUMBENT_H
#define RT_INCUMBENT_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/layout.h"
#include "search/judge.h"
#include "search/result.h"
#include "search/sizes.h"

typedef struct incumbent {
    rt_layout *layout;      /* owned; the layout judged schedulable (NULL: none yet) */
    int64_t sms;            /* its SMs */
    jlayout jl;             /* the same layout normalised, sizes in units of g (the stages start
                             * from it; n_parts 0 while there is none) */
    double t_first, t_best; /* monotonic times of the first and the best layout (0: none) */
    const size_rule *rule;  /* the sizes allowed (sizes.h), not owned; NULL: any multiple of g */
    const char *stage;      /* the stage now running (static), named in the finds */
    assign_find finds[ASSIGN_MAX_FINDS]; /* every improvement: stage, SMs, monotonic time */
    size_t n_finds;
    long finds_dropped;     /* overwritten in the last slot once full (result.h) */
} incumbent;

/* Allocate for T tasks, no layout yet. 0, or -1 on out of memory (then incumbent_fini). */
int incumbent_init(incumbent *c, size_t T);
/* Free what c holds; safe on a zeroed struct. */
void incumbent_fini(incumbent *c);
/* Offer l, schedulable with sms SMs (partition sizes multiples of g): takes l. It becomes the
 * incumbent if every size is one c->rule allows and it has fewer SMs (returns 1), else it is
 * freed (returns 0). Each new incumbent is recorded as a find of c->stage. The one door to the incumbent: every stage proposes only allowed sizes,
 * and this check keeps any that did not from being returned. */
int incumbent_offer(incumbent *c, rt_layout *l, int64_t sms, int64_t g);
/* A layout of sms SMs found now by c->stage, better than the incumbent (incumbent_offer's, and the
 * exact loop's proven optimum, which it returns without the incumbent): its times and its
 * find recorded. */
void incumbent_record(incumbent *c, int64_t sms);
/* The incumbent was found at monotonic time t (a stage that offers its best layout when it
 * ends, not when it found it): its time and that of its find. */
void incumbent_found_at(incumbent *c, double t);
/* Hand the layout over to the caller (NULL: none); c keeps no layout. */
rt_layout *incumbent_take(incumbent *c);

#endif
