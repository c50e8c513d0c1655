/* judge: the full analysis of candidate layouts for the partition search, with a cache. */
#ifndef RT_JUDGE_H
#define RT_JUDGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/eval.h"
#include "analysis/options.h"
#include "models/model.h"
#include "search/sizes.h"
#include "search/sysview.h"
#include "taskset/taskset.h"

/* A candidate as the search handles it: part[i] is task i's partition (0 .. n_parts-1), or
 * JL_UNPLACED for a task not placed yet (a partial layout, while tasks are inserted); units[p]
 * the size of partition p in units of the granularity g (>= 1). Arrays of T entries each. */
#define JL_UNPLACED ((size_t)-1)
typedef struct jlayout {
    size_t T, n_parts;
    size_t *part;
    int64_t *units;
    size_t *map;          /* scratch of judge_normalise */
    int64_t *sz;
} jlayout;

/* Allocate for T tasks (n_parts 0). 0, or -1 on out of memory. */
int judge_init(jlayout *l, size_t T);
void judge_fini(jlayout *l);
void judge_copy(jlayout *dst, const jlayout *src);
/* True when every task is placed. */
bool judge_complete(const jlayout *l);
/* Sum of the sizes in units of g. */
int64_t judge_units(const jlayout *l);
/* Canonical form: empty partitions dropped, partitions numbered in the order of their lowest
 * task (the names P0, P1, ... of a returned layout). */
void judge_normalise(jlayout *l);

/* Grow what fails: the next size the rule r allows (one more unit without a rule), in partition
 * order while spare units remain, for every partition of l holding a task i with miss[i] set.
 * Returns the units given (0: none grew). */
int64_t judge_grow_missing(jlayout *l, const unsigned char *miss, int64_t spare,
                        const size_rule *r);

typedef struct judge judge;

/* The most one task adds to jverdict.overshoot: a miss by twice its deadline or worse. */
#define JUDGE_OVER_CAP 2.0

/* Verdict of the full analysis: pass (decided schedulable), per task whether it missed or was
 * left undecided (miss[i]), whether every launch's worst case was enumerated (not the
 * --combination-cap fallback), and undecided: the work budget (o->budget_units, a fresh one per
 * analysis) ran out, so the layout is neither accepted nor proven unschedulable. */
typedef struct jverdict {
    bool pass, exhaustive, erange, undecided;
    const unsigned char *miss;   /* T entries, valid until the next judge call */
    /* How far the layout is from passing: the sum over the tasks that miss of their overshoot
     * (R_i - D_i) / D_i, each at most JUDGE_OVER_CAP, which is also what a task counts whose
     * response is unbounded or undecided, or that sits on a size the rule forbids. 0 when it
     * passes (but test pass, not this sum: a miss by 1 ns adds about 1e-8). */
    double overshoot;
    /* Who slowed whom, for witness cuts: n_parts * n_parts entries (the normalised layout's
     * partitions), blame[p * n_parts + r] = 1 when partition r runs a kernel of the co-runner
     * combination that gave the WCET of some launch of a task on p (naive model: the first
     * co-runner). Only for a complete layout analysed now (not from the cache) that failed,
     * decided, with worst-case windows and every worst case enumerated; else NULL. Valid until
     * the next judge call. */
    const unsigned char *blame;
} jverdict;

/* Cache of at most max_entries verdicts (below 4: none); when full, newer verdicts replace older
 * ones. NULL on out of memory. */
judge *judge_new(const model *m, const rt_taskset *ts, const rt_options *o, size_t max_entries);
void judge_free(judge *j);
/* Judge a whole system: ts of judge_new is v's view (v->ts), and every analysis is the holistic
 * analysis of the system for the view's layout (sysview_eval, docs/assignment.md sec. 13): a
 * layout passes iff every end-to-end deadline holds, a CPU task's included; no blame is given.
 * v is borrowed and must outlive j. */
void judge_set_system(judge *j, const sysview *v);
/* Full analysis (rt_eval_layout) of l, normalised first, answered from the cache when the
 * same layout was analysed before; a layout with a size that the rule of the options forbids
 * (sizes.h) fails without an analysis, the tasks of such partitions missing. A partial layout
 * is analysed as the task set of its placed tasks alone (miss is 0 for the others); only a
 * complete layout can be returned. 0, or -1 on out of memory. */
int judge_eval(judge *j, jlayout *l, jverdict *v);
/* The search's one full analysis of a candidate (the returned layout's re-analysis is
 * rt_recheck's, analysis/recheck.h): rt_eval_layout of l for ts (the judge's task
 * set, or a part of it; with judge_set_system, the judge's task set itself, and the analysis
 * that of the system as sysview_eval recasts it) with a fresh work budget, counted in judge_analyses and, when left
 * undecided, judge_undecided; no cache. Returns rt_eval_layout's code, ev as there. */
int judge_analyse(judge *j, const rt_taskset *ts, rt_layout *l, rt_eval *ev);
/* The layout as the analysis takes it: P0, P1, ... packed from SM 0, base priorities. l must be
 * normalised. NULL on out of memory. */
rt_layout *judge_layout(const judge *j, const jlayout *l);
/* Full analyses run (judge_eval's and judge_analyse's; cache hits not counted), and cache hits. */
long judge_analyses(const judge *j);
/* Of the full analyses run, those the work budget left undecided. */
long judge_undecided(const judge *j);
long judge_hits(const judge *j);

#endif
