/* Tests of rtgpu-explore (src/explore/, src/cli/explore.c): the sweep file and its located
 * errors, point numbering, the nine points of tests/data/explore/davis-sweep.xml worked by hand,
 * a point kept with an error, generated task sets (reproducible from the seed, utilisations
 * summing to U), the acceptance-ratio order none >= masola, naive point by point, and the
 * command: JSON and CSV, --jobs, shards and merge, --resume after a cut line, refusals; the
 * chains of a base task set (tests/data/explore/chain-sweep.xml) worked by hand.
 * The GNU parallel and Slurm runs, the killed run and the plot pictures are in
 * tests/check_explore.sh. */
#include <CUnit/CUnit.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "explore/engine.h"
#include "explore/gen.h"
#include "explore/result.h"
#include "explore/run.h"
#include "explore/spec.h"
#include "explore/spec_load.h"
#include "runcmd.h"

void test_explore_register(void);

#define DAVIS "tests/data/explore/davis-sweep.xml"
#define PARTS "tests/data/explore/partitions.xml"
#define GEN "tests/data/explore/generate.xml"
#define CHAINS "tests/data/explore/chain-sweep.xml"
#define CHAINS_SEARCH "tests/data/explore/chain-search.xml"

static xp_spec *load(const char *path)
{
    rt_diags *d = rt_diag_new(10);
    xp_spec *s = xp_spec_load(path, d);
    if (!s)
        rt_diag_print(d, stderr);
    rt_diag_free(d);
    CU_ASSERT_PTR_NOT_NULL(s);
    return s;
}

static void test_spec_points(void)
{
    xp_spec *s = load(DAVIS);
    if (!s)
        return;
    CU_ASSERT_EQUAL(s->n_points, 9);
    CU_ASSERT_EQUAL(s->n_dims, 2);
    CU_ASSERT_STRING_EQUAL(s->dims[0].key, "margin");
    CU_ASSERT_STRING_EQUAL(s->dims[1].key, "period_scale");
    /* the range 1..2 step 0.5 is exactly 1, 1.5, 2 */
    CU_ASSERT_EQUAL(s->dims[1].n, 3);
    CU_ASSERT_STRING_EQUAL(s->dims[1].v[1].text, "1.5");
    CU_ASSERT_EQUAL(s->dims[1].v[1].mant, 15);
    CU_ASSERT_EQUAL(s->dims[1].v[1].digits, 1);
    /* row-major: point 5 = margin index 1, period-scale index 2 */
    size_t idx[2];
    xp_spec_point_index(s, 5, idx);
    CU_ASSERT_EQUAL(idx[0], 1);
    CU_ASSERT_EQUAL(idx[1], 2);
    xp_spec_point_index(s, 8, idx);
    CU_ASSERT_EQUAL(idx[0], 2);
    CU_ASSERT_EQUAL(idx[1], 2);
    CU_ASSERT_EQUAL(strlen(s->hash), 16);
    xp_spec_free(s);
}

/* utilization="0.1:1.0:0.05": 19 values, printed as a person writes them */
static void test_spec_range_exact(void)
{
    xp_spec *s = load(GEN);
    if (!s)
        return;
    const xp_dim *u = &s->dims[0];
    CU_ASSERT_EQUAL(u->param, XP_UTILIZATION);
    CU_ASSERT_EQUAL(u->n, 10);
    CU_ASSERT_STRING_EQUAL(u->v[2].text, "0.3");
    CU_ASSERT_EQUAL(u->v[2].real, 0.3);
    CU_ASSERT_STRING_EQUAL(u->v[9].text, "1");
    CU_ASSERT_EQUAL(s->dims[1].n, 6);                /* sets */
    CU_ASSERT_EQUAL(s->n_points, 10 * 6 * 3);
    xp_spec_free(s);
}

/* One bad file: the error is on the right line and says what was expected. */
static void bad(const char *file, long line, const char *phrase)
{
    char path[256];
    snprintf(path, sizeof path, "tests/data/explore/%s", file);
    rt_diags *d = rt_diag_new(10);
    xp_spec *s = xp_spec_load(path, d);
    CU_ASSERT_PTR_NULL(s);
    xp_spec_free(s);
    CU_ASSERT_TRUE(rt_diag_count(d) >= 1);
    if (rt_diag_count(d) >= 1) {
        const rt_diag *g = rt_diag_get(d, 0);
        CU_ASSERT_EQUAL(g->line, line);
        CU_ASSERT_PTR_NOT_NULL(strstr(g->msg, phrase));
        if (g->line != line || !strstr(g->msg, phrase))
            fprintf(stderr, "\n  %s:%ld: %s\n", path, g->line, g->msg);
    }
    rt_diag_free(d);
}

static void test_spec_errors(void)
{
    bad("bad-param.xml", 4, "param \"margins\" is not a parameter (expected one of margin");
    bad("bad-margin.xml", 7, "value \"-2\" is not a plain decimal number");
    bad("bad-twice.xml", 5, "margin is already varied at line 4");
    bad("bad-partition.xml", 4, "partition \"P9\" is not a partition of");
    bad("bad-base.xml", 3, "needs taskset=");
    bad("bad-doctype.xml", 2, "DOCTYPE is not allowed");
    bad("bad-order.xml", 3, "Expected is ( base )");
    /* root cause only: the base task set's own error, not a second one saying the sweep has no
     * base task set (it had one, unreadable) */
    rt_diags *d = rt_diag_new(10);
    xp_spec *s = xp_spec_load("tests/data/explore/bad-base-unreadable.xml", d);
    CU_ASSERT_PTR_NULL(s);
    xp_spec_free(s);
    CU_ASSERT_EQUAL_FATAL(rt_diag_count(d), 1);
    const rt_diag *g = rt_diag_get(d, 0);
    CU_ASSERT_STRING_EQUAL(g->file, "tests/data/explore/bad-base-unreadable-ts.xml");
    CU_ASSERT_EQUAL(g->line, 4);
    CU_ASSERT_PTR_NOT_NULL(strstr(g->msg, "period \"0ms\" must be positive"));
    rt_diag_free(d);
}

/* Davis et al.'s three tasks (C = 1000 ns alone on the 4-SM 1 GHz GPU, M = 1) by hand. WCET =
 * ceil((1 + margin) * 1000): 1000, 1100, 1500 ns; periods T = 2500, 3500, 3500 ns times the
 * period-scale, rounded up; R by docs/analysis.md sec. 2 (B = C of the lower-priority task).
 *   margin 0,   scale 1:   R = 2000, 3000, 3500 (Davis et al.): slack 500, 500, 0  -> 0
 *   margin 0,   scale 1.5: T = 3750, 5250, 5250: R = 2000, 3000, 3000             -> 1750
 *   margin 0,   scale 2:   T = 5000, 7000, 7000: R = 2000, 3000, 3000             -> 3000
 *   margin 0.1, scale 1:   U(hep C) = 1100/2500 + 2 * 1100/3500 = 1.069 >= 1: C unbounded,
 *                          A 2200 <= 2500, B 3300 <= 3500 (q = 1 gives 2000): 1 miss, no slack
 *   margin 0.1, scale 1.5: R = 2200, 3300, 3300: slack 1550, 1950, 1950           -> 1550
 *   margin 0.1, scale 2:   R = 2200, 3300, 3300: slack 2800, 3700, 3700           -> 2800
 *   margin 0.5, scale 1:   A: R = 3000 > 2500; U(hep B) = 0.6 + 0.43 >= 1: 3 misses
 *   margin 0.5, scale 1.5: C's busy period t = 10500 holds Q = 2 jobs; q = 1:
 *                          w = 1500 + 3 * 1500 (A) + 2 * 1500 (B) = 9000,
 *                          R = 9000 - 5250 + 1500 = 5250 = D: slack 0         -> 0
 *   margin 0.5, scale 2:   R = 3000, 4500, 4500: slack 2000, 2500, 2500           -> 2000 */
static void test_davis_by_hand(void)
{
    static const struct { bool sched; bool has_slack; long long slack; size_t misses; } want[9] = {
        { true, true, 0, 0 }, { true, true, 1750, 0 }, { true, true, 3000, 0 },
        { false, false, 0, 1 }, { true, true, 1550, 0 }, { true, true, 2800, 0 },
        { false, false, 0, 3 }, { true, true, 0, 0 }, { true, true, 2000, 0 },
    };
    xp_spec *s = load(DAVIS);
    xp_engine *e = s ? xp_engine_new(s) : NULL;
    CU_ASSERT_PTR_NOT_NULL(e);
    for (uint64_t p = 0; e && p < 9; p++) {
        xp_outcome o;
        CU_ASSERT_EQUAL(xp_engine_eval(e, p, &o), XP_OK);
        CU_ASSERT_TRUE(o.valid);
        CU_ASSERT_EQUAL(o.schedulable, want[p].sched);
        CU_ASSERT_EQUAL(o.exit_status, want[p].sched ? 0 : 1);
        CU_ASSERT_STRING_EQUAL(o.status, "given");
        CU_ASSERT_EQUAL(o.sms_used, 4);
        CU_ASSERT_EQUAL(o.has_slack, want[p].has_slack);
        if (want[p].has_slack)
            CU_ASSERT_EQUAL(o.min_slack_ns, want[p].slack);
        CU_ASSERT_EQUAL(o.misses, want[p].misses);
    }
    /* the same point again, after others: nothing of them remains */
    xp_outcome o;
    if (e && xp_engine_eval(e, 4, &o) == XP_OK)
        CU_ASSERT_EQUAL(o.min_slack_ns, 1550);
    xp_engine_free(e);
    xp_spec_free(s);
}

/* tests/data/sim/davis-chains.xml: Davis et al.'s tasks (test_davis_by_hand gives T, WCET and R
 * per point; one partition, no CPU task, so every Durr hop term I is the producer's R and
 * Th. 5.4 = Th. 5.10 + T_n = Davare, which binds on the tie) with
 *   abc = A -> B -> C, implicit, max-reaction 20000 ns: MRT = MDA = sum of (T + R);
 *   ac-let = A -> C, LET, D = T, phases 0, max-age 12000 ns.
 * LET by hand at period scale 1 (T_A 2500, T_C 3500; A job k reads at 2500k and writes at
 * 2500k + 2500, C job m reads at 3500m and writes at 3500m + 3500). Cut at C (the larger
 * period): from C's job m back to A's latest job writing at or before 3500m (k = floor(3500m /
 * 2500) - 1), forward to C's job m + 1, which writes at 3500m + 7000. Length = 3500m + 7000 -
 * 2500k:  m = 0: no such A job (left out); m = 1: k = 0, 10500; m = 2: k = 1, 11500;
 * m = 3: k = 3, 10000; m = 4: k = 4, 11000; m = 5: k = 6 (its write at 17500 comes first),
 * 9500; then the pattern repeats every H = lcm = 17500 ns: MRT = MDA = 11500. Scaling both
 * periods by x scales every instant by x: 17250 at 1.5, 23000 at 2.
 *   point  margin scale  T_A   T_B   T_C   R_A  R_B  R_C   abc: sum (T + R)              ac-let
 *     0     0      1     2500  3500  3500  2000 3000 3500  4500+6500+7000 = 18000 ok   11500 ok
 *     1     0      1.5   3750  5250  5250  2000 3000 3000  5750+8250+8250 = 22250 >20000  17250 >12000
 *     2     0      2     5000  7000  7000  2000 3000 3000  7000+10000+10000 = 27000 >     23000 >
 *     3     0.1    1     2500  3500  3500  2200 3300  -    no bound (C unbounded)        11500, but C
 *                                                          can be late: fails under LET
 *     4     0.1    1.5   3750  5250  5250  2200 3300 3300  5950+8550+8550 = 23050 >      17250 >
 *     5     0.1    2     5000  7000  7000  2200 3300 3300  7200+10300+10300 = 27800 >     23000 >
 * Only point 0 meets every deadline and both chains; points 1, 2, 4, 5 meet every deadline but
 * fail a chain: not schedulable, exit status 1, as rtgpu-analyze. */
static void test_chains_by_hand(void)
{
    static const struct { long long abc, let; bool abc_ok, let_ok; } want[6] = {
        { 18000, 11500, true, true }, { 22250, 17250, false, false },
        { 27000, 23000, false, false }, { -1, 11500, false, false },
        { 23050, 17250, false, false }, { 27800, 23000, false, false },
    };
    xp_spec *s = load(CHAINS);
    xp_engine *e = s ? xp_engine_new(s) : NULL;
    CU_ASSERT_PTR_NOT_NULL(e);
    for (uint64_t p = 0; e && p < 6; p++) {
        xp_outcome o;
        CU_ASSERT_EQUAL(xp_engine_eval(e, p, &o), XP_OK);
        CU_ASSERT_TRUE(o.valid);
        CU_ASSERT_EQUAL(o.schedulable, p == 0);
        CU_ASSERT_EQUAL(o.exit_status, p == 0 ? 0 : 1);
        CU_ASSERT_EQUAL(o.misses, p == 3 ? 1 : 0);
        CU_ASSERT_PTR_NOT_NULL_FATAL(o.chains);
        const chain_result *abc = &o.chains[0], *let = &o.chains[1];
        CU_ASSERT_EQUAL(abc->has_mrt, want[p].abc >= 0);
        CU_ASSERT_EQUAL(abc->has_mda, want[p].abc >= 0);
        if (want[p].abc >= 0) {
            CU_ASSERT_EQUAL(abc->mrt_ns, want[p].abc);
            CU_ASSERT_EQUAL(abc->mda_ns, want[p].abc);
            CU_ASSERT_EQUAL(abc->binding_mrt, CHAIN_DAVARE);
            CU_ASSERT_EQUAL(abc->binding_mda, CHAIN_DAVARE);
            CU_ASSERT_EQUAL(abc->bound_ns[CHAIN_DURR_MRT], want[p].abc);
            CU_ASSERT_EQUAL(abc->bound_ns[CHAIN_DURR_MDA], want[p].abc);
        } else {
            CU_ASSERT_EQUAL(abc->status[CHAIN_DAVARE], CHAIN_UNBOUNDED);
            CU_ASSERT_EQUAL(abc->why, CHAIN_WHY_NO_BOUND);
        }
        CU_ASSERT_EQUAL(abc->passes, want[p].abc_ok);
        CU_ASSERT_TRUE(let->has_mrt && let->has_mda);
        CU_ASSERT_EQUAL(let->mrt_ns, want[p].let);
        CU_ASSERT_EQUAL(let->mda_ns, want[p].let);
        CU_ASSERT_EQUAL(let->binding_mda, CHAIN_LET_EXACT);
        CU_ASSERT_EQUAL(let->passes, want[p].let_ok);
        CU_ASSERT_EQUAL(let->why, p == 0 ? CHAIN_PASSES : p == 3 ? CHAIN_WHY_LET_LATE
                                                              : CHAIN_WHY_AGE);
    }
    xp_engine_free(e);
    xp_spec_free(s);
}

/* P0 of 5 SMs does not fit the 4-SM GPU: the point is kept, with the checker's message. */
static void test_invalid_point(void)
{
    xp_spec *s = load(PARTS);
    xp_engine *e = s ? xp_engine_new(s) : NULL;
    xp_outcome o;
    if (!e)
        goto done;
    CU_ASSERT_EQUAL(xp_engine_eval(e, 4, &o), XP_OK);
    CU_ASSERT_FALSE(o.valid);
    CU_ASSERT_EQUAL(o.exit_status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(o.error, "davis.xml:18: partition \"P0\" (SMs 0..4) does not fit"));
    /* 4 SMs: the file's own layout, margin 0: Davis et al.'s R_C = D_C */
    CU_ASSERT_EQUAL(xp_engine_eval(e, 3, &o), XP_OK);
    CU_ASSERT_TRUE(o.valid && o.schedulable && o.has_slack && o.min_slack_ns == 0);
done:
    xp_engine_free(e);
    xp_spec_free(s);
}

/* xp_gen_log / xp_gen_exp agree with the C library to 1e-14 relative (they exist to be the same bits
 * everywhere, not to be better). */
static void test_detmath(void)
{
    static const double xs[] = { 1e-9, 0.001, 0.5, 0.999, 1, 1.5, 2, 10, 1e6, 1e9, 4.5e15 };
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        CU_ASSERT_TRUE(fabs(xp_gen_log(xs[i]) - log(xs[i])) <= 1e-14 * fmax(1, fabs(log(xs[i]))));
        double y = log(xs[i]);
        CU_ASSERT_TRUE(fabs(xp_gen_exp(y) - xs[i]) <= 1e-14 * xs[i]);
    }
    CU_ASSERT_EQUAL(xp_gen_exp(0), 1.0);
    CU_ASSERT_EQUAL(xp_gen_log(1), 0.0);
}

/* Two sets are the same set: every value compared. */
static bool same_set(const rt_taskset *a, const rt_taskset *b)
{
    if (a->n_tasks != b->n_tasks || a->n_kernels != b->n_kernels || a->n_partitions != b->n_partitions)
        return false;
    for (size_t i = 0; i < a->n_kernels; i++)
        if (strcmp(a->kernels[i].name, b->kernels[i].name) || a->kernels[i].time_ns != b->kernels[i].time_ns ||
            a->kernels[i].bw_gbps != b->kernels[i].bw_gbps || a->kernels[i].kai != b->kernels[i].kai)
            return false;
    for (size_t i = 0; i < a->n_tasks; i++)
        if (a->tasks[i].period_ns != b->tasks[i].period_ns || a->tasks[i].runs[0] != b->tasks[i].runs[0])
            return false;
    for (size_t p = 0; p < a->n_partitions; p++)
        if (a->partitions[p].n_tasks != b->partitions[p].n_tasks || a->partitions[p].sms != b->partitions[p].sms ||
            memcmp(a->partitions[p].tasks, b->partitions[p].tasks, a->partitions[p].n_tasks * sizeof(size_t)))
            return false;
    return true;
}

static void test_generate(void)
{
    xp_spec *s = load(GEN);
    if (!s)
        return;
    const xp_generate *g = &s->gen;
    char err[300];
    /* the same seed: the same set, made twice */
    uint64_t seed = xp_gen_seed(g->seed, 3, 1, 2);
    rt_taskset *a = xp_gen_taskset(g, 0.3, seed, err, sizeof err);
    rt_taskset *b = xp_gen_taskset(g, 0.3, seed, err, sizeof err);
    rt_taskset *c = xp_gen_taskset(g, 0.3, xp_gen_seed(g->seed, 3, 1, 3), err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_TRUE(same_set(a, b));
    CU_ASSERT_FALSE(same_set(a, c));
    /* 0.30 and 0.3 are one utilisation: the same seed */
    CU_ASSERT_EQUAL(xp_gen_seed(g->seed, 30, 2, 2), seed);
    CU_ASSERT_TRUE(seed < ((uint64_t)1 << 53));
    /* utilisations: the kernels' full-GPU times over the periods sum to U (each kernel time is
     * written with 3 decimals of ns: at most 0.0005 ns off per kernel); periods in range;
     * every task in exactly one of the 2 partitions */
    double U = 0;
    size_t mapped = 0;
    for (size_t t = 0; t < a->n_tasks; t++) {
        const rt_task *tk = &a->tasks[t];
        CU_ASSERT_TRUE(tk->period_ns >= 1000000 && tk->period_ns <= 100000000);
        CU_ASSERT_EQUAL(tk->deadline_ns, tk->period_ns);
        CU_ASSERT_EQUAL(tk->n_runs, 1);
        U += a->kernels[tk->runs[0]].time_ns / (double)tk->period_ns;
    }
    for (size_t p = 0; p < a->n_partitions; p++)
        mapped += a->partitions[p].n_tasks;
    CU_ASSERT_TRUE(fabs(U - 0.3) < 1e-9);
    CU_ASSERT_EQUAL(a->n_partitions, 2);
    CU_ASSERT_EQUAL(mapped, 4);
    /* sizes on the RTX 2060: 30 SMs in two partitions of 15 */
    CU_ASSERT_EQUAL(xp_gen_sizes(a, 30, 1), 0);
    CU_ASSERT_EQUAL(a->partitions[0].sms, 15);
    CU_ASSERT_EQUAL(a->partitions[1].first_sm, 15);
    CU_ASSERT_EQUAL(xp_gen_sizes(a, 31, 2), 0);    /* 15 units of 2 SMs: 8 and 7 units */
    CU_ASSERT_EQUAL(a->partitions[0].sms, 16);
    CU_ASSERT_EQUAL(a->partitions[1].sms, 14);
    rt_taskset_free(a);
    rt_taskset_free(b);
    rt_taskset_free(c);
    xp_spec_free(s);
}

/* Interference never shortens a WCET (M >= 1), and response times grow with WCETs: at every
 * (utilization, set), masola or naive schedulable implies none schedulable. Points of one set
 * are consecutive: masola, naive, none. */
static void test_acceptance_order(void)
{
    xp_spec *s = load(GEN);
    xp_engine *e = s ? xp_engine_new(s) : NULL;
    size_t sched[3] = { 0, 0, 0 };
    for (uint64_t p = 0; e && p < s->n_points; p += 3) {
        xp_outcome o[3];
        for (int k = 0; k < 3; k++) {
            CU_ASSERT_EQUAL_FATAL(xp_engine_eval(e, p + (uint64_t)k, &o[k]), XP_OK);
            CU_ASSERT_TRUE(o[k].valid);
            CU_ASSERT_EQUAL(o[k].seed, o[0].seed);
            sched[k] += o[k].schedulable;
        }
        CU_ASSERT_TRUE(!o[0].schedulable || o[2].schedulable);
        CU_ASSERT_TRUE(!o[1].schedulable || o[2].schedulable);
        /* the slack of none is never smaller */
        if (o[0].has_slack && o[2].has_slack)
            CU_ASSERT_TRUE(o[2].min_slack_ns >= o[0].min_slack_ns);
    }
    CU_ASSERT_TRUE(sched[2] >= sched[0] && sched[2] >= sched[1]);
    CU_ASSERT_TRUE(sched[2] > 0);
    xp_engine_free(e);
    xp_spec_free(s);
}

/* ---- the command ----------------------------------------------------------------------- */

static runcmd_out xcmd_rlimit(char *const argv[], int resource, rlim_t lim)
{
    return runcmd_tool_rlimit("rtgpu-explore", argv, 60, resource, lim);
}

static runcmd_out xcmd(char *const argv[])
{
    return xcmd_rlimit(argv, -1, 0);
}

static void tmp_path(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "%s/rtgpu-explore-test-%ld-%s", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (long)getpid(), name);
}

/* JSON lines: one per point, in order, with the hand values of test_davis_by_hand. */
static void test_cli_json(void)
{
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    int n = 0;
    char *save = NULL;
    static const long long slack[9] = { 0, 1750, 3000, -1, 1550, 2800, -1, 0, 2000 };
    for (char *l = r.out ? strtok_r(r.out, "\n", &save) : NULL; l; l = strtok_r(NULL, "\n", &save), n++) {
        json_t *j = json_loads(l, 0, NULL);
        CU_ASSERT_PTR_NOT_NULL_FATAL(j);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(j, "point")), n);
        json_t *sl = json_object_get(j, "min_slack_ns");
        if (n < 9 && slack[n] >= 0)
            CU_ASSERT_EQUAL(json_integer_value(sl), slack[n]);
        if (n < 9 && slack[n] < 0)
            CU_ASSERT_TRUE(json_is_null(sl));
        CU_ASSERT_TRUE(json_is_null(json_object_get(j, "error")));
        json_decref(j);
    }
    CU_ASSERT_EQUAL(n, 9);
    runcmd_free(&r);
    /* the first line whole (every key, in order) */
    r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", "--format", "csv", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "point,spec,margin,period_scale,schedulable,"
                                           "exit_status,status,sms_used,min_slack_ns,"
                                           "scaling_factor,missed_task_count,error\n"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, ",0.1,1,false,1,given,4,,,1,\n"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, ",0.5,1.5,true,0,given,4,0,,0,\n"));
    runcmd_free(&r);
}

/* The chains' columns (test_chains_by_hand): every key of a line in order, the CSV header and
 * rows; --jobs 2 (chain results sent through the workers' pipes) and two shards merged give the
 * bytes of one run; a search point is invalid, located at the first <chain>. */
static void test_cli_chains(void)
{
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", CHAINS, "-q", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\"missed_task_count\":0,"
        "\"chain_mrt_ns:abc\":18000,\"chain_binding_mrt:abc\":\"davare\","
        "\"chain_mda_ns:abc\":18000,\"chain_binding_mda:abc\":\"davare\","
        "\"chain_passes:abc\":true,\"chain_reason:abc\":null,"
        "\"chain_mrt_ns:ac-let\":11500,\"chain_binding_mrt:ac-let\":\"let_exact\","
        "\"chain_mda_ns:ac-let\":11500,\"chain_binding_mda:ac-let\":\"let_exact\","
        "\"chain_passes:ac-let\":true,\"chain_reason:ac-let\":null,\"error\":null}\n"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\"chain_reason:abc\":\"maximum reaction time "
                                           "bound 22250 ns (davare) exceeds max-reaction 20000 ns\""));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\"chain_mrt_ns:abc\":null,"
        "\"chain_binding_mrt:abc\":null,\"chain_mda_ns:abc\":null,\"chain_binding_mda:abc\":null,"
        "\"chain_passes:abc\":false,\"chain_reason:abc\":\"no bound on the maximum reaction time: "
        "task \\\"C\\\" has no bounded response time\""));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\"chain_reason:ac-let\":\"task \\\"C\\\" can "
        "complete after its deadline: under LET every task of the chain must complete by its "
        "deadline\""));
    char *ref = r.out ? strdup(r.out) : NULL;
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", CHAINS, "-q", "--jobs", "2", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out ? r.out : "", ref ? ref : "-");
    runcmd_free(&r);
    char s1[300], s2[300], all[300];
    tmp_path(s1, sizeof s1, "ch1.jsonl");
    tmp_path(s2, sizeof s2, "ch2.jsonl");
    tmp_path(all, sizeof all, "chall.jsonl");
    unlink(s1), unlink(s2), unlink(all);
    r = xcmd((char *const[]){ "x", "sweep", CHAINS, "-q", "--shard", "1/2", "-o", s1, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", CHAINS, "-q", "--shard", "2/2", "-o", s2, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "merge", s2, s1, "-o", all, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    char *merged = runcmd_read_file(all);
    CU_ASSERT_STRING_EQUAL(merged ? merged : "", ref ? ref : "-");
    free(merged);
    free(ref);
    unlink(s1), unlink(s2), unlink(all);
    r = xcmd((char *const[]){ "x", "sweep", CHAINS, "-q", "--format", "csv", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "point,spec,margin,period_scale,schedulable,"
        "exit_status,status,sms_used,min_slack_ns,scaling_factor,missed_task_count,"
        "chain_mrt_ns:abc,chain_binding_mrt:abc,chain_mda_ns:abc,chain_binding_mda:abc,"
        "chain_passes:abc,chain_reason:abc,chain_mrt_ns:ac-let,chain_binding_mrt:ac-let,"
        "chain_mda_ns:ac-let,chain_binding_mda:ac-let,chain_passes:ac-let,chain_reason:ac-let,"
        "error\n"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, ",0,1,true,0,given,4,0,,0,18000,davare,18000,"
                                           "davare,true,,11500,let_exact,11500,let_exact,true,,\n"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, ",0.1,1,false,1,given,4,,,1,,,,,false,"
        "\"no bound on the maximum reaction time: task \"\"C\"\" has no bounded response time\","
        "11500,let_exact,11500,let_exact,false,\"task \"\"C\"\" can complete"));
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", CHAINS_SEARCH, "-q", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\"assign\":\"given\",\"schedulable\":true,"
                                           "\"exit_status\":0,"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\"assign\":\"search\",\"schedulable\":null,"
        "\"exit_status\":2,\"status\":null,\"sms_used\":null,\"min_slack_ns\":null,"
        "\"scaling_factor\":null,\"missed_task_count\":null,\"chain_mrt_ns:abc\":null,"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\"error\":\"tests/data/explore/../sim/"
        "davis-chains.xml:19: chain \\\"abc\\\": the partition search does not take chains into "
        "account: a layout it finds could fail them (give the partitions as <partition> "
        "elements and use --assign given)\"}\n"));
    runcmd_free(&r);
}

/* The point cap: Davis's 9 points pass --max-points 9 and are refused at 8 (nothing on standard
 * output); with shards 1/2 (points 0, 2, 4, 6, 8: 5) and 2/2 (4) the shard's points count;
 * 1001 x 1000 = 1,001,000 points are refused by default (the limit is 1,000,000). */
static void test_cli_max_points(void)
{
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", "--max-points", "9", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", "--max-points", "8", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.out ? r.out : "?", "");
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, DAVIS ": error: this run has 9 points, more "
                                           "than the limit of 8 (--max-points N raises it"));
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", "--max-points", "4", "--shard", "1/2",
                              NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "this run has 5 points, more than the limit of 4"));
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", "--max-points", "4", "--shard", "2/2",
                              NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", "--max-points", "0", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "--max-points \"0\": expected a whole number"));
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", "tests/data/explore/too-many-points.xml", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.out ? r.out : "?", "");
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "this run has 1001000 points, more than the "
                                           "limit of 1000000"));
    runcmd_free(&r);
}

/* --jobs 3, shards 1/2 + 2/2 merged, a resumed cut file: all the same bytes as one run. */
/* A base task set with <scenario> elements, two points (issue 29): every point works on its own
 * deep copy of the set; the copy used to share the scenarios, so the sweep wrote its two lines
 * and then died freeing them twice (status 139). Two lines, point 0 and 1, exit 0. */
static void test_cli_scenario_base(void)
{
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", "tests/data/explore/scenario-sweep.xml", "-q",
                                         "--format", "csv", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\n0,"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\n1,"));
    int n = 0;
    char *save = NULL;
    for (char *l = r.out ? strtok_r(r.out, "\n", &save) : NULL; l; l = strtok_r(NULL, "\n", &save))
        n++;
    CU_ASSERT_EQUAL(n, 3);   /* the header and two points */
    runcmd_free(&r);
}

static void test_cli_jobs_shards_resume(void)
{
    char one[300], s1[300], s2[300], all[300], cut[300];
    tmp_path(one, sizeof one, "one.jsonl");
    tmp_path(s1, sizeof s1, "s1.jsonl");
    tmp_path(s2, sizeof s2, "s2.jsonl");
    tmp_path(all, sizeof all, "all.jsonl");
    tmp_path(cut, sizeof cut, "cut.jsonl");
    unlink(one), unlink(s1), unlink(s2), unlink(all), unlink(cut);
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", GEN, "-q", "-o", one, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    char *ref = runcmd_read_file(one);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ref);
    r = xcmd((char *const[]){ "x", "sweep", GEN, "-q", "--jobs", "3", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out ? r.out : "", ref);
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", GEN, "-q", "--shard", "1/2", "-o", s1, NULL });
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", GEN, "-q", "--shard", "2/2", "-o", s2, NULL });
    runcmd_free(&r);
    /* merge refuses one shard alone */
    r = xcmd((char *const[]){ "x", "merge", s2, "-o", all, NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "90 of the sweep's 180 points are missing, the first is point 0"));
    runcmd_free(&r);
    /* and a shard twice */
    r = xcmd((char *const[]){ "x", "merge", s1, s2, s1, "-o", all, NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, ":1: error: point 0 is also at"));
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "merge", s2, s1, "-o", all, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    char *merged = runcmd_read_file(all);
    CU_ASSERT_STRING_EQUAL(merged ? merged : "", ref);
    free(merged);
    /* cut the reference in the middle of line 41: resume runs points 40.. again */
    FILE *f = fopen(cut, "wb");
    char *p = ref;
    for (int k = 0; k < 40 && p; k++)
        p = strchr(p, '\n') + 1;
    if (f && p) {
        fwrite(ref, 1, (size_t)(p - ref) + 17, f);
        fclose(f);
    }
    r = xcmd((char *const[]){ "x", "sweep", GEN, "-o", cut, "--resume", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "its last line was incomplete"));
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "180 done (40 resumed)"));
    runcmd_free(&r);
    char *resumed = runcmd_read_file(cut);
    CU_ASSERT_STRING_EQUAL(resumed ? resumed : "", ref);
    free(resumed);
    /* without --resume an existing output is refused; another spec's output too */
    r = xcmd((char *const[]){ "x", "sweep", GEN, "-o", cut, NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "exists already"));
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-o", cut, "--resume", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, ":1: error: written for spec "));
    runcmd_free(&r);
    free(ref);
    unlink(one), unlink(s1), unlink(s2), unlink(all), unlink(cut);
}

/* --sensitivity: tests/data/explore/tiny-sens.xml is tests/data/cli/tiny.xml (fast C = 1200 ns,
 * T = D = 5000 ns, priority 1; slow C = 2400 ns, T = D = 10000 ns; one partition) with every
 * period times 1 and 2. fast's bound is its blocking by slow plus its own WCET, each scaled and
 * rounded up: ceil(2400 a) + ceil(1200 a) <= T_fast (slow's is the same sum against 2 T_fast).
 *   scale 1: a = 1.3887: 3332.88 -> 3333 + 1666.44 -> 1667 = 5000 passes;
 *            a = 1.3888: 3333.12 -> 3334 + 1667 = 5001 fails            (as rtgpu-analyze).
 *   scale 2: a = 2.7775: 6666.00 -> 6666 + 3333.00 -> 3333 = 9999 passes;
 *            a = 2.7776: 6666.24 -> 6667 + 3333.12 -> 3334 = 10001 fails.
 * The column changes the spec hash: a plain run's output does not resume a --sensitivity run. */
static void test_cli_sensitivity(void)
{
    char out[300], svg[300];
    tmp_path(out, sizeof out, "sens.csv");
    tmp_path(svg, sizeof svg, "sens.svg");
    unlink(out), unlink(svg);
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", "tests/data/explore/tiny-sens.xml", "-q",
                                         "--sensitivity", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    const char *second = r.out ? strchr(r.out, '\n') : NULL;
    json_t *a = r.out ? json_loadb(r.out, (size_t)(second - r.out), 0, &err) : NULL;
    json_t *b = second ? json_loads(second + 1, 0, &err) : NULL;
    CU_ASSERT_PTR_NOT_NULL(a);
    CU_ASSERT_PTR_NOT_NULL(b);
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(a, "scaling_factor")), 1.3887, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(b, "scaling_factor")), 2.7775, 1e-12);
    json_decref(a);
    json_decref(b);
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", "tests/data/explore/tiny-sens.xml", "-q", "-o", out,
                              NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    char *csv = runcmd_read_file(out);
    /* the column is always there, empty without --sensitivity */
    CU_ASSERT_PTR_NOT_NULL(csv && strstr(csv, ",min_slack_ns,scaling_factor,missed_task_count,"));
    free(csv);
    r = xcmd((char *const[]){ "x", "sweep", "tests/data/explore/tiny-sens.xml", "-q", "-o", out,
                              "--resume", "--sensitivity", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "--sensitivity given to one run only"));
    runcmd_free(&r);
    unlink(out);
    r = xcmd((char *const[]){ "x", "sweep", "tests/data/explore/tiny-sens.xml", "-q", "-o", out,
                              "--sensitivity", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    csv = runcmd_read_file(out);
    CU_ASSERT_PTR_NOT_NULL(csv && strstr(csv, ",min_slack_ns,scaling_factor,missed_task_count,"));
    CU_ASSERT_PTR_NOT_NULL(csv && strstr(csv, ",1400,1.3887,0,"));
    CU_ASSERT_PTR_NOT_NULL(csv && strstr(csv, ",6400,2.7775,0,"));
    free(csv);
    r = xcmd((char *const[]){ "x", "plot", "tests/data/explore/tiny-sens.xml", out, "-o", svg,
                              NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "plot", "--sensitivity", "tests/data/explore/tiny-sens.xml",
                              out, "-o", svg, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    CU_ASSERT_EQUAL(access(svg, F_OK), 0);
    unlink(out), unlink(svg);
}

static void test_cli_usage(void)
{
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", DAVIS, "--shard", "3/2", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "expected I/N with 1 <= I <= N"));
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "sweep", "tests/data/explore/bad-param.xml", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "bad-param.xml:4: error: "));
    runcmd_free(&r);
    r = xcmd((char *const[]){ "x", "--help", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "--shard I/N"));
    runcmd_free(&r);
}


/* A full disk in the middle of a line (here the file size limit RLIMIT_FSIZE, which cuts a
 * write short like a full disk does): the output keeps whole lines only, the run fails, and
 * --resume finishes it to the same bytes as one run. The limit falls 7 bytes into line 4. */
static void test_cli_whole_lines(void)
{
    char one[300], cut[300];
    tmp_path(one, sizeof one, "whole-ref.jsonl");
    tmp_path(cut, sizeof cut, "whole-cut.jsonl");
    unlink(one), unlink(cut);
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", GEN, "-q", "-o", one, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    char *ref = runcmd_read_file(one);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ref);
    const char *p = ref;
    for (int k = 0; k < 3 && p; k++)
        p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    size_t three = (size_t)(p - ref);
    r = xcmd_rlimit((char *const[]){ "x", "sweep", GEN, "-q", "-o", cut, NULL }, RLIMIT_FSIZE,
                    (rlim_t)(three + 7));
    CU_ASSERT_NOT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "cannot write: File too large"));
    runcmd_free(&r);
    char *got = runcmd_read_file(cut);
    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    CU_ASSERT_EQUAL(strlen(got), three);   /* three whole lines, not three and 7 bytes */
    CU_ASSERT_EQUAL(strncmp(got, ref, three), 0);
    free(got);
    r = xcmd((char *const[]){ "x", "sweep", GEN, "-q", "-o", cut, "--resume", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NULL(r.err && strstr(r.err, "incomplete"));
    runcmd_free(&r);
    got = runcmd_read_file(cut);
    CU_ASSERT_STRING_EQUAL(got ? got : "", ref);
    free(got);
    free(ref);
    unlink(one), unlink(cut);
}

/* A second run on an output that a run is writing (here this test process holds the run's
 * lock) is refused with exit 2 and the holder's PID, and the file is left as it was. */
static void test_cli_lock(void)
{
    char out[300];
    tmp_path(out, sizeof out, "locked.jsonl");
    unlink(out);
    int fd = open(out, O_RDWR | O_CREAT | O_TRUNC, 0644);
    CU_ASSERT_FATAL(fd >= 0);
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
    CU_ASSERT_EQUAL_FATAL(fcntl(fd, F_SETLK, &fl), 0);
    char holder[64];
    snprintf(holder, sizeof holder, "(process %ld holds its lock)", (long)getpid());
    for (int resume = 0; resume < 2; resume++) {
        runcmd_out r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", "-o", out,
                                             resume ? "--resume" : NULL, NULL });
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "is being written by another run"));
        CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, holder));
        runcmd_free(&r);
        struct stat st;
        CU_ASSERT_TRUE(stat(out, &st) == 0 && st.st_size == 0);
    }
    close(fd);   /* the lock goes with it: now the run may write */
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", "-o", out, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    unlink(out);
}

/* CRLF line ends (a file passed through a Windows editor): --resume and merge refuse it, naming
 * the line, instead of accepting it (resume) or copying the '\r' into the merged file. */
static void test_cli_crlf(void)
{
    char one[300], crlf[300], merged[300];
    tmp_path(one, sizeof one, "crlf-ref.jsonl");
    tmp_path(crlf, sizeof crlf, "crlf.jsonl");
    tmp_path(merged, sizeof merged, "crlf-merged.jsonl");
    unlink(one), unlink(crlf), unlink(merged);
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", "-o", one, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    char *ref = runcmd_read_file(one);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ref);
    FILE *f = fopen(crlf, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    for (const char *c = ref; *c; c++) {
        if (*c == '\n')
            fputc('\r', f);
        fputc(*c, f);
    }
    fclose(f);
    char *before = runcmd_read_file(crlf);
    char line1[400];
    snprintf(line1, sizeof line1, "%s:1: error: ends in a carriage return", crlf);
    r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", "-o", crlf, "--resume", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, line1));
    runcmd_free(&r);
    char *after = runcmd_read_file(crlf);
    CU_ASSERT_STRING_EQUAL(after ? after : "", before ? before : "-");
    free(after);
    free(before);
    r = xcmd((char *const[]){ "x", "merge", crlf, "-o", merged, NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, line1));
    CU_ASSERT_EQUAL(access(merged, F_OK), -1);
    runcmd_free(&r);
    free(ref);
    unlink(one), unlink(crlf), unlink(merged);
}

/* -o naming a symbolic link to nothing: refused (exit 2), the link's target not created. */
static void test_cli_dangling_link(void)
{
    char link[300], target[300];
    tmp_path(link, sizeof link, "dangling.jsonl");
    tmp_path(target, sizeof target, "dangling-target.jsonl");
    unlink(link), unlink(target);
    CU_ASSERT_EQUAL_FATAL(symlink(target, link), 0);
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", DAVIS, "-q", "-o", link, NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "is a symbolic link to a file that does not exist"));
    CU_ASSERT_EQUAL(access(target, F_OK), -1);
    runcmd_free(&r);
    unlink(link), unlink(target);
}



/* argv is refused with exit 2 and a message containing want; input is byte-identical after it,
 * and absent (a new output's name) was not created. */
/* rtgpu-explore with argv refused: see runcmd_assert_refused. */
static void x_refused(char *const argv[], const char *input, const char *absent, const char *want)
{
    runcmd_assert_refused("rtgpu-explore", argv, input, absent, want);
}

/* Output safety (docs/report.md): sweep --plot over the sweep file, its task set or -o (a new
 * file under two spellings), plot -o over the sweep file, a result file, or the task set or GPU
 * the sweep file names: each refused, nothing written. */
static void test_cli_outputs_overwrite_inputs(void)
{
    char d[] = "/tmp/rtgpu-xfiles-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(d));
    char spec[64], ts[64], gpu[64], res[64], res2[64], svg[64];
    snprintf(spec, sizeof spec, "%s/s.xml", d);
    snprintf(ts, sizeof ts, "%s/tiny.xml", d);
    snprintf(gpu, sizeof gpu, "%s/tiny-gpu.xml", d);
    snprintf(res, sizeof res, "%s/r.jsonl", d);
    snprintf(res2, sizeof res2, "%s/./r.jsonl", d);
    snprintf(svg, sizeof svg, "%s/p.svg", d);
    char *t = runcmd_read_file("tests/data/cli/tiny.xml"), *g = runcmd_read_file("tests/data/cli/tiny-gpu.xml");
    CU_ASSERT_FATAL(t && g);
    runcmd_write_file(ts, t);
    runcmd_write_file(gpu, g);
    free(t);
    free(g);
    runcmd_write_file(spec, "<explore name=\"s\">\n  <base taskset=\"tiny.xml\" gpu=\"tiny-gpu.xml\"/>\n"
                   "  <vary param=\"period-scale\" values=\"1 2\"/>\n</explore>\n");
    x_refused((char *const[]){ "x", "sweep", spec, "-q", "--plot", spec, NULL }, spec, res,
              "--plot");
    x_refused((char *const[]){ "x", "sweep", spec, "-q", "--plot", ts, NULL }, ts, res,
              "is one of the input files");
    x_refused((char *const[]){ "x", "sweep", spec, "-q", "-o", res, "--plot", res2, NULL }, spec,
              res, "-o and --plot both name the same file");
    runcmd_out r = xcmd((char *const[]){ "x", "sweep", spec, "-q", "-o", res, NULL });
    CU_ASSERT_EQUAL_FATAL(r.status, 0);
    runcmd_free(&r);
    x_refused((char *const[]){ "x", "plot", spec, res, "-o", res2, NULL }, res, svg,
              "is one of the input files");
    x_refused((char *const[]){ "x", "plot", spec, res, "-o", spec, NULL }, spec, svg,
              "is one of the input files");
    /* the files the sweep file names are read by plot too */
    x_refused((char *const[]){ "x", "plot", spec, res, "-o", ts, NULL }, ts, svg,
              "is one of the input files: its task set");
    x_refused((char *const[]){ "x", "plot", spec, res, "-o", gpu, NULL }, gpu, svg,
              "is one of the input files: its GPU");
    unlink(spec), unlink(ts), unlink(gpu), unlink(res);
    rmdir(d);
}

void test_explore_register(void)
{
    CU_pSuite s = CU_add_suite("explore", NULL, NULL);
    CU_add_test(s, "sweep file: dimensions, exact ranges, point numbers", test_spec_points);
    CU_add_test(s, "utilization range 0.1:1.0:0.1 exactly", test_spec_range_exact);
    CU_add_test(s, "bad sweep files: line and message", test_spec_errors);
    CU_add_test(s, "Davis et al. over margin x period-scale, by hand", test_davis_by_hand);
    CU_add_test(s, "a point that does not fit is kept with its error", test_invalid_point);
    CU_add_test(s, "chains over margin x period-scale, by hand", test_chains_by_hand);
    CU_add_test(s, "deterministic log and exp", test_detmath);
    CU_add_test(s, "generated sets: same seed, same set; U exact", test_generate);
    CU_add_test(s, "acceptance: none >= masola, naive at every point", test_acceptance_order);
    CU_add_test(s, "command: JSON lines and CSV", test_cli_json);
    CU_add_test(s, "command: chain columns, --jobs, shards, the search refused", test_cli_chains);
    CU_add_test(s, "sweep --max-points and its default", test_cli_max_points);
    CU_add_test(s, "command: a base set with scenarios, two points", test_cli_scenario_base);
    CU_add_test(s, "command: --jobs, shards + merge, --resume", test_cli_jobs_shards_resume);
    CU_add_test(s, "command: --sensitivity, scaling factors by hand", test_cli_sensitivity);
    CU_add_test(s, "command: usage errors", test_cli_usage);
    CU_add_test(s, "command: a short write leaves whole lines", test_cli_whole_lines);
    CU_add_test(s, "command: a second run on a locked output", test_cli_lock);
    CU_add_test(s, "command: CRLF lines refused by --resume and merge", test_cli_crlf);
    CU_add_test(s, "command: a dangling symbolic link as -o", test_cli_dangling_link);
    CU_add_test(s, "command: no output over an input or another output",
                test_cli_outputs_overwrite_inputs);
}
