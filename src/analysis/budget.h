/* budget: the whole run's work budget, counted in work units (never time), shared by the worst-case
 * window search, the response-time analysis and the sensitivity analysis, and spent by the block
 * placement of rtgpu-simulate --scenario (docs/analysis.md). */
#ifndef RT_BUDGET_H
#define RT_BUDGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Default: about 50 s of analysis on the slowest unit measured here (docs/analysis.md). */
#define RT_BUDGET_DEFAULT_UNITS ((uint64_t)1 << 34)
/* Units charged for one co-runner combination evaluated by the worst-case window search and for
 * one window of the synchronous timeline (each costs about this many demand terms of the RTA). */
#define RT_BUDGET_COMBO_UNITS 16

/* The step that was running when the budget ran out. */
typedef enum {
    BUDGET_STEP_NONE,          /* not exhausted */
    BUDGET_STEP_WINDOWS,       /* execution windows and WCETs */
    BUDGET_STEP_PRIORITIES,    /* Audsley's priority assignment */
    BUDGET_STEP_RTA,           /* response-time analysis */
    BUDGET_STEP_SENSITIVITY,   /* sensitivity analysis */
    BUDGET_STEP_PLACEMENT,     /* the block placement of rtgpu-simulate --scenario */
    BUDGET_STEP_CHAINS         /* the cause-effect chains' bounds (the LET enumeration) */
} budget_step;

/* A counter of work units with its limit, and where it ran out. Plain record, caller-owned. */
typedef struct rt_budget {
    uint64_t limit_units;      /* at most this many units may be spent */
    uint64_t used_units;       /* spent so far (may pass the limit by the last charge) */
    bool exhausted;            /* a charge passed the limit: everything after is undecided */
    budget_step step;          /* the step running when it ran out */
    budget_step current;       /* the step now running (set by the analysis as it goes) */
    size_t task;               /* task-set index being worked on when it ran out, or SIZE_MAX */
    size_t current_task;       /* task-set index now worked on (SIZE_MAX: none in particular) */
} rt_budget;

/* A fresh counter of limit_units units. */
void budget_init(rt_budget *b, uint64_t limit_units);
/* The budget an analysis charges: given, or (given NULL) own, initialised to limit_units. */
rt_budget *budget_or_own(rt_budget *given, rt_budget *own, uint64_t limit_units);
/* Name of a step for reports: "windows", "priorities", "rta", "sensitivity", "placement",
 * "chains" ("" for none). */
const char *budget_step_name(budget_step s);
/* The step of a report in words, e.g. "the response-time analysis". */
const char *budget_step_text(budget_step s);

/* Charge units; false (and the counter exhausted, its step and task recorded) once the total
 * passes the limit. Every later charge is false too. */
static inline bool budget_spend(rt_budget *b, uint64_t units)
{
    if (b->exhausted)
        return false;
    b->used_units = units > UINT64_MAX - b->used_units ? UINT64_MAX : b->used_units + units;
    if (b->used_units <= b->limit_units)
        return true;
    b->exhausted = true;
    b->step = b->current;
    b->task = b->current_task;
    return false;
}

#endif
