/* The holistic analysis against a second implementation written from docs/system.md secs. 3 and
 * 4 alone, on random systems: every step's status and, where bounded, its O, J, rho and R must
 * be equal. The second implementation below shares nothing with src/analysis/holistic.c or
 * rta.c: it recomputes every resource from scratch each round, runs every fixpoint plainly from
 * its start value, keeps rational utilisations as exact fractions, and iterates the whole
 * system Jacobi-style (all steps from the previous round's jitters), where holistic.c keeps
 * dirty flags and rta.c skips dominated jobs. Both must reach the same least fixpoint.
 *
 * The random systems: 1 to 3 cores, 0 to 2 copy engines (fifo or priority), 1 to 3 partitions
 * (job or kernel preemption), 1 to 7 tasks of 1 to 4 steps each (GPU steps of a task on one
 * partition, 1 to 3 launches), shared and per-step priorities, release jitters up to three
 * periods, best cases from 0 to the WCET; small numbers keep every sum in range.
 *
 * Mutation checks (each applied to src/analysis/holistic.c, this suite run, then reverted; the
 * record is in docs/validation.md sec. 15), each caught:
 *   (a) the jitter handed on from the WCET, not the best case: J = rho - C in hol_update and
 *       J = 0 at the start in hol_start (with only the first, the jitters shrink and the
 *       fixpoint need not end);
 *   (b) a fifo copy engine analysed with the steps' own priorities (hol_priority);
 *   (c) deferred preemption with F_s the first launch instead of the last (hol_regions). */
#include <CUnit/CUnit.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/holistic.h"
#include "util/rng.h"

enum { REF_MAX_STEPS = 28, REF_MAX_RES = 8, REF_MAX_TASKS = 7, REF_MAX_LAUNCH = 3 };

/* One step's figures in the second implementation. */
typedef struct ref_step {
    hol_status status;
    int64_t o, j, rho;
    bool j_unbounded;          /* an earlier step of its task is unbounded */
} ref_step;

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }   /* a >= 0, b > 0 */

/* Is step x a competitor of step s on their resource at level s: hp (interferes), and is it
 * lower (lp, blocks)? A fifo engine gives every step one priority. */
static bool ref_hp(const hol_system *sys, size_t s, size_t x)
{
    const hol_resource *r = &sys->resources[sys->steps[s].resource];
    return x != s && sys->steps[x].resource == sys->steps[s].resource
           && (r->fifo || sys->steps[x].priority <= sys->steps[s].priority);
}

static bool ref_lp(const hol_system *sys, size_t s, size_t x)
{
    const hol_resource *r = &sys->resources[sys->steps[s].resource];
    return x != s && sys->steps[x].resource == sys->steps[s].resource && !r->fifo
           && sys->steps[x].priority > sys->steps[s].priority;
}

/* The task of step x. */
static size_t ref_task_of(const hol_system *sys, size_t x)
{
    for (size_t i = 0; i < sys->n_tasks; i++)
        if (x >= sys->tasks[i].first_step && x < sys->tasks[i].first_step + sys->tasks[i].n_steps)
            return i;
    return SIZE_MAX;
}

static int64_t ref_period(const hol_system *sys, size_t x)
{
    return sys->tasks[ref_task_of(sys, x)].period_ns;
}

/* sum over hep(s) of C/T >= 1, as an exact fraction num/den (small periods: no overflow). */
static bool ref_util_ge1(const hol_system *sys, size_t s)
{
    int64_t num = 0, den = 1;
    for (size_t x = 0; x < sys->n_steps; x++) {
        if (x != s && !ref_hp(sys, s, x))
            continue;
        int64_t t = ref_period(sys, x), c = sys->steps[x].wcet_ns;
        num = num * t + c * den;
        den *= t;
        int64_t a = num, b = den;            /* reduce by the gcd */
        while (b) {
            int64_t r = a % b;
            a = b;
            b = r;
        }
        num /= a;
        den /= a;
    }
    return num >= den;
}

/* The largest launch WCET of step x, and its last one. */
static int64_t ref_largest_launch(const hol_step *st)
{
    int64_t m = 0;
    for (size_t k = 0; k < st->n_launches; k++)
        if (st->launch_wcet_ns[k] > m)
            m = st->launch_wcet_ns[k];
    return st->n_launches ? m : st->wcet_ns;
}

/* rho_s of one step from the current jitters j[] (docs/system.md secs. 3.1 and 4), or the status
 * that stops it. limit: the largest R - O allowed. */
static hol_status ref_local(const hol_system *sys, size_t s, const ref_step *cur, int64_t limit,
                            int64_t *rho)
{
    const hol_step *st = &sys->steps[s];
    const hol_resource *r = &sys->resources[st->resource];
    if (ref_util_ge1(sys, s))
        return HOL_UTILISATION;
    if (cur[s].j_unbounded)
        return HOL_DEPENDS;
    for (size_t x = 0; x < sys->n_steps; x++)
        if (ref_hp(sys, s, x) && cur[x].j_unbounded)
            return HOL_DEPENDS;
    int64_t ts = ref_period(sys, s), cs = st->wcet_ns, js = cur[s].j;
    bool preemptive = r->kind == HOL_CPU_CORE;
    bool deferred = r->kind == HOL_PARTITION && r->kernel_preemption;
    int64_t f = deferred ? (st->n_launches ? st->launch_wcet_ns[st->n_launches - 1] : cs) : cs;
    int64_t b = 0;
    if (!preemptive)
        for (size_t x = 0; x < sys->n_steps; x++)
            if (ref_lp(sys, s, x)) {
                int64_t bx = deferred ? ref_largest_launch(&sys->steps[x]) : sys->steps[x].wcet_ns;
                if (bx > b)
                    b = bx;
            }
    /* eq. t: the level busy period, from B + the WCETs of hep(s) */
    int64_t t = b + cs;
    for (size_t x = 0; x < sys->n_steps; x++)
        if (ref_hp(sys, s, x))
            t += sys->steps[x].wcet_ns;
    for (;;) {
        int64_t next = b + ceil_div(t + js, ts) * cs;
        for (size_t x = 0; x < sys->n_steps; x++)
            if (ref_hp(sys, s, x))
                next += ceil_div(t + cur[x].j, ref_period(sys, x)) * sys->steps[x].wcet_ns;
        if (next == t)
            break;
        t = next;
    }
    int64_t q_jobs = ceil_div(t + js, ts);
    int64_t best = -1;
    for (int64_t q = 0; q < q_jobs; q++) {
        int64_t w, rq;
        if (preemptive) {
            w = (q + 1) * cs;                /* eq. w of a core, from its WCETs */
            for (size_t x = 0; x < sys->n_steps; x++)
                if (ref_hp(sys, s, x))
                    w += sys->steps[x].wcet_ns;
            for (;;) {
                int64_t next = (q + 1) * cs;
                for (size_t x = 0; x < sys->n_steps; x++)
                    if (ref_hp(sys, s, x))
                        next += ceil_div(w + cur[x].j, ref_period(sys, x))
                                * sys->steps[x].wcet_ns;
                if (next == w)
                    break;
                w = next;
            }
            rq = js + w - q * ts;
        } else {
            int64_t base = b + q * cs + (cs - f);   /* job mode: f = C, so cs - f = 0 */
            w = base;
            for (size_t x = 0; x < sys->n_steps; x++)
                if (ref_hp(sys, s, x))
                    w += sys->steps[x].wcet_ns;
            for (;;) {
                int64_t next = base;
                for (size_t x = 0; x < sys->n_steps; x++)
                    if (ref_hp(sys, s, x))
                        next += ((w + cur[x].j) / ref_period(sys, x) + 1)
                                * sys->steps[x].wcet_ns;
                if (next == w)
                    break;
                w = next;
            }
            rq = js + w + f - q * ts;
        }
        if (rq > best)
            best = rq;
        if (rq > limit)
            return HOL_LIMIT;
    }
    *rho = best;
    return HOL_BOUNDED;
}

/* O, J and which jitters are unbounded, from the steps' current results (sec. 3.2). */
static void ref_offsets(const hol_system *sys, ref_step *cur)
{
    for (size_t i = 0; i < sys->n_tasks; i++) {
        const hol_task *tk = &sys->tasks[i];
        int64_t o = 0, j = tk->jitter_ns;
        bool unb = false;
        for (size_t s = tk->first_step; s < tk->first_step + tk->n_steps; s++) {
            cur[s].o = o;
            cur[s].j = unb ? 0 : j;
            cur[s].j_unbounded = unb;
            if (unb || cur[s].status != HOL_BOUNDED)
                unb = true;
            else
                j = o + cur[s].rho - (o + sys->steps[s].bcet_ns);
            o += sys->steps[s].bcet_ns;
        }
    }
}

/* The least fixpoint (sec. 3.2), Jacobi-style: every step from the previous round's jitters. */
static void ref_analyse(const hol_system *sys, ref_step *out)
{
    ref_step cur[REF_MAX_STEPS] = { 0 }, next[REF_MAX_STEPS] = { 0 };
    for (size_t s = 0; s < sys->n_steps; s++)
        cur[s] = (ref_step){ .status = HOL_BOUNDED, .rho = sys->steps[s].wcet_ns };
    ref_offsets(sys, cur);
    for (;;) {
        for (size_t s = 0; s < sys->n_steps; s++) {
            const hol_task *tk = &sys->tasks[ref_task_of(sys, s)];
            int64_t bound = 100 * (tk->deadline_ns > tk->period_ns ? tk->deadline_ns
                                                                  : tk->period_ns);
            next[s] = cur[s];
            next[s].rho = 0;
            next[s].status = ref_local(sys, s, cur, bound - cur[s].o, &next[s].rho);
        }
        ref_offsets(sys, next);
        bool same = true;
        for (size_t s = 0; s < sys->n_steps; s++)
            same = same && next[s].j == cur[s].j && next[s].j_unbounded == cur[s].j_unbounded;
        memcpy(cur, next, sizeof cur);
        if (same)
            break;
    }
    memcpy(out, cur, sys->n_steps * sizeof *out);
}

/* A random system as described at the top, in caller-owned arrays. */
typedef struct ref_case {
    hol_resource res[REF_MAX_RES];
    hol_task tasks[REF_MAX_TASKS];
    hol_step steps[REF_MAX_STEPS];
    int64_t lw[REF_MAX_STEPS][REF_MAX_LAUNCH], lb[REF_MAX_STEPS][REF_MAX_LAUNCH];
    hol_system sys;
} ref_case;

static int64_t pick(uint64_t *seed, int64_t lo, int64_t hi) { return lo + rng_upto(seed, hi - lo); }

static void ref_generate(uint64_t *seed, ref_case *c)
{
    memset(c, 0, sizeof *c);
    size_t cores = (size_t)pick(seed, 1, 3), engines = (size_t)pick(seed, 0, 2);
    size_t parts = (size_t)pick(seed, 1, 3), nr = 0;
    for (size_t k = 0; k < cores; k++)
        c->res[nr++] = (hol_resource){ .kind = HOL_CPU_CORE };
    for (size_t k = 0; k < engines; k++)
        c->res[nr++] = (hol_resource){ .kind = HOL_COPY_ENGINE, .fifo = pick(seed, 0, 1) };
    for (size_t k = 0; k < parts; k++)
        c->res[nr++] = (hol_resource){ .kind = HOL_PARTITION,
                                       .kernel_preemption = pick(seed, 0, 2) == 0 };
    size_t nt = (size_t)pick(seed, 1, REF_MAX_TASKS), ns = 0;
    for (size_t i = 0; i < nt; i++) {
        int64_t t = pick(seed, 20, 300), prio = pick(seed, 1, (int64_t)nt);
        size_t part = cores + engines + (size_t)pick(seed, 0, (int64_t)parts - 1);
        size_t n = (size_t)pick(seed, 1, 4);
        c->tasks[i] = (hol_task){ .period_ns = t, .deadline_ns = pick(seed, t / 2, 3 * t),
                                  .jitter_ns = pick(seed, 0, 2) ? 0 : pick(seed, 0, 3 * t),
                                  .first_step = ns, .n_steps = n };
        for (size_t k = 0; k < n; k++, ns++) {
            hol_step *st = &c->steps[ns];
            int64_t kind = pick(seed, 0, engines ? 2 : 1);
            st->priority = pick(seed, 0, 3) ? prio : pick(seed, 1, (int64_t)nt);
            int64_t cap = t / (int64_t)(2 * nt) + 1;
            bool best = pick(seed, 0, 1);
            if (kind == 0 || kind == 2) {
                st->resource = kind == 0 ? (size_t)pick(seed, 0, (int64_t)cores - 1)
                                         : cores + (size_t)pick(seed, 0, (int64_t)engines - 1);
                st->wcet_ns = pick(seed, 1, cap);
                st->bcet_ns = best ? pick(seed, 0, st->wcet_ns) : 0;
                continue;
            }
            st->resource = part;      /* a GPU step: 1 to 3 launches, C and Cb their sums */
            st->n_launches = (size_t)pick(seed, 1, REF_MAX_LAUNCH);
            for (size_t l = 0; l < st->n_launches; l++) {
                c->lw[ns][l] = pick(seed, 1, cap / (int64_t)st->n_launches + 1);
                c->lb[ns][l] = best ? pick(seed, 0, c->lw[ns][l]) : 0;
                st->wcet_ns += c->lw[ns][l];
                st->bcet_ns += c->lb[ns][l];
            }
            st->launch_wcet_ns = c->lw[ns];
            st->launch_bcet_ns = c->lb[ns];
        }
    }
    c->sys = (hol_system){ .resources = c->res, .n_resources = nr, .tasks = c->tasks,
                           .n_tasks = nt, .steps = c->steps, .n_steps = ns };
}

/* 3,000 random systems: holistic.c and the second implementation agree step by step. */
static void test_against_second_implementation(void)
{
    uint64_t seed = 20261127;
    size_t bounded = 0, unbounded = 0, multi_round = 0, mismatches = 0;
    for (int round = 0; round < 3000; round++) {
        ref_case c;
        ref_generate(&seed, &c);
        ref_step want[REF_MAX_STEPS];
        ref_analyse(&c.sys, want);
        rt_budget b;
        budget_init(&b, RT_BUDGET_DEFAULT_UNITS);
        hol_result got;
        CU_ASSERT_FATAL(holistic_analyse(&c.sys, &b, &got) == 0);
        if (got.iterations > 1)
            multi_round++;
        for (size_t s = 0; s < c.sys.n_steps; s++) {
            const hol_step_result *g = &got.steps[s];
            bool ok = g->status == want[s].status && g->offset_ns == want[s].o;
            if (want[s].status == HOL_BOUNDED) {
                bounded++;
                ok = ok && g->jitter_ns == want[s].j && g->local_ns == want[s].rho
                     && g->response_ns == want[s].o + want[s].rho;
            } else {
                unbounded++;
            }
            if (!ok && mismatches++ == 0)
                CU_ASSERT(ok);               /* the first one fails the test, the rest count */
        }
        for (size_t i = 0; i < c.sys.n_tasks; i++) {
            size_t last = c.tasks[i].first_step + c.tasks[i].n_steps - 1;
            bool ok = got.tasks[i].status == want[last].status
                      && (want[last].status != HOL_BOUNDED
                          || got.tasks[i].response_ns == want[last].o + want[last].rho);
            if (!ok && mismatches++ == 0)
                CU_ASSERT(ok);
        }
        holistic_result_fini(&got);
    }
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT(bounded > 5000);       /* the cases are not all trivial ... */
    CU_ASSERT(unbounded > 100);      /* ... nor all bounded ... */
    CU_ASSERT(multi_round > 1000);   /* ... and the jitters do propagate */
}

void test_holistic_ref_register(void);
void test_holistic_ref_register(void)
{
    CU_pSuite s = CU_add_suite("holistic_ref", NULL, NULL);
    CU_add_test(s, "3,000 random systems: equal to a second implementation",
                test_against_second_implementation);
}
