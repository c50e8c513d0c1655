/* fixture_sysgen: random whole systems (hol_system records) for the property tests against the
 * whole-system simulator (tests/test_sysprop.c, tests/test_chainprop.c). */
#ifndef RT_FIXTURE_SYSGEN_H
#define RT_FIXTURE_SYSGEN_H

#include <stdbool.h>
#include <string.h>

#include "analysis/holistic.h"
#include "util/rng.h"

enum { FX_MAX_RES = 6, FX_MAX_TASKS = 5, FX_MAX_STEPS = 4, FX_MAX_LAUNCHES = 3 };

/* One random system and the arrays its record points into. */
typedef struct fx_sys {
    hol_resource res[FX_MAX_RES];
    hol_task tasks[FX_MAX_TASKS];
    hol_step steps[FX_MAX_TASKS * FX_MAX_STEPS];
    int64_t lw[FX_MAX_TASKS * FX_MAX_STEPS][FX_MAX_LAUNCHES];
    int64_t lb[FX_MAX_TASKS * FX_MAX_STEPS][FX_MAX_LAUNCHES];
    int64_t phase[FX_MAX_TASKS];   /* of each task's first release (0 unless chains) */
    hol_system sys;
    int64_t hyper;
} fx_sys;

/* A random system: one or two cores, zero to two copy engines (fifo or priority), one or two
 * partitions (whole steps or kernel boundaries); two to five tasks of one to four steps on
 * random resources, periods from {60, 90, 120, 180, 360} ns (hyperperiod 360), WCETs from 1 ns
 * to about a sixth of the period, BCETs from 0 to the WCET, release jitter from 0 to 1.5 T (one
 * task in four), priorities from 1 to 4 (ties happen), step priorities now and then. Deadlines
 * are far (20 T): the property is about the bounds, not the verdict. With chains, for the chain
 * property test (more draws, so other systems): half the tasks are one-step tasks on core 0 (the
 * same-core hops of the chain analyses), half the tasks have a release jitter, half have D = T
 * (candidates for LET), and every task has a phase in [0, T). */
static inline void fx_sys_gen(fx_sys *g, uint64_t *s, bool chains)
{
    static const int64_t periods[5] = {60, 90, 120, 180, 360};
    memset(g, 0, sizeof *g);
    size_t nr = 0;
    size_t cores = 1 + (size_t)rng_upto(s, 1), engines = (size_t)rng_upto(s, 2),
           parts = 1 + (size_t)rng_upto(s, 1);
    for (size_t k = 0; k < cores; k++)
        g->res[nr++] = (hol_resource){ .kind = HOL_CPU_CORE };
    for (size_t k = 0; k < engines; k++)
        g->res[nr++] = (hol_resource){ .kind = HOL_COPY_ENGINE, .fifo = rng_upto(s, 1) == 0 };
    for (size_t k = 0; k < parts; k++)
        g->res[nr++] = (hol_resource){ .kind = HOL_PARTITION,
                                       .kernel_preemption = rng_upto(s, 1) == 0 };
    size_t nt = 2 + (size_t)rng_upto(s, 3), ns = 0;
    for (size_t i = 0; i < nt; i++) {
        hol_task *t = &g->tasks[i];
        t->period_ns = periods[rng_upto(s, 4)];
        t->deadline_ns = 20 * t->period_ns;
        t->jitter_ns = rng_upto(s, chains ? 1 : 3) == 0 ? rng_upto(s, t->period_ns * 3 / 2) : 0;
        t->first_step = ns;
        bool alone = chains && rng_upto(s, 1) == 0;
        t->n_steps = alone ? 1 : 1 + (size_t)rng_upto(s, FX_MAX_STEPS - 1);
        int64_t prio = 1 + rng_upto(s, 3);
        size_t part = cores + engines + (size_t)rng_upto(s, (int64_t)parts - 1);
        for (size_t k = 0; k < t->n_steps; k++, ns++) {
            hol_step *st = &g->steps[ns];
            size_t kind = alone ? 0 : (size_t)rng_upto(s, engines ? 2 : 1);
            st->resource = alone ? 0
                         : kind == 0 ? (size_t)rng_upto(s, (int64_t)cores - 1)
                         : kind == 2 ? cores + (size_t)rng_upto(s, (int64_t)engines - 1)
                                     : part;
            st->priority = rng_upto(s, 4) == 0 ? 1 + rng_upto(s, 3) : prio;
            /* a first step may take up to half the period: the jitter it hands on is large */
            int64_t cap = t->period_ns / (k == 0 && rng_upto(s, 1) ? 2 : 6);
            if (g->res[st->resource].kind == HOL_PARTITION) {
                st->n_launches = 1 + (size_t)rng_upto(s, FX_MAX_LAUNCHES - 1);
                for (size_t r = 0; r < st->n_launches; r++) {
                    g->lw[ns][r] = 1 + rng_upto(s, cap / (int64_t)st->n_launches);
                    g->lb[ns][r] = rng_upto(s, 1) ? 0 : rng_upto(s, g->lw[ns][r]);
                    st->wcet_ns += g->lw[ns][r];
                    st->bcet_ns += g->lb[ns][r];
                }
                st->launch_wcet_ns = g->lw[ns];
                st->launch_bcet_ns = g->lb[ns];
            } else {
                st->wcet_ns = 1 + rng_upto(s, cap);
                st->bcet_ns = rng_upto(s, 1) ? 0 : rng_upto(s, st->wcet_ns);
            }
        }
        if (chains) {
            if (rng_upto(s, 1) == 0)
                t->deadline_ns = t->period_ns;
            g->phase[i] = rng_upto(s, t->period_ns - 1);
        }
    }
    g->sys = (hol_system){ .resources = g->res, .n_resources = nr, .tasks = g->tasks,
                           .n_tasks = nt, .steps = g->steps, .n_steps = ns };
    g->hyper = 360;
}

#endif
