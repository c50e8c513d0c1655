/* Tests of sim/chainobs.c, the observed maximum reaction time (MRT) and maximum data age (MDA)
 * of a cause-effect chain (definitions of Gunzel et al., ECRTS 2023; src/sim/chainobs.h). Every
 * job chain is written out below; jobs are (read, write) instants, job indices from 0. */
#include <CUnit/CUnit.h>
#include <stdint.h>

#include <stdio.h>
#include <stdlib.h>

#include "chainobs_ref.h"
#include "sim/chainobs.h"
#include "util/rng.h"

void test_chainobs_register(void);

static void expect_max(const chainobs_max *m, uint64_t chains, int64_t from, int64_t to,
                       const size_t *jobs, size_t n)
{
    CU_ASSERT_TRUE_FATAL(m->found);
    CU_ASSERT_EQUAL(m->chains, chains);
    CU_ASSERT_EQUAL(m->from_ns, from);
    CU_ASSERT_EQUAL(m->to_ns, to);
    CU_ASSERT_EQUAL(m->length_ns, to - from);
    for (size_t i = 0; i < n; i++)
        CU_ASSERT_EQUAL(m->jobs[i], jobs[i]);
}

/* Implicit communication, a write and a read at the same instant.
 *   t1 (T 10): (0,2) (10,12) (20,25) (30,32), not recorded from 40
 *   t2 (T 10, phase 2): (2,5) (12,14) (25,27) (32,35), not recorded from 42
 * Forward chains (every task has read once by 2; J_1 = job m+1 of t1, from its job m's read):
 *   m=0: from 0, t1#1 writes 12, t2#1 reads at 12 (the write first): writes 14: 14
 *   m=1: from 10, t1#2 writes 25, t2#2 reads at 25: writes 27: 17
 *   m=2: from 20, t1#3 writes 32, t2#3 reads at 32: writes 35: 15
 *   MRT = 17: jobs (2, 2), 10 .. 27. (Were the read before the write, m=0 would reach t2#2:
 *   27 - 0 = 27.)
 * Backward chains (J_2 = job m-1 of t2, to the write of its job m):
 *   m=1: to 14, t2#0 reads at 2, t1's last write at or before 2: #0 (at 2): from 0: 14
 *   m=2: to 27, t2#1 reads at 12: t1#1 (writes 12): from 10: 17
 *   m=3: to 35, t2#2 reads at 25: t1#2 (writes 25): from 20: 15
 *   MDA = 17: jobs (1, 1), 10 .. 27. */
static void test_chainobs_implicit(void)
{
    static const chainobs_job j1[4] = { { 0, 2 }, { 10, 12 }, { 20, 25 }, { 30, 32 } };
    static const chainobs_job j2[4] = { { 2, 5 }, { 12, 14 }, { 25, 27 }, { 32, 35 } };
    const chainobs_task t[2] = { { j1, 4, 40 }, { j2, 4, 42 } };
    chainobs_result r;
    CU_ASSERT_EQUAL_FATAL(chainobs_compute(t, 2, (const size_t[]){ 0, 1 }, 2, &r), CHAINOBS_OK);
    expect_max(&r.mrt, 3, 10, 27, (const size_t[]){ 2, 2 }, 2);
    expect_max(&r.mda, 3, 10, 27, (const size_t[]){ 1, 1 }, 2);
    chainobs_result_fini(&r);
}

/* The window's ends.
 *   t1: (0,1) (10,11), not recorded from 20 (or 12 below)
 *   t2: (5,6) (15,16) (22,30), not recorded from 30
 * Forward (t2 reads first at 5): m=0: from 0, t1#1 writes 11, t2#1 reads at 15, writes 16: 16;
 *   m=1 would need t1#2: not recorded: MRT = 16 from 1 chain, jobs (1, 1).
 * Backward: m=1: to 16, t2#0 reads at 5: t1#0 (writes 1): from 0: 16;
 *   m=2: to 30, t2#1 reads at 15: t1#1 (writes 11), the last recorded one; a t1 job not
 *   recorded writes at 20 or later, after 15: decided, from 10: 20. MDA = 20 (2 chains), jobs
 *   (1, 1). With t1 not recorded from 12, a job of t1 could have written at or before 15: the
 *   second chain is not decided and is skipped: MDA = 16 (1 chain), jobs (0, 0). */
static void test_chainobs_window(void)
{
    static const chainobs_job j1[2] = { { 0, 1 }, { 10, 11 } };
    static const chainobs_job j2[3] = { { 5, 6 }, { 15, 16 }, { 22, 30 } };
    chainobs_task t[2] = { { j1, 2, 20 }, { j2, 3, 30 } };
    chainobs_result r;
    CU_ASSERT_EQUAL_FATAL(chainobs_compute(t, 2, (const size_t[]){ 0, 1 }, 2, &r), CHAINOBS_OK);
    expect_max(&r.mrt, 1, 0, 16, (const size_t[]){ 1, 1 }, 2);
    expect_max(&r.mda, 2, 10, 30, (const size_t[]){ 1, 1 }, 2);
    chainobs_result_fini(&r);
    t[0].unrecorded_from_ns = 12;
    CU_ASSERT_EQUAL_FATAL(chainobs_compute(t, 2, (const size_t[]){ 0, 1 }, 2, &r), CHAINOBS_OK);
    expect_max(&r.mda, 1, 0, 16, (const size_t[]){ 0, 0 }, 2);
    chainobs_result_fini(&r);
}

/* The start-up. t1 (T 10): (0,1) (10,11) (20,21) (30,31), not recorded from 40; t2 (T 10,
 * phase 25): (25,26) (35,36) (45,46), not recorded from 55. t2 reads first at 25, so forward
 * chains whose J_1 reads before 25 are the start-up (a running system has t2 jobs at 15, 5...):
 *   m=0 (J_1 = t1#1 reads at 10) and m=1 (t1#2 at 20): skipped (counted, m=0 would give
 *   t2#0: 26 - 0 = 26);
 *   m=2: from 20, t1#3 writes 31, t2#1 reads at 35, writes 36: 16.
 *   MRT = 16 from 1 chain, jobs (3, 1).
 * Backward: m=1: to 36, t2#0 reads at 25: t1#2 (writes 21): from 20: 16; m=2: to 46, t2#1
 * reads at 35: t1#3 (writes 31, the last recorded; not recorded from 40 > 35): from 30: 16.
 * MDA = 16 (2 chains), jobs (2, 0). */
static void test_chainobs_startup(void)
{
    static const chainobs_job j1[4] = { { 0, 1 }, { 10, 11 }, { 20, 21 }, { 30, 31 } };
    static const chainobs_job j2[3] = { { 25, 26 }, { 35, 36 }, { 45, 46 } };
    const chainobs_task t[2] = { { j1, 4, 40 }, { j2, 3, 55 } };
    chainobs_result r;
    CU_ASSERT_EQUAL_FATAL(chainobs_compute(t, 2, (const size_t[]){ 0, 1 }, 2, &r), CHAINOBS_OK);
    expect_max(&r.mrt, 1, 20, 36, (const size_t[]){ 3, 1 }, 2);
    expect_max(&r.mda, 2, 20, 36, (const size_t[]){ 2, 0 }, 2);
    chainobs_result_fini(&r);
}

/* LET, three tasks, phases 0: t1 T = D = 5, t2 T = D = 10, t3 T = D = 20, jobs released before
 * 80 (16, 8 and 4 jobs; not recorded from 80). Job k reads at k*T and writes at (k+1)*T.
 * Forward, m = 0, 1, ...: J_1 = t1#(m+1) writes at 5m + 10; t2's first job reading at or after
 * it, then t3's:
 *   m=0: writes 10 -> t2#1 (10..20) -> t3#1 (20..40): 40 - 0 = 40
 *   m=1: 15 -> t2#2 (20..30) -> t3#2 (40..60): 60 - 5 = 55
 *   m=2: 20 -> t2#2 -> t3#2: 60 - 10 = 50
 *   m=3: 25 -> t2#3 (30..40) -> t3#2: 60 - 15 = 45
 *   m=4: 30 -> t2#3 -> t3#2: 60 - 20 = 40
 *   m=5: 35 -> t2#4 (40..50) -> t3#3 (60..80): 80 - 25 = 55
 *   m=6: 40 -> t2#4 -> t3#3: 80 - 30 = 50
 *   m=7: 45 -> t2#5 (50..60) -> t3#3: 80 - 35 = 45
 *   m=8: 50 -> t2#5 -> t3#3: 80 - 40 = 40
 *   m=9: 55 -> t2#6 (60..70) -> t3#4: not recorded, the end.
 *   MRT = 55 (9 chains), the first: jobs (2, 2, 2), from 5 to 60.
 * Backward, m = 1, 2, 3: J_3 = t3#(m-1) reads at 20(m-1), to the write of t3#m at 20m + 20:
 *   m=1: t3#0 reads at 0: no t2 job writes by 0: incomplete, skipped
 *   m=2: t3#1 reads at 20: t2#1 (writes 20) reads at 10: t1#1 (writes 10) reads at 5: 60 - 5
 *   m=3: t3#2 reads at 40: t2#3 (writes 40) reads at 30: t1#5 (writes 30) reads at 25: 80 - 25
 *   MDA = 55 (2 chains), the first: jobs (1, 1, 1), from 5 to 60.
 * MRT = MDA, as Gunzel et al. prove for every chain. */
static void test_chainobs_let(void)
{
    chainobs_job j1[16], j2[8], j3[4];
    chainobs_task t[3] = { { j1, 16, 0 }, { j2, 8, 0 }, { j3, 4, 0 } };
    CU_ASSERT_EQUAL_FATAL(chainobs_let_jobs(0, 5, 5, 16, j1, &t[0].unrecorded_from_ns), 0);
    CU_ASSERT_EQUAL_FATAL(chainobs_let_jobs(0, 10, 10, 8, j2, &t[1].unrecorded_from_ns), 0);
    CU_ASSERT_EQUAL_FATAL(chainobs_let_jobs(0, 20, 20, 4, j3, &t[2].unrecorded_from_ns), 0);
    CU_ASSERT_EQUAL(t[0].unrecorded_from_ns, 80);
    CU_ASSERT_EQUAL(j2[3].read_ns, 30);
    CU_ASSERT_EQUAL(j2[3].write_ns, 40);
    chainobs_result r;
    CU_ASSERT_EQUAL_FATAL(chainobs_compute(t, 3, (const size_t[]){ 0, 1, 2 }, 3, &r),
                          CHAINOBS_OK);
    expect_max(&r.mrt, 9, 5, 60, (const size_t[]){ 2, 2, 2 }, 3);
    expect_max(&r.mda, 2, 5, 60, (const size_t[]){ 1, 1, 1 }, 3);
    CU_ASSERT_EQUAL(r.mrt.length_ns, r.mda.length_ns);
    chainobs_result_fini(&r);
}

/* One task: both are a job's write minus the previous job's read. t: (0,3) (10,12) (20,24):
 * forward m=0: 12 - 0, m=1: 24 - 10 = 14; backward m=1: 12 - 0, m=2: 24 - 10 = 14. The
 * same task twice (t, t): forward m=0: t#1 writes 12, t#2 reads at 20, writes 24: 24 - 0 =
 * 24; m=1: t#2 writes 24, no later job: the end. Backward m=1: t#0 reads 0: no job writes by
 * 0; m=2: t#1 reads 10: t#0 (writes 3): from 0 to 24: 24. Bad input: refused. */
static void test_chainobs_small(void)
{
    static const chainobs_job j[3] = { { 0, 3 }, { 10, 12 }, { 20, 24 } };
    const chainobs_task t[1] = { { j, 3, 30 } };
    chainobs_result r;
    CU_ASSERT_EQUAL_FATAL(chainobs_compute(t, 1, (const size_t[]){ 0 }, 1, &r), CHAINOBS_OK);
    expect_max(&r.mrt, 2, 10, 24, (const size_t[]){ 2 }, 1);
    expect_max(&r.mda, 2, 10, 24, (const size_t[]){ 1 }, 1);
    chainobs_result_fini(&r);
    CU_ASSERT_EQUAL_FATAL(chainobs_compute(t, 1, (const size_t[]){ 0, 0 }, 2, &r), CHAINOBS_OK);
    expect_max(&r.mrt, 1, 0, 24, (const size_t[]){ 1, 2 }, 2);
    expect_max(&r.mda, 1, 0, 24, (const size_t[]){ 0, 1 }, 2);
    chainobs_result_fini(&r);
    /* no job at all: nothing found */
    const chainobs_task none[1] = { { NULL, 0, 0 } };
    CU_ASSERT_EQUAL_FATAL(chainobs_compute(none, 1, (const size_t[]){ 0 }, 1, &r), CHAINOBS_OK);
    CU_ASSERT_FALSE(r.mrt.found);
    CU_ASSERT_FALSE(r.mda.found);
    chainobs_result_fini(&r);
    static const chainobs_job back[2] = { { 0, 5 }, { 10, 4 } };   /* a write decreases */
    static const chainobs_job inv[1] = { { 5, 4 } };               /* read after its write */
    const chainobs_task bad[2] = { { back, 2, 20 }, { inv, 1, 10 } };
    CU_ASSERT_EQUAL(chainobs_compute(bad, 1, (const size_t[]){ 0 }, 1, &r), CHAINOBS_EINVAL);
    CU_ASSERT_EQUAL(chainobs_compute(bad + 1, 1, (const size_t[]){ 0 }, 1, &r), CHAINOBS_EINVAL);
    CU_ASSERT_EQUAL(chainobs_compute(t, 1, (const size_t[]){ 1 }, 1, &r), CHAINOBS_EINVAL);
    CU_ASSERT_EQUAL(chainobs_compute(t, 1, (const size_t[]){ 0 }, 0, &r), CHAINOBS_EINVAL);
    chainobs_job out[2];
    int64_t from = 0;
    CU_ASSERT_EQUAL(chainobs_let_jobs(0, INT64_MAX / 2, 0, 2, out, &from), CHAINOBS_OK);
    CU_ASSERT_EQUAL(chainobs_let_jobs(0, INT64_MAX / 2 + 1, 0, 2, out, &from), CHAINOBS_ERANGE);
    CU_ASSERT_EQUAL(chainobs_let_jobs(0, 0, 0, 2, out, &from), CHAINOBS_EINVAL);
}

static bool same_max(const chainobs_max *a, const chainobs_max *b, size_t n)
{
    if (a->found != b->found || a->chains != b->chains)
        return false;
    if (!a->found)
        return true;
    if (a->length_ns != b->length_ns || a->from_ns != b->from_ns || a->to_ns != b->to_ns)
        return false;
    for (size_t i = 0; i < n; i++)
        if (a->jobs[i] != b->jobs[i])
            return false;
    return true;
}

/* The streaming observer against the definitions written straight (tests/chainobs_ref.h) on
 * 3000 random records: 1 to 4 tasks, chains of 1 to 5 positions (a task may come back), 0 to 24
 * jobs a task, instants from 0 to about 100 so that reads and writes share instants often, jobs
 * of zero length, a job's read before the previous job's write, the first unrecorded instant
 * anywhere from the last read on. Both maxima, their counts, ends and witness jobs must be
 * equal, and the witness instants those of the jobs named. Mutation checks (docs/validation.md
 * sec. 17): a read taken before the writes of its instant, or a backward hop that ignores the
 * first unrecorded instant, makes this fail. */
static void test_chainobs_stream_equals_definition(void)
{
    uint64_t seed = 20261207;
    size_t differ = 0;
    for (int c = 0; c < 3000; c++) {
        size_t n_tasks = 1 + (size_t)rng_upto(&seed, 3), n = 1 + (size_t)rng_upto(&seed, 4);
        chainobs_job jobs[4][24];
        chainobs_task tasks[4];
        size_t chain[5];
        for (size_t i = 0; i < n_tasks; i++) {
            size_t m = (size_t)rng_upto(&seed, 24);
            int64_t r = rng_upto(&seed, 6), w = 0;
            for (size_t k = 0; k < m; k++) {
                r += rng_upto(&seed, 4);
                int64_t wk = r + rng_upto(&seed, 6);
                w = wk > w ? wk : w;
                jobs[i][k] = (chainobs_job){ r, w };
            }
            tasks[i] = (chainobs_task){ .jobs = jobs[i], .n_jobs = m,
                                        .unrecorded_from_ns = (m ? jobs[i][m - 1].read_ns : 0) +
                                                              rng_upto(&seed, 8) };
        }
        for (size_t p = 0; p < n; p++)
            chain[p] = (size_t)rng_upto(&seed, (int64_t)n_tasks - 1);
        chainobs_result want, got;
        CU_ASSERT_EQUAL_FATAL(ref_chainobs_compute(tasks, n_tasks, chain, n, &want), 0);
        CU_ASSERT_EQUAL_FATAL(chainobs_compute(tasks, n_tasks, chain, n, &got), CHAINOBS_OK);
        bool ok = same_max(&want.mrt, &got.mrt, n) && same_max(&want.mda, &got.mda, n);
        for (int mda = 0; ok && mda < 2; mda++) {
            const chainobs_max *m = mda ? &got.mda : &got.mrt;
            for (size_t p = 0; m->found && p < n; p++)
                ok &= m->at[p].read_ns == tasks[chain[p]].jobs[m->jobs[p]].read_ns &&
                      m->at[p].write_ns == tasks[chain[p]].jobs[m->jobs[p]].write_ns;
        }
        if (!ok && differ++ < 3)
            fprintf(stderr, "\n  case %d: MRT %d %llu %lld / %d %llu %lld, MDA %d %llu %lld / %d "
                            "%llu %lld", c, want.mrt.found, (unsigned long long)want.mrt.chains,
                    (long long)want.mrt.length_ns, got.mrt.found,
                    (unsigned long long)got.mrt.chains, (long long)got.mrt.length_ns,
                    want.mda.found, (unsigned long long)want.mda.chains,
                    (long long)want.mda.length_ns, got.mda.found,
                    (unsigned long long)got.mda.chains, (long long)got.mda.length_ns);
        chainobs_result_fini(&want);
        chainobs_result_fini(&got);
    }
    CU_ASSERT_EQUAL(differ, 0);
}

void test_chainobs_register(void)
{
    CU_pSuite s = CU_add_suite("chainobs", NULL, NULL);
    CU_add_test(s, "implicit: a write and a read at one instant, the write first",
                test_chainobs_implicit);
    CU_add_test(s, "the window's ends: undecided chains skipped", test_chainobs_window);
    CU_add_test(s, "the start-up: forward chains before every first read skipped",
                test_chainobs_startup);
    CU_add_test(s, "LET, three tasks: MRT = MDA, every job chain by hand", test_chainobs_let);
    CU_add_test(s, "one task, a task twice, no job, bad input", test_chainobs_small);
    CU_add_test(s, "the stream equals the definitions (random records)",
                test_chainobs_stream_equals_definition);
}
