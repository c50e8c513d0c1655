/* incumbent: the best schedulable layout found so far (incumbent.h). */
#include "search/incumbent.h"

#include <string.h>

#include "search/search_int.h"

int incumbent_init(incumbent *c, size_t T)
{
    memset(c, 0, sizeof *c);
    return judge_init(&c->jl, T);
}

void incumbent_fini(incumbent *c)
{
    rt_layout_free(c->layout);
    c->layout = NULL;
    judge_fini(&c->jl);
}

void incumbent_record(incumbent *c, int64_t sms)
{
    c->t_best = search_now();
    if (c->t_first == 0)
        c->t_first = c->t_best;
    size_t k = c->n_finds;
    if (k == ASSIGN_MAX_FINDS) {
        k--;
        c->finds_dropped++;
    } else {
        c->n_finds++;
    }
    c->finds[k] = (assign_find){ .stage = c->stage ? c->stage : "", .sms = sms,
                                 .seconds = c->t_best };
}

int incumbent_offer(incumbent *c, rt_layout *l, int64_t sms, int64_t g)
{
    bool allowed = true;
    for (size_t p = 0; c->rule && p < l->n_parts; p++)
        allowed &= sizes_ok(c->rule, l->part_sms[p] / g);
    if (!allowed || (c->layout && c->sms <= sms)) {
        rt_layout_free(l);
        return 0;
    }
    rt_layout_free(c->layout);
    c->layout = l;
    c->sms = sms;
    incumbent_record(c, sms);
    /* the stages start from the best layout, wherever it was found */
    c->jl.n_parts = l->n_parts;
    for (size_t i = 0; i < l->n_tasks; i++)
        c->jl.part[i] = l->task_part[i];
    for (size_t p = 0; p < l->n_parts; p++)
        c->jl.units[p] = l->part_sms[p] / g;
    judge_normalise(&c->jl);
    return 1;
}

void incumbent_found_at(incumbent *c, double t)
{
    c->t_best = t;
    if (c->n_finds > 0)
        c->finds[c->n_finds - 1].seconds = t;
}

rt_layout *incumbent_take(incumbent *c)
{
    rt_layout *l = c->layout;
    c->layout = NULL;
    return l;
}
