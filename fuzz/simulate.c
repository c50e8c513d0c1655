/* simulate: fuzz harness of rtgpu-simulate's job simulation against the analysis, through the
 * library calls src/cli/simulate.c makes, on short horizons and small caps.
 *
 * Input: TASKSET NUL GPU [NUL option words]: the two files' bytes and option words (any of
 * "kernel" (--gpu-preemption kernel), "random" (--exec random on a whole system, --exec dynamic
 * on GPU steps alone), "jitter" (--release random), "extremes" (a whole system's steps at their
 * BCET or WCET, seeded)); an input without a NUL is skipped. Steps: load and check both files,
 * analyse the task set's own partitions (or one whole-GPU partition) with worst-case windows
 * under a small work budget, as rtgpu-simulate does; when that is decided, simulate: a whole
 * system (CPU or copy steps, or kernel preemption) with syssim, GPU steps alone with sim; then
 * observe the cause-effect chains against their bounds.
 *
 * The invariants are the ones rtgpu-simulate reports as a defect (exit 3): no observed
 * response above its analysed bound, no observed chain reaction time or data age above its
 * binding bound; and a valid input is simulated without EINVAL. The horizon is the
 * hyperperiod (plus the largest jitter) cut to FUZZ_SIM_PERIODS of the shortest period, and the
 * instants and jobs are capped, so every input ends quickly with bounded memory. */
#include <stdlib.h>
#include <string.h>

#include "analysis/eval.h"
#include "analysis/chain.h"
#include "common.h"
#include "models/model.h"
#include "sim/chainrun.h"
#include "sim/sim.h"
#include "sim/syssim.h"

#define FUZZ_SIM_PERIODS 200      /* the horizon: at most this many of the shortest period */
#define FUZZ_SIM_EVENTS 20000     /* a whole system's instants */
#define FUZZ_SIM_JOBS 5000        /* GPU steps alone: jobs released */

/* Everything one input owns. */
typedef struct run {
    rt_diags *d;
    rt_gpu *gpu;
    rt_taskset *ts;
    rt_options o;
    model *m;
    rt_layout *l;
    rt_eval ev;
    int64_t *phase;
    chain_result *bounds;
    chainrun_chain *chains;
} run;

static void run_fini(run *r)
{
    chainrun_free(r->chains, r->ts ? r->ts->n_chains : 0);
    free(r->bounds);
    free(r->phase);
    rt_eval_fini(&r->ev);
    rt_layout_free(r->l);
    model_free(r->m);
    rt_taskset_free(r->ts);
    rt_gpu_free(r->gpu);
    rt_diag_free(r->d);
}

/* The default horizon, cut to FUZZ_SIM_PERIODS of the shortest period (at least 1 ns). */
static int64_t horizon(const rt_taskset *ts)
{
    int64_t h = sim_default_horizon(ts), tmin = INT64_MAX;
    for (size_t i = 0; i < ts->n_tasks; i++)
        if (ts->tasks[i].period_ns < tmin)
            tmin = ts->tasks[i].period_ns;
    if (tmin < INT64_MAX / FUZZ_SIM_PERIODS && h > tmin * FUZZ_SIM_PERIODS)
        h = tmin * FUZZ_SIM_PERIODS;
    return h > 0 ? h : 1;
}

/* A seed from the input's bytes (FNV-1a), so a mutation also moves the random draws. */
static uint64_t seed_of(const uint8_t *data, size_t size)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 1099511628211u;
    return h;
}

/* The chains observed (a whole system's by the stream cs that watched the run, as
 * rtgpu-simulate does; GPU steps alone from the job records) against their bounds: never above
 * one (chainrun_exceeded). */
static void observe(run *r, chainrun_stream *cs, const sim_result *gpu_res)
{
    if (r->ts->n_chains == 0)
        return;
    rt_budget b;
    budget_init(&b, FUZZ_BUDGET_UNITS);
    r->bounds = chain_analyse_all(r->ts, &r->ev, &b);
    FUZZ_ASSERT(r->bounds != NULL);
    int rc = cs ? chainrun_stream_finish(cs, r->bounds, &r->chains)
                : chainrun_observe_sim(r->ts, gpu_res, r->bounds, &r->chains);
    FUZZ_ASSERT(rc == CHAINRUN_OK || rc == CHAINRUN_ERANGE);
    size_t c = 0;
    bool mda = false;
    FUZZ_ASSERT(rc != CHAINRUN_OK || !chainrun_exceeded(r->chains, r->ts->n_chains, &c, &mda));
}

static void simulate_system(run *r, const fuzz_part *opt, uint64_t seed)
{
    const rt_system *sys = r->ev.system;
    syssim_options so;
    syssim_options_default(&so);
    so.exec = fuzz_has_word(opt, "extremes") ? SYSSIM_EXEC_EXTREMES
            : fuzz_has_word(opt, "random")   ? SYSSIM_EXEC_RANDOM : SYSSIM_EXEC_WCET;
    so.jitter = fuzz_has_word(opt, "jitter") ? SYSSIM_JITTER_RANDOM : SYSSIM_JITTER_NONE;
    so.seed = seed;
    so.horizon_ns = horizon(r->ts);
    so.phase_ns = r->phase;
    so.event_cap = FUZZ_SIM_EVENTS;
    chainrun_stream *cs = NULL;
    if (r->ts->n_chains > 0) {
        int crc = chainrun_stream_new(r->ts, r->phase, so.horizon_ns, &cs);
        FUZZ_ASSERT(crc == CHAINRUN_OK || crc == CHAINRUN_ERANGE);
        so.job_event = cs ? chainrun_stream_event : NULL;
        so.job_ctx = cs;
    }
    so.trace = true;
    so.trace_cap = 64;
    syssim_result res;
    int rc = syssim_run(&sys->sys, &so, &res);
    FUZZ_ASSERT(rc == SYSSIM_OK || rc == SYSSIM_ELIMIT || rc == SYSSIM_ERANGE);
    if (r->ts->n_chains > 0 && !cs)
        rc = SYSSIM_ERANGE;   /* an instant of the chains beyond int64: refused as the CLI does */
    if (rc == SYSSIM_OK) {
        int64_t *bound = malloc((sys->sys.n_tasks ? sys->sys.n_tasks : 1) * sizeof *bound);
        FUZZ_ASSERT(bound != NULL);
        for (size_t i = 0; i < sys->sys.n_tasks; i++)
            bound[i] = sys->res.tasks[i].status == HOL_BOUNDED ? sys->res.tasks[i].response_ns
                                                               : -1;
        size_t task = 0;
        FUZZ_ASSERT(!syssim_exceeded(&res, bound, &task));
        free(bound);
        observe(r, cs, NULL);
    }
    chainrun_stream_free(cs);
    syssim_result_fini(&res);
}

static void simulate_gpu(run *r, const fuzz_part *opt, uint64_t seed)
{
    sim_options so;
    sim_options_default(&so);
    so.exec = fuzz_has_word(opt, "random") ? SIM_EXEC_DYNAMIC : SIM_EXEC_WCET;
    so.release = fuzz_has_word(opt, "jitter") ? SIM_RELEASE_RANDOM : SIM_RELEASE_SYNCHRONOUS;
    so.seed = seed;
    so.horizon_ns = horizon(r->ts);
    so.job_cap = FUZZ_SIM_JOBS;
    so.job_records = r->ts->n_chains > 0;
    if (so.job_records || so.release == SIM_RELEASE_SYNCHRONOUS)
        so.phase_ns = r->phase;
    sim_result res = { 0 };
    int rc = sim_run(r->m, r->ts, r->l, &r->ev, &r->o, &so, NULL, &res);
    FUZZ_ASSERT(rc == SIM_OK || rc == SIM_ERANGE);
    if (rc == SIM_OK) {
        FUZZ_ASSERT(!res.violation.found);
        observe(r, NULL, &res);
    }
    sim_result_fini(&res);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_part part[FUZZ_MAX_PARTS];
    size_t n = fuzz_split(data, size, part, FUZZ_MAX_PARTS);
    if (n < 2)
        return 0;
    run r;
    memset(&r, 0, sizeof r);
    r.d = fuzz_diags();
    const char *ts_path;
    if (!fuzz_load_inputs(&part[0], &part[1], "taskset.xml", r.d, &r.ts, &r.gpu, &ts_path)) {
        run_fini(&r);
        return 0;
    }
    fuzz_part none = { NULL, 0 };
    const fuzz_part *opt = n > 2 ? &part[2] : &none;
    fuzz_options(&r.o);
    r.o.windows = RT_WINDOWS_WORST_CASE;    /* the bound of every release pattern */
    r.o.gpu_kernel_preemption = fuzz_has_word(opt, "kernel");
    r.o.priorities = r.ts->n_tasks && r.ts->tasks[0].has_priority ? RT_PRIO_GIVEN : RT_PRIO_DM;
    r.m = model_new(r.gpu, r.ts);
    FUZZ_ASSERT(r.m != NULL);
    r.l = fuzz_layout(r.ts, r.gpu);
    int rc = rt_eval_layout(r.m, r.ts, r.l, &r.o, NULL, 0, &r.ev);
    FUZZ_ASSERT(rc == EVAL_OK || rc == EVAL_ERANGE || rc == EVAL_EBCET);
    if (rc == EVAL_OK && r.ev.decided) {
        r.phase = malloc((r.ts->n_tasks ? r.ts->n_tasks : 1) * sizeof *r.phase);
        FUZZ_ASSERT(r.phase != NULL);
        for (size_t i = 0; i < r.ts->n_tasks; i++)
            r.phase[i] = r.ts->tasks[i].offset_ns;
        uint64_t seed = seed_of(data, size);
        if (r.ev.system)
            simulate_system(&r, opt, seed);
        else
            simulate_gpu(&r, opt, seed);
    }
    run_fini(&r);
    fuzz_remove(ts_path);
    return 0;
}
