/* Tests of the pattern stages of the partition search (search/pattern.c, pattern_pool.c,
 * pattern_mip.c): the master capped below an incumbent, the pool and the pattern MIP against a
 * brute-force enumeration, the ladder of capped MIPs, and the soundness of the witness cuts. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>

#include "fixture_search.h"
#include "search/judge.h"
#include "search/pattern_mip.h"

void test_pattern_register(void);

/* Witness cuts (docs/assignment.md sec. 5a): every layout is enumerated and analysed through the
 * judge (no cache, so every failing layout comes with its blame). For each failing partition P
 * and the partitions R that the judge blames for P's WCETs, no schedulable layout may hold a
 * group containing P's on P's size together with every partition of R (same group, same size):
 * the cut the pattern MIP adds would remove it. Masks of at most 5 tasks. */
typedef struct wit {
    uint32_t grp;          /* P's tasks */
    int64_t units;
    size_t n_r;
    uint32_t r_grp[5];
    int64_t r_units[5];
} wit;

typedef struct wenum {
    const fixture *f;
    judge *j;
    jlayout l;
    size_t *block;
    int64_t S;
    uint32_t (*ok_grp)[5];  /* schedulable layouts: masks and units of their partitions */
    int64_t (*ok_units)[5];
    size_t *ok_np, n_ok, cap_ok;
    wit *w;
    size_t n_w, cap_w;
} wenum;

static uint32_t part_mask(const jlayout *l, size_t p)
{
    uint32_t m = 0;
    for (size_t i = 0; i < l->T; i++)
        if (l->part[i] == p)
            m |= 1u << i;
    return m;
}

static void wenum_judge(wenum *e)
{
    jverdict v;
    CU_ASSERT_EQUAL_FATAL(judge_eval(e->j, &e->l, &v), 0);
    size_t np = e->l.n_parts;
    if (v.pass) {
        if (e->n_ok == e->cap_ok) {
            e->cap_ok = e->cap_ok ? 2 * e->cap_ok : 64;
            e->ok_grp = realloc(e->ok_grp, e->cap_ok * sizeof *e->ok_grp);
            e->ok_units = realloc(e->ok_units, e->cap_ok * sizeof *e->ok_units);
            e->ok_np = realloc(e->ok_np, e->cap_ok * sizeof *e->ok_np);
            CU_ASSERT_FATAL(e->ok_grp && e->ok_units && e->ok_np);
        }
        for (size_t p = 0; p < np; p++) {
            e->ok_grp[e->n_ok][p] = part_mask(&e->l, p);
            e->ok_units[e->n_ok][p] = e->l.units[p];
        }
        e->ok_np[e->n_ok++] = np;
        return;
    }
    if (!v.blame)
        return;
    for (size_t p = 0; p < np; p++) {
        bool miss = false;
        for (size_t i = 0; i < e->l.T; i++)
            miss |= e->l.part[i] == p && v.miss[i];
        if (!miss)
            continue;
        if (e->n_w == e->cap_w) {
            e->cap_w = e->cap_w ? 2 * e->cap_w : 64;
            e->w = realloc(e->w, e->cap_w * sizeof *e->w);
            CU_ASSERT_PTR_NOT_NULL_FATAL(e->w);
        }
        wit *w = &e->w[e->n_w++];
        *w = (wit){ .grp = part_mask(&e->l, p), .units = e->l.units[p] };
        for (size_t r = 0; r < np; r++)
            if (r != p && v.blame[p * np + r]) {
                w->r_grp[w->n_r] = part_mask(&e->l, r);
                w->r_units[w->n_r++] = e->l.units[r];
            }
    }
}

static void wenum_sizes(wenum *e, size_t p, size_t np, int64_t used)
{
    if (p == np) {
        e->l.n_parts = np;
        for (size_t i = 0; i < e->l.T; i++)
            e->l.part[i] = e->block[i];
        wenum_judge(e);
        return;
    }
    for (int64_t u = 1; used + u <= e->S; u++) {
        e->l.units[p] = u;
        wenum_sizes(e, p + 1, np, used + u);
    }
}

static void wenum_parts(wenum *e, size_t i, size_t np)
{
    if (i == e->l.T) {
        wenum_sizes(e, 0, np, 0);
        return;
    }
    for (size_t k = 0; k <= np; k++) {
        e->block[i] = k;
        wenum_parts(e, i + 1, k == np ? np + 1 : np);
    }
}

/* Does schedulable layout k keep witness w's partition (or a larger group on its size) beside
 * every blamed partition? */
static bool wit_hits(const wenum *e, size_t k, const wit *w)
{
    bool self = false;
    for (size_t p = 0; p < e->ok_np[k]; p++)
        self |= e->ok_units[k][p] == w->units && (e->ok_grp[k][p] & w->grp) == w->grp;
    for (size_t r = 0; self && r < w->n_r; r++) {
        bool have = false;
        for (size_t p = 0; p < e->ok_np[k]; p++)
            have |= e->ok_units[k][p] == w->r_units[r] && e->ok_grp[k][p] == w->r_grp[r];
        self = have;
    }
    return self;
}

static void test_assign_witness_cuts_sound(void)
{
    size_t witnesses = 0, with_r = 0, ok_layouts = 0;
    for (uint64_t seed = 1; seed <= 9; seed++) {
        rt_options o;
        seeded_options(&o, seed, 8);
        fixture f;
        rand_instance(&f, gpu_make(7, 1, 5, 1365), seed % 2 ? 5 : 4, seed * 104729 + 7, &o);
        wenum e = { .f = &f, .S = 7 };
        CU_ASSERT_EQUAL_FATAL(judge_init(&e.l, f.ts->n_tasks), 0);
        e.block = calloc(f.ts->n_tasks, sizeof *e.block);
        CU_ASSERT_PTR_NOT_NULL_FATAL(e.j = judge_new(f.m, f.ts, &o, 0));
        wenum_parts(&e, 0, 0);
        for (size_t w = 0; w < e.n_w; w++) {
            with_r += e.w[w].n_r > 0;
            for (size_t k = 0; k < e.n_ok; k++)
                if (wit_hits(&e, k, &e.w[w])) {
                    CU_FAIL("a witness cut removes a schedulable layout");
                    break;
                }
        }
        witnesses += e.n_w;
        ok_layouts += e.n_ok;
        judge_free(e.j);
        judge_fini(&e.l);
        free(e.block);
        free(e.ok_grp);
        free(e.ok_units);
        free(e.ok_np);
        free(e.w);
        fx_fini(&f);
    }
    CU_ASSERT(witnesses > 1000);
    CU_ASSERT(with_r > 500);
    CU_ASSERT(ok_layouts > 100);
}

/* One instance of the pattern comparisons: options with priorities prio and no clock, the
 * random instance of nt tasks on N SMs (granularity g, banks banks) of this seed, and the inputs
 * of the pattern stages (diagnostics, bound tables, a judge; pat_close frees them). Returns the
 * brute-force minimum in SMs (-1: no layout is schedulable). */
typedef struct pat_env {
    rt_options o;
    fixture f;
    rt_diags *d;
    lbt *b;
    judge *j;
} pat_env;

static int64_t pat_open(pat_env *e, int64_t N, int64_t g, int64_t banks, size_t nt,
                        uint64_t seed, rt_prio_mode prio)
{
    rt_options_default(&e->o);
    e->o.priorities = prio;
    e->o.time_limit_s = 0;
    rand_instance(&e->f, gpu_make(N, g, banks, 1365), nt, seed * 7919 + (uint64_t)N, &e->o);
    int64_t want = brute_min_sms(&e->f, &e->o);
    e->d = rt_diag_new(16);
    e->b = bounds_new(e->f.m, e->f.ts, &e->o);
    e->j = judge_new(e->f.m, e->f.ts, &e->o, 1024);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e->b);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e->j);
    return want;
}

static void pat_close(pat_env *e)
{
    judge_free(e->j);
    bounds_free(e->b);
    rt_diag_free(e->d);
    fx_fini(&e->f);
}

/* The pattern MIP alone, without an incumbent, against the brute force: the pool for layouts of
 * at most U units (U = the brute-force minimum, or all SMs when none is schedulable) must hold
 * every layout of that size, so the MIP over it finds a layout of exactly the minimum and
 * proves it (or proves that none exists). The pool is filtered by reduced costs (sec. 5), so a
 * pool that left out a pattern it needs shows here. Sizes and options as the brute-force
 * comparisons; no clock.
 * above: the master's cap as a search with an incumbent sets it (layouts below the incumbent):
 * -1 none (the whole GPU), 1 an incumbent one unit above the minimum (the master capped at the
 * minimum: the bound may not pass it and the pool must still hold the minimum), 0 an incumbent
 * at the minimum (capped one unit below: the bound may reach the minimum but not pass it, and
 * the pool holds no schedulable layout). */
static void pattern_compare_cap(int64_t N, int64_t g, int64_t banks, size_t nt, size_t n_seeds,
                                rt_prio_mode prio, int above, long *proven)
{
    for (uint64_t seed = 1; seed <= n_seeds; seed++) {
        pat_env e;
        int64_t want = pat_open(&e, N, g, banks, nt, seed, prio);
        rt_diags *d = e.d;
        lbt *b = e.b;
        judge *j = e.j;
        const fixture *fp = &e.f;
        int64_t S = N / g, U = want < 0 ? S : want / g;
        int64_t stop = above < 0 || want < 0 ? S + 1 : U + above;
        if (above == 0 && want >= 0)
            U--; /* the pool for layouts below the incumbent */
        pattern_result pr;
        pattern_pool pool = {0};
        CU_ASSERT_EQUAL_FATAL(bound_and_pool(b, stop, d, &pr, &pool, U),
                              ASSIGN_OK);
        /* the bound never exceeds a schedulable layout */
        if (want >= 0)
            CU_ASSERT(pr.lb_units * g <= want);
        if (above == 0 && want >= 0) {
            /* nothing below the minimum: the pool's MIP finds nothing, and proves it */
            jlayout none;
            CU_ASSERT_EQUAL_FATAL(judge_init(&none, fp->ts->n_tasks), 0);
            pmip_result pm;
            if (pr.lb_units <= U) {
                CU_ASSERT_EQUAL_FATAL(pattern_mip_solve(j, &pool, S, g, NULL, 0, NULL, true, d, &none,
                                                 &pm), ASSIGN_OK);
                CU_ASSERT_FALSE(pm.found);
                CU_ASSERT_TRUE(pool.exhaustive);
                *proven += pm.proven;
            } else {
                (*proven)++; /* the bound alone proves the minimum */
            }
            judge_fini(&none);
        } else if (pr.lb_units <= U) {
            jlayout best;
            CU_ASSERT_EQUAL_FATAL(judge_init(&best, fp->ts->n_tasks), 0);
            pmip_result pm;
            CU_ASSERT_EQUAL_FATAL(pattern_mip_solve(j, &pool, S, g, NULL, 0, NULL, true, d, &best,
                                             &pm), ASSIGN_OK);
            CU_ASSERT_TRUE(pool.exhaustive);
            if (pm.proven) {
                (*proven)++;
                CU_ASSERT_EQUAL(pm.found, want >= 0);
                if (pm.found && want >= 0)
                    CU_ASSERT_EQUAL(judge_units(&best) * g, want);
            }
            if (pm.found && want >= 0)
                CU_ASSERT(judge_units(&best) * g >= want);
            if (want >= 0 && (!pm.found || judge_units(&best) * g != want))
                fprintf(stderr, "\npattern mismatch N=%lld seed=%llu: brute %lld, pmip %lld\n",
                        (long long)N, (unsigned long long)seed, (long long)want,
                        pm.found ? (long long)(judge_units(&best) * g) : -1LL);
            judge_fini(&best);
        }
        pattern_pool_fini(&pool);
        pat_close(&e);
    }
}

static void pattern_compare(int64_t N, int64_t g, int64_t banks, size_t nt, size_t n_seeds,
                            rt_prio_mode prio, long *proven)
{
    pattern_compare_cap(N, g, banks, nt, n_seeds, prio, -1, proven);
}

static void test_assign_pattern_mip_brute(void)
{
    long proven = 0;
    pattern_compare(6, 1, 5, 5, 12, RT_PRIO_GIVEN, &proven);
    pattern_compare(8, 2, 6, 5, 8, RT_PRIO_DM, &proven);
    pattern_compare(6, 1, 5, 5, 8, RT_PRIO_AUDSLEY, &proven);
    /* 9 SMs, 4 tasks: minimal layouts of several partitions beside failing ones, where a
     * witness cut that reaches too far removes the minimum (docs/validation.md sec. 10) */
    pattern_compare(9, 1, 6, 4, 12, RT_PRIO_GIVEN, &proven);
    CU_ASSERT(proven >= 30); /* nearly every instance ends with a proof */
}

/* The master capped below an incumbent (docs/assignment.md sec. 4, "The cap"): incumbents one
 * unit above the minimum and at it. */
static void test_assign_pattern_cap_brute(void)
{
    long proven = 0;
    pattern_compare_cap(6, 1, 5, 5, 12, RT_PRIO_GIVEN, 1, &proven);
    pattern_compare_cap(8, 2, 6, 5, 8, RT_PRIO_DM, 1, &proven);
    pattern_compare_cap(6, 1, 5, 5, 12, RT_PRIO_GIVEN, 0, &proven);
    pattern_compare_cap(6, 1, 5, 5, 8, RT_PRIO_AUDSLEY, 0, &proven);
    CU_ASSERT(proven >= 25); /* 29 of the 40 here */
}

/* The ladder of rungs (docs/assignment.md sec. 5b): from one pattern master, for every cap E
 * from its bound up to the GPU, the pool for the layouts of at most E units and the pattern MIP
 * capped at E. Against the brute-force minimum `want` (units): a rung whose pool is exhaustive
 * and whose MIP is proven claims "no layout of at most E units" (nothing found) only when
 * E < want, and a layout found is schedulable, never below want, and want itself when proven.
 * Mutation check (j) of docs/validation.md sec. 10: building each rung's pool for one unit
 * fewer than its cap (a layout of E units may then need a pattern the pool lacks) makes this
 * test fail. */
static void ladder_compare(int64_t N, int64_t g, int64_t banks, size_t nt, size_t n_seeds,
                           rt_prio_mode prio, long *raised, long *closed)
{
    for (uint64_t seed = 1; seed <= n_seeds; seed++) {
        pat_env e;
        int64_t want = pat_open(&e, N, g, banks, nt, seed, prio);
        int64_t S = N / g, W = want < 0 ? S + 1 : want / g;
        rt_diags *d = e.d;
        judge *j = e.j;
        pattern_result pr;
        pattern_master *m = NULL;
        CU_ASSERT_EQUAL_FATAL(pattern_master_run(e.b, NULL, 0, S + 1, d, &pr, &m), ASSIGN_OK);
        CU_ASSERT(pr.lb_units <= W);
        pattern_pool pool = {0};
        for (int64_t E = pr.lb_units > 1 ? pr.lb_units : 1; E <= S; E++) {
            CU_ASSERT_EQUAL_FATAL(pattern_pool_build(m, NULL, E, 0, false, &pool), ASSIGN_OK);
            CU_ASSERT_TRUE(pool.exhaustive); /* no clock, no cap reached on these sizes */
            jlayout best;
            CU_ASSERT_EQUAL_FATAL(judge_init(&best, e.f.ts->n_tasks), 0);
            pmip_result pm;
            CU_ASSERT_EQUAL_FATAL(pattern_mip_solve(j, &pool, E, g, NULL, 0, NULL, true, d, &best, &pm),
                                  ASSIGN_OK);
            bool wrong = false;
            if (pm.found)
                wrong |= judge_units(&best) < W || judge_units(&best) > E ||
                         (pm.proven && judge_units(&best) != W);
            if (pm.proven && !pm.found)
                wrong |= E >= W; /* "none of at most E units" with the minimum at W <= E */
            CU_ASSERT_FALSE(wrong);
            if (wrong)
                fprintf(stderr, "\nladder mismatch N=%lld seed=%llu E=%lld: brute %lld, found "
                        "%lld, proven %d\n", (long long)N, (unsigned long long)seed,
                        (long long)E, (long long)want,
                        pm.found ? (long long)judge_units(&best) : -1LL, pm.proven);
            *raised += pm.proven && !pm.found;
            *closed += pm.proven && pm.found;
            judge_fini(&best);
            if (pm.found)
                break;
        }
        pattern_pool_fini(&pool);
        pattern_master_free(m);
        pat_close(&e);
    }
}

static void test_assign_ladder_brute(void)
{
    long raised = 0, closed = 0;
    ladder_compare(6, 1, 5, 5, 12, RT_PRIO_GIVEN, &raised, &closed);
    ladder_compare(8, 2, 6, 5, 8, RT_PRIO_DM, &raised, &closed);
    ladder_compare(9, 1, 6, 4, 12, RT_PRIO_AUDSLEY, &raised, &closed);
    fprintf(stderr, "\nladder: rungs raised %ld, closed %ld\n", raised, closed);
    CU_ASSERT(raised >= 5);  /* rungs below the minimum, proven empty: 7 here */
    CU_ASSERT(closed >= 20); /* the minimum itself, proven: 24 of the 32 instances */
}

void test_pattern_register(void)
{
    CU_pSuite s = CU_add_suite("pattern", NULL, NULL);
    CU_add_test(s, "pattern MIP alone against brute force", test_assign_pattern_mip_brute);
    CU_add_test(s, "pattern master capped below an incumbent against brute force",
                test_assign_pattern_cap_brute);
    CU_add_test(s, "ladder of capped pattern MIPs against brute force", test_assign_ladder_brute);
    CU_add_test(s, "witness cuts remove no schedulable layout", test_assign_witness_cuts_sound);
}
