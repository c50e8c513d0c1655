/* bounds: lower bounds of WCETs and the necessary group test of the partition search. */
#ifndef RT_BOUNDS_H
#define RT_BOUNDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/options.h"
#include "models/model.h"
#include "search/sizes.h"
#include "taskset/taskset.h"

/* Tables built once per search (docs/assignment.md sec. 2):
 *   iso[i][s]   the isolated WCET of task i on (s+1)g SMs (multiplier 1), a lower bound of its
 *               WCET on that size in every layout;
 *   pair[k][s][l] = min over n' in [g, N - (s+1)g] of M*(k on (s+1)g, {l on n'}): with worst-case
 *               windows, a lower bound of the multiplier of kernel k on (s+1)g SMs in every layout
 *               where some other partition runs kernel l (that partition has at most N - (s+1)g
 *               SMs, and the combination {l} is among those the maximum of docs/model.md sec. 3
 *               runs over; the cap fallback 2 I(S_max) is larger still).
 * A group G on size s whose tasks outside are O fails the test when the response-time analysis
 * with WCETs sum over launches of wcet(k, s, max over kernels l of O of pair[k][s][l]) misses a
 * deadline (or O is not empty and the others cannot fit beside it). Facts (L) and (M) of
 * docs/assignment.md make it necessary: a partition holding exactly G on s SMs with O elsewhere
 * fails the full analysis in every layout. With O a subset of the final outside set, the test is
 * weaker but still necessary, and failing it is inherited by every larger G (same O or larger):
 * what a depth-first search over groups needs to prune. Each test's RTA has a work budget of
 * o->budget_units of its own; a test whose budget runs out counts as passing ("may pass"), so a
 * failure is always a decided one. */
typedef struct lbt lbt;

/* Build the tables. A size the rule of sizes.h forbids (o->part_min_sms, o->part_step_sms) is one
 * on which no task fits: every test below fails there, so every bound is one of the layouts of
 * allowed sizes. NULL on out of memory. Borrowed m, ts, o must outlive the tables. */
lbt *bounds_new(const model *m, const rt_taskset *ts, const rt_options *o);
void bounds_free(lbt *b);
size_t bounds_tasks(const lbt *b);
size_t bounds_sizes(const lbt *b);
/* Base priority of task i (the file's under "given" when it has them, else deadline-monotonic). */
int64_t bounds_priority(const lbt *b, size_t i);
/* The sizes the search may choose (o's rule on the GPU's granularity; sizes.h), borrowed. */
const size_rule *bounds_rule(const lbt *b);
/* Task i alone on size s passes with isolated WCETs, or its test was undecided (and its WCET
 * fits in range). */
bool bounds_fits(const lbt *b, size_t i, size_t s);
/* Smallest size index on which task i fits alone, bounds_sizes if none. */
size_t bounds_alone(const lbt *b, size_t i);
/* Isolated WCET C_i^iso(s) of task i on size s in ns, -1 beyond 2^62 ns (out of range). */
int64_t bounds_iso(const lbt *b, size_t i, size_t s);
/* Isolated utilisation C_i^iso(s) / T_i (a lower bound of the task's share of its partition). */
double bounds_util(const lbt *b, size_t i, size_t s);
/* Outside set for the test: out[t] != 0 for tasks known to be in other partitions (NULL: none,
 * the isolated test). Group G (k tasks, any order): 1 passes, 0 fails, -1 out of memory. */
int bounds_group_pass(lbt *b, const size_t *G, size_t k, size_t s, const unsigned char *out);
/* The search's one response-time test of a group: G (k tasks) with WCETs w[t] (indexed by task)
 * and the base priorities, under the options' priority policy, with a work budget of
 * o->budget_units of its own. 1 every task meets its deadline or is undecided (the budget ran
 * out: the tests are necessary, so undecided counts as "may pass" and is counted in
 * bounds_undecided), 0 some task is decided to miss, -1 out of memory. */
int bounds_rta(lbt *b, const size_t *G, size_t k, const int64_t *w);
/* The work bound (docs/assignment.md sec. 2a), in units of g: every schedulable layout uses more
 * than W = sum over tasks of min over the sizes n where the task fits alone of C_i^iso(n) n / T_i
 * SMs (each partition's utilisation is below 1, and C_i(n_p) / T_i >= that minimum / n_p), so at
 * least floor(W / g) + 1 units. */
int64_t bounds_work_units(const lbt *b);
/* How many analyses of groups (cheap tests, not full analyses) ran out of their work budget
 * (o->budget_units each, like every analysis of the search) and were counted as passing:
 * undecided is never a failure of a necessary test. */
long bounds_undecided(const lbt *b);

#endif
