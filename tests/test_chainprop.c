/* Property test of the chain analyses (analysis/chain.c) against the whole-system simulator
 * (sim/syssim.c) and the chain observer (sim/chainobs.c): on random systems with random
 * cause-effect chains, no observed maximum reaction time (MRT) or maximum data age (MDA) exceeds
 * the binding bound, and under LET the observation equals the exact bound (docs/chains.md sec. 3;
 * docs/validation.md, "Cause-effect chains").
 *
 * Mutation checks (docs/validation.md, "Cause-effect chains"), each applied to
 * src/analysis/chain.c, this suite run, then reverted:
 *   (a) Durr's hop term dropped, I = 0 for every hop (hop_term);
 *   (b) Theorem 5.10 taken for the MDA without the + T_n (implicit_bounds);
 *   (c) the same-core hop term taken as 0 instead of min(J_p, R_p) (hop_term).
 * Each is caught by test_chainprop_random: of its 9,807 implicit observations, (a) 2,839, (b)
 * 2,573 and (c) 77 exceed the mutated bound. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/chain.h"
#include "analysis/holistic.h"
#include "chainobs_ref.h"
#include "sim/chainobs.h"
#include "sim/syssim.h"

#include "fixture_sysgen.h"

void test_chainprop_register(void);

enum { MAX_CHAINS = 3, MAX_LET_JOBS = 256 };

/* What the random test counts, for its assertions and the report. */
typedef struct stats {
    long systems, chains, implicit, let, unbounded;
    long same_core_hops;     /* hops where Durr's I = J_p < R_p: jittered producer on one core */
    long observations;       /* implicit (chain, simulation) pairs with an MRT and an MDA */
    long bad;                /* observations above the bound */
    long mrt_reached, mda_reached;   /* observed == bound */
    double mrt_ratio, mda_ratio;     /* the largest observed / bound */
    long let_equal, let_short;       /* LET: exact == observed; shorter windows compared */
    long streamed, stream_differ;    /* implicit chains observed by the stream as the run goes */
} stats;

/* A random chain of 2 to 5 distinct tasks drawn from pool[0 .. n_pool-1] (n_pool >= 2), into
 * idx; its length. */
static size_t random_chain(uint64_t *s, const size_t *pool, size_t n_pool, size_t *idx)
{
    size_t p[FX_MAX_TASKS];
    memcpy(p, pool, n_pool * sizeof *p);
    size_t top = n_pool < 5 ? n_pool : 5;
    size_t n = 2 + (size_t)rng_upto(s, (int64_t)top - 2);
    for (size_t k = 0; k < n; k++) {   /* partial Fisher-Yates */
        size_t j = k + (size_t)rng_upto(s, (int64_t)(n_pool - 1 - k));
        size_t t = p[k];
        p[k] = p[j];
        p[j] = t;
        idx[k] = p[k];
    }
    return n;
}

/* The chain figures of task i of g: T, D, J, phase, R_i of the holistic analysis, and for a
 * one-step task on a core that core and the step's priority (as chain_task_of reads them from a
 * whole system). */
static chain_task figures(const fx_sys *g, const hol_result *hr, size_t i)
{
    const hol_task *t = &g->tasks[i];
    chain_task c = { .period_ns = t->period_ns, .deadline_ns = t->deadline_ns,
                     .jitter_ns = t->jitter_ns, .offset_ns = g->phase[i] };
    if (hr->tasks[i].status == HOL_BOUNDED) {
        c.bounded = true;
        c.wcrt_ns = hr->tasks[i].response_ns;
    }
    const hol_step *st = &g->steps[t->first_step];
    if (t->n_steps == 1 && g->res[st->resource].kind == HOL_CPU_CORE) {
        c.cpu_alone = true;
        c.core = st->resource;
        c.priority = st->priority;
    }
    return c;
}

/* LET chain c with its exact bound cr: the observer over LET jobs (read at phase + k T, write
 * at that + D) gives MRT = MDA = the bound once the jobs cover the enumeration window and the
 * longest job chain after it (4 H + the largest phase + 2 sum of T), and never more over a
 * shorter window (H + the largest phase). */
static void check_let(const rt_chain *c, const chain_task *ct, size_t nt, const chain_result *cr,
                      uint64_t seed, stats *st)
{
    static chainobs_job jobs[FX_MAX_TASKS][MAX_LET_JOBS];
    CU_ASSERT_EQUAL_FATAL(cr->status[CHAIN_LET_EXACT], CHAIN_OK);
    CU_ASSERT_EQUAL(cr->why, CHAIN_PASSES);
    int64_t h = cr->hyperperiod_ns, phase = 0, sum_t = 0;
    for (size_t k = 0; k < c->n_tasks; k++) {
        const chain_task *t = &ct[c->tasks[k]];
        phase = t->offset_ns > phase ? t->offset_ns : phase;
        sum_t += t->period_ns;
    }
    for (int pass = 0; pass < 2; pass++) {
        int64_t end = pass ? 4 * h + phase + 2 * sum_t : h + phase;
        chainobs_task ot[FX_MAX_TASKS];
        for (size_t i = 0; i < nt; i++) {
            size_t n = (size_t)((end - ct[i].offset_ns) / ct[i].period_ns) + 1;
            CU_ASSERT_FATAL(n <= MAX_LET_JOBS);
            CU_ASSERT_EQUAL_FATAL(chainobs_let_jobs(ct[i].offset_ns, ct[i].period_ns,
                                                    ct[i].deadline_ns, n, jobs[i],
                                                    &ot[i].unrecorded_from_ns), CHAINOBS_OK);
            ot[i].jobs = jobs[i];
            ot[i].n_jobs = n;
        }
        chainobs_result o;
        CU_ASSERT_EQUAL_FATAL(chainobs_compute(ot, nt, c->tasks, c->n_tasks, &o), CHAINOBS_OK);
        int64_t b = cr->bound_ns[CHAIN_LET_EXACT];
        bool ok = pass ? o.mrt.found && o.mda.found && o.mrt.length_ns == b &&
                         o.mda.length_ns == b
                       : (!o.mrt.found || o.mrt.length_ns <= b) &&
                         (!o.mda.found || o.mda.length_ns <= b);
        if (!ok && st->bad++ < 3)
            fprintf(stderr, "\nchainprop: seed %llu LET chain (window %lld): observed MRT %lld "
                            "MDA %lld, exact %lld\n", (unsigned long long)seed, (long long)end,
                    (long long)(o.mrt.found ? o.mrt.length_ns : -1),
                    (long long)(o.mda.found ? o.mda.length_ns : -1), (long long)b);
        st->let_equal += pass && ok;
        st->let_short += !pass;
        chainobs_result_fini(&o);
    }
}

/* The streaming observers of one run: a job's event to each chain's. */
typedef struct streams {
    chainobs_stream *s[MAX_CHAINS];
    size_t n;
} streams;

static int to_streams(void *ctx, size_t task, uint64_t job, bool write, int64_t t)
{
    streams *x = ctx;
    for (size_t c = 0; c < x->n; c++)
        if (x->s[c] && chainobs_stream_event(x->s[c], task, job, write, t) != CHAINOBS_OK)
            return -1;
    return 0;
}

static bool same_max(const chainobs_max *a, const chainobs_max *b, size_t n)
{
    bool ok = a->found == b->found && a->chains == b->chains;
    if (ok && a->found) {
        ok = a->length_ns == b->length_ns && a->from_ns == b->from_ns && a->to_ns == b->to_ns;
        for (size_t i = 0; ok && i < n; i++)
            ok = a->jobs[i] == b->jobs[i];
    }
    return ok;
}

/* Simulate g under exec with seeded release jitters, phases = the tasks' offsets, over 16
 * hyperperiods past the largest phase, recording every job; every implicit chain with bounds
 * observed (read = first start, write = last completion) against its binding MRT and MDA. The
 * same run also feeds every implicit chain's streaming observer as it goes, in the simulator's
 * own order of events (rtgpu-simulate's way, without records): its maxima must equal those of
 * the definitions over the records (tests/chainobs_ref.h). */
static void check_sim(const fx_sys *g, const rt_chain *chains, const chain_result *cr, size_t nc,
                      syssim_exec exec, uint64_t seed, stats *st)
{
    syssim_options so;
    syssim_options_default(&so);
    so.exec = exec;
    so.jitter = SYSSIM_JITTER_RANDOM;
    so.seed = seed;
    so.horizon_ns = 16 * g->hyper + 360;
    so.phase_ns = g->phase;
    so.job_records = true;
    size_t nt = g->sys.n_tasks;
    uint64_t nj[FX_MAX_TASKS];
    int64_t from[FX_MAX_TASKS];
    for (size_t i = 0; i < nt; i++) {
        nj[i] = syssim_released(g->phase[i], g->tasks[i].period_ns, so.horizon_ns);
        from[i] = g->phase[i] + (int64_t)nj[i] * g->tasks[i].period_ns;
    }
    streams live = { .n = nc };
    for (size_t c = 0; c < nc; c++)
        if (chains[c].communication == RT_COMM_IMPLICIT)
            CU_ASSERT_EQUAL_FATAL(chainobs_stream_new(chains[c].tasks, chains[c].n_tasks, nt, nj,
                                                      from, &live.s[c]), CHAINOBS_OK);
    so.job_event = to_streams;
    so.job_ctx = &live;
    syssim_result sr;
    int rc = syssim_run(&g->sys, &so, &sr);
    CU_ASSERT_EQUAL(rc, SYSSIM_OK);
    chainobs_task ot[FX_MAX_TASKS];
    chainobs_job *jobs[FX_MAX_TASKS] = { NULL };
    for (size_t i = 0; rc == SYSSIM_OK && i < nt; i++) {
        size_t n = (size_t)sr.tasks[i].released;
        jobs[i] = malloc((n ? n : 1) * sizeof *jobs[i]);
        CU_ASSERT_FATAL(jobs[i] != NULL);
        for (size_t k = 0; k < n; k++)
            jobs[i][k] = (chainobs_job){ sr.tasks[i].jobs[k].first_start_ns,
                                         sr.tasks[i].jobs[k].last_end_ns };
        ot[i] = (chainobs_task){ .jobs = jobs[i], .n_jobs = n,
                                 .unrecorded_from_ns = g->phase[i] +
                                                       (int64_t)n * g->tasks[i].period_ns };
    }
    for (size_t c = 0; rc == SYSSIM_OK && c < nc; c++) {
        if (chains[c].communication != RT_COMM_IMPLICIT)
            continue;
        chainobs_result ref, got;
        CU_ASSERT_EQUAL_FATAL(ref_chainobs_compute(ot, nt, chains[c].tasks, chains[c].n_tasks,
                                                   &ref), 0);
        CU_ASSERT_EQUAL_FATAL(chainobs_stream_finish(live.s[c], &got), CHAINOBS_OK);
        bool same = same_max(&ref.mrt, &got.mrt, chains[c].n_tasks) &&
                    same_max(&ref.mda, &got.mda, chains[c].n_tasks);
        st->streamed++;
        if (!same && st->stream_differ++ < 3)
            fprintf(stderr, "\nchainprop: seed %llu chain %zu (%s): the stream differs from the "
                            "definitions\n", (unsigned long long)seed, c, syssim_exec_name(exec));
        chainobs_result_fini(&ref);
        chainobs_result_fini(&got);
        if (!cr[c].has_mrt)
            continue;
        chainobs_result o;
        CU_ASSERT_EQUAL_FATAL(chainobs_compute(ot, nt, chains[c].tasks, chains[c].n_tasks, &o),
                              CHAINOBS_OK);
        if (o.mrt.found && o.mda.found) {
            st->observations++;
            int64_t m = o.mrt.length_ns, a = o.mda.length_ns;
            if ((m > cr[c].mrt_ns || a > cr[c].mda_ns) && st->bad++ < 3)
                fprintf(stderr, "\nchainprop: seed %llu chain %zu (%s): observed MRT %lld MDA "
                                "%lld > bounds %lld (%s) %lld (%s)\n",
                        (unsigned long long)seed, c, syssim_exec_name(exec), (long long)m,
                        (long long)a, (long long)cr[c].mrt_ns,
                        chain_bound_name(cr[c].binding_mrt), (long long)cr[c].mda_ns,
                        chain_bound_name(cr[c].binding_mda));
            st->mrt_reached += m == cr[c].mrt_ns;
            st->mda_reached += a == cr[c].mda_ns;
            double rm = (double)m / (double)cr[c].mrt_ns, ra = (double)a / (double)cr[c].mda_ns;
            st->mrt_ratio = rm > st->mrt_ratio ? rm : st->mrt_ratio;
            st->mda_ratio = ra > st->mda_ratio ? ra : st->mda_ratio;
        }
        chainobs_result_fini(&o);
    }
    for (size_t i = 0; i < nt; i++)
        free(jobs[i]);
    for (size_t c = 0; c < nc; c++)
        chainobs_stream_free(live.s[c]);
    syssim_result_fini(&sr);
}

/* 2,000 random systems (fx_sys_gen with chains: half the tasks one-step tasks on core 0, half
 * jittered, half with D = T, phases in [0, T)), each with one to three random chains of two to
 * five distinct tasks: LET where at least two tasks have D <= T and R <= D (and a coin says
 * so), else implicit. Implicit chains: simulated at the WCETs, at random times and at the
 * extremes, with seeded jitters; no observed MRT or MDA is above the binding bound, and some
 * come within 1% of it. LET chains: the observer over the LET instants equals the exact
 * enumeration (two independent implementations). RTGPU_CHAINPROP_STATS prints the counts; as
 * shipped: 3,990 chains (3,610 implicit, 341 of them with an unbounded task; 380 LET), 323
 * same-core hops with a jittered producer (I = J_p < R_p), 9,807 implicit observations, none
 * above a bound, the tightest at 0.9947 of the bound (MRT and MDA), none equal; 380 of 380 LET
 * chains equal. */
static void test_chainprop_random(void)
{
    stats st = { 0 };
    uint64_t s = 20261133;
    for (int n = 0; n < 2000; n++) {
        fx_sys g;
        fx_sys_gen(&g, &s, true);
        rt_budget b;
        budget_init(&b, RT_BUDGET_DEFAULT_UNITS);
        hol_result hr;
        CU_ASSERT_EQUAL_FATAL(holistic_analyse(&g.sys, &b, &hr), 0);
        size_t nt = g.sys.n_tasks, all[FX_MAX_TASKS], let_pool[FX_MAX_TASKS], n_let = 0;
        chain_task ct[FX_MAX_TASKS];
        for (size_t i = 0; i < nt; i++) {
            ct[i] = figures(&g, &hr, i);
            all[i] = i;
            if (ct[i].bounded && ct[i].deadline_ns <= ct[i].period_ns &&
                ct[i].wcrt_ns <= ct[i].deadline_ns)
                let_pool[n_let++] = i;
        }
        size_t idx[MAX_CHAINS][FX_MAX_TASKS];
        rt_chain chains[MAX_CHAINS];
        chain_result cr[MAX_CHAINS];
        size_t nc = 1 + (size_t)rng_upto(&s, MAX_CHAINS - 1);
        for (size_t c = 0; c < nc; c++) {
            bool let = n_let >= 2 && rng_upto(&s, 1) == 0;
            chains[c] = (rt_chain){ .communication = let ? RT_COMM_LET : RT_COMM_IMPLICIT,
                                    .tasks = idx[c] };
            chains[c].n_tasks = random_chain(&s, let ? let_pool : all, let ? n_let : nt, idx[c]);
            chain_analyse(&chains[c], ct, NULL, &cr[c]);
            st.chains++;
            if (let) {
                st.let++;
                check_let(&chains[c], ct, nt, &cr[c], (uint64_t)n, &st);
                continue;
            }
            st.implicit++;
            st.unbounded += !cr[c].has_mrt;
            for (size_t k = 0; cr[c].has_mrt && k + 1 < chains[c].n_tasks; k++) {
                const chain_task *p = &ct[idx[c][k]], *q = &ct[idx[c][k + 1]];
                st.same_core_hops += p->cpu_alone && q->cpu_alone && p->core == q->core &&
                                     p->priority < q->priority && p->jitter_ns > 0 &&
                                     p->jitter_ns < p->wcrt_ns;
            }
        }
        check_sim(&g, chains, cr, nc, SYSSIM_EXEC_WCET, 1000 + (uint64_t)n, &st);
        check_sim(&g, chains, cr, nc, SYSSIM_EXEC_RANDOM, 5000 + (uint64_t)n, &st);
        check_sim(&g, chains, cr, nc, SYSSIM_EXEC_EXTREMES, 9000 + (uint64_t)n, &st);
        st.systems++;
        holistic_result_fini(&hr);
    }
    if (getenv("RTGPU_CHAINPROP_STATS"))
        fprintf(stderr, "\n  chain property: %ld systems, %ld chains (%ld implicit, %ld of them "
                        "unbounded; %ld LET), %ld same-core hops with a jittered producer, %ld "
                        "implicit observations, %ld above a bound; MRT reached %ld times, "
                        "largest observed/bound %.4f; MDA reached %ld times, largest %.4f; LET "
                        "equal %ld of %ld, %ld short windows\n",
                st.systems, st.chains, st.implicit, st.unbounded, st.let, st.same_core_hops,
                st.observations, st.bad, st.mrt_reached, st.mrt_ratio, st.mda_reached,
                st.mda_ratio, st.let_equal, st.let, st.let_short);
    CU_ASSERT_EQUAL(st.bad, 0);
    CU_ASSERT_EQUAL(st.stream_differ, 0);
    CU_ASSERT(st.streamed >= 3 * 3000);
    CU_ASSERT(st.let_equal == st.let);
    CU_ASSERT(st.let >= 100);
    CU_ASSERT(st.same_core_hops >= 100);
    CU_ASSERT(st.observations * 10 >= (st.implicit - st.unbounded) * 3 * 9);
    /* not vacuous: some observation comes within 1% of its bound (as shipped: 0.9947 for both
     * MRT and MDA, none equal) */
    CU_ASSERT(st.mrt_ratio >= 0.99);
    CU_ASSERT(st.mda_ratio >= 0.99);
}

void test_chainprop_register(void)
{
    CU_pSuite s = CU_add_suite("chainprop", NULL, NULL);
    CU_add_test(s, "chain bounds against simulated chains (2,000 random systems)",
                test_chainprop_random);
}
