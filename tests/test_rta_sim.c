/* rta against a discrete-event simulation of non-preemptive fixed-priority scheduling on one
 * resource: no simulated response time may exceed the analysed bound, on thousands of random
 * task sets (deterministic PRNG). The simulator is independent of rta.c: it only dispatches jobs. */
#include <CUnit/CUnit.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "analysis/rta.h"
#include "util/rng.h"

#define SIM_MAX_TASKS 6

/* Uniform integer in [lo, hi]. */
static int64_t sim_range(uint64_t *s, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(rng_next(s) % (uint64_t)(hi - lo + 1));
}

/* One task's jobs: arrival k*T + phase, release = arrival + a random delay in [0, J], made
 * non-decreasing so that a task's jobs are released (and run) in order. */
typedef struct sim_jobs {
    int64_t *arrival, *release;
    size_t n, next;                 /* jobs; the next one to run */
} sim_jobs;

typedef struct sim_out {
    int64_t max_resp[SIM_MAX_TASKS];  /* completion - arrival */
    bool miss;                        /* a job finished after arrival + D */
} sim_out;

static bool sim_jobs_make(sim_jobs *jb, const rta_task *t, int64_t phase, int64_t horizon,
                          uint64_t *rng)
{
    jb->n = (size_t)((horizon - phase + t->period_ns - 1) / t->period_ns);
    jb->next = 0;
    jb->arrival = calloc(jb->n + 1, sizeof *jb->arrival);
    jb->release = calloc(jb->n + 1, sizeof *jb->release);
    if (!jb->arrival || !jb->release)
        return false;
    for (size_t k = 0; k < jb->n; k++) {
        jb->arrival[k] = phase + (int64_t)k * t->period_ns;
        int64_t r = jb->arrival[k] + (t->jitter_ns ? sim_range(rng, 0, t->jitter_ns) : 0);
        jb->release[k] = k > 0 && r < jb->release[k - 1] ? jb->release[k - 1] : r;
    }
    return true;
}

/* At a dispatch instant: the pending head job with the smallest priority number, then the
 * earliest release (FIFO among equal priorities), then the lowest task index. n if none. */
static size_t sim_pick(const rta_task *ts, const sim_jobs *jb, size_t n, int64_t now)
{
    size_t best = n;
    for (size_t i = 0; i < n; i++) {
        if (jb[i].next >= jb[i].n || jb[i].release[jb[i].next] > now)
            continue;
        if (best == n || ts[i].priority < ts[best].priority
            || (ts[i].priority == ts[best].priority
                && jb[i].release[jb[i].next] < jb[best].release[jb[best].next]))
            best = i;
    }
    return best;
}

/* Run every job arriving before horizon to completion; a job runs for exactly its WCET and is
 * never preempted. Jobs released at the instant another completes are candidates at once. */
static bool sim_run(const rta_task *ts, size_t n, const int64_t *phase, int64_t horizon,
                    uint64_t *rng, sim_out *out)
{
    sim_jobs jb[SIM_MAX_TASKS] = { { 0 } };
    bool ok = true;
    *out = (sim_out){ .miss = false };
    for (size_t i = 0; i < n && ok; i++)
        ok = sim_jobs_make(&jb[i], &ts[i], phase[i], horizon, rng);
    for (int64_t now = 0; ok;) {
        size_t i = sim_pick(ts, jb, n, now);
        if (i == n) {                     /* idle: jump to the next release, or stop */
            int64_t next = INT64_MAX;
            for (size_t k = 0; k < n; k++)
                if (jb[k].next < jb[k].n && jb[k].release[jb[k].next] < next)
                    next = jb[k].release[jb[k].next];
            if (next == INT64_MAX)
                break;
            now = next;
            continue;
        }
        now += ts[i].wcet_ns;
        int64_t resp = now - jb[i].arrival[jb[i].next++];
        if (resp > out->max_resp[i])
            out->max_resp[i] = resp;
        if (resp > ts[i].deadline_ns)
            out->miss = true;
    }
    for (size_t i = 0; i < n; i++) {
        free(jb[i].arrival);
        free(jb[i].release);
    }
    return ok;
}

static int64_t sim_gcd(int64_t a, int64_t b)
{
    while (b) {
        int64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* Periods whose least common multiple stays small (at most 240). */
static const int64_t sim_periods[] = { 2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20, 24, 30 };

/* A random set of 2 .. SIM_MAX_TASKS tasks; priorities 1..3 (ties happen), D in [T, 2T] or in
 * [C, 2T] (half each), J in [0, T/2] if jitter. Returns the hyperperiod. */
static int64_t sim_random_set(uint64_t *rng, bool jitter, rta_task *ts, size_t *n)
{
    int64_t h = 1;
    *n = (size_t)sim_range(rng, 2, SIM_MAX_TASKS);
    for (size_t i = 0; i < *n; i++) {
        int64_t t = sim_periods[sim_range(rng, 0, sizeof sim_periods / sizeof *sim_periods - 1)];
        int64_t c = sim_range(rng, 0, 3) == 0 ? sim_range(rng, 1, t) : sim_range(rng, 1, (t + 2) / 3);
        ts[i] = (rta_task){ .period_ns = t, .wcet_ns = c,
                            .deadline_ns = sim_range(rng, sim_range(rng, 0, 1) ? t : c, 2 * t),
                            .jitter_ns = jitter ? sim_range(rng, 0, t / 2) : 0,
                            .priority = sim_range(rng, 1, 3) };
        h = h / sim_gcd(h, t) * t;
    }
    return h;
}

typedef struct sim_stats {
    long sets, bounded, schedulable, tight;
} sim_stats;

/* The unique strictly lowest-priority task, or n. */
static size_t sim_lowest(const rta_task *ts, size_t n)
{
    size_t low = 0;
    for (size_t i = 1; i < n; i++)
        if (ts[i].priority > ts[low].priority)
            low = i;
    for (size_t i = 0; i < n; i++)
        if (i != low && ts[i].priority == ts[low].priority)
            return n;
    return low;
}

/* One random set: analyse, simulate, compare. */
static void sim_check_one(uint64_t *rng, bool offsets, sim_stats *st)
{
    rta_task ts[SIM_MAX_TASKS];
    rta_result r[SIM_MAX_TASKS];
    int64_t phase[SIM_MAX_TASKS] = { 0 };
    size_t n;
    int64_t h = sim_random_set(rng, offsets, ts, &n);
    for (size_t i = 0; offsets && i < n; i++)
        phase[i] = sim_range(rng, 0, ts[i].period_ns - 1);
    CU_ASSERT_FATAL(rta_npfp(ts, n, 0, r) == 0);
    sim_out out;
    CU_ASSERT_FATAL(sim_run(ts, n, phase, (offsets ? 4 : 2) * h, rng, &out));
    bool all = true;
    st->sets++;
    for (size_t i = 0; i < n; i++) {
        all = all && r[i].schedulable;
        if (r[i].status != RTA_BOUNDED)
            continue;
        st->bounded++;
        CU_ASSERT(out.max_resp[i] <= r[i].wcrt_ns);
    }
    if (all) {
        st->schedulable++;
        CU_ASSERT_FALSE(out.miss);
    }
    /* Synchronous release without jitter is the critical instant of the lowest-priority task when
     * nothing can block it, and every job q of its busy period then starts exactly at w(q): the
     * analysis is exact for it. */
    size_t low = sim_lowest(ts, n);
    if (!offsets && low < n && r[low].status == RTA_BOUNDED) {
        CU_ASSERT_EQUAL(out.max_resp[low], r[low].wcrt_ns);
        st->tight++;
    }
    rta_results_fini(r, n);
}

static void test_sim_synchronous(void)
{
    uint64_t rng = 20070601;
    sim_stats st = { 0 };
    for (int k = 0; k < 4000; k++)
        sim_check_one(&rng, false, &st);
    /* the generator must produce enough of each kind for the test to mean something */
    CU_ASSERT(st.bounded > 6000);
    CU_ASSERT(st.schedulable > 500);
    CU_ASSERT(st.tight > 500);
}

static void test_sim_offsets_jitter(void)
{
    uint64_t rng = 35;
    sim_stats st = { 0 };
    for (int k = 0; k < 3000; k++)
        sim_check_one(&rng, true, &st);
    CU_ASSERT(st.bounded > 5000);
    CU_ASSERT(st.schedulable > 300);
}

/* The simulator itself on Davis et al.'s example, jobs arriving before 7000: A 0-1000,
 * B 1000-2000, C 2000-3000, A (arrived 2500) 3000-4000, B (3500) 4000-5000, A (released at 5000,
 * the instant B completes) 5000-6000, C (3500) 6000-7000. Worst: A 1500, B 2000, C 3500. */
static void test_sim_davis_example(void)
{
    rta_task ts[] = { { .wcet_ns = 1000, .period_ns = 2500, .deadline_ns = 2500, .priority = 1 },
                      { .wcet_ns = 1000, .period_ns = 3500, .deadline_ns = 3500, .priority = 2 },
                      { .wcet_ns = 1000, .period_ns = 3500, .deadline_ns = 3500, .priority = 3 } };
    int64_t phase[3] = { 0 };
    uint64_t rng = 1;
    sim_out out;
    CU_ASSERT_FATAL(sim_run(ts, 3, phase, 7000, &rng, &out));
    CU_ASSERT_EQUAL(out.max_resp[0], 1500);
    CU_ASSERT_EQUAL(out.max_resp[1], 2000);
    CU_ASSERT_EQUAL(out.max_resp[2], 3500);
    CU_ASSERT_FALSE(out.miss);
}

void test_rta_sim_register(void);
void test_rta_sim_register(void)
{
    CU_pSuite s = CU_add_suite("rta_sim", NULL, NULL);
    CU_add_test(s, "simulator on the Davis et al. example", test_sim_davis_example);
    CU_add_test(s, "random sets, synchronous release", test_sim_synchronous);
    CU_add_test(s, "random sets, offsets and jitter", test_sim_offsets_jitter);
}
