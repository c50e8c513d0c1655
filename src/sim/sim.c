/* sim: event-driven simulation of one analysed layout (docs/simulation.md).
 *
 * The state is small and fixed: per task its next activation, per partition a ready queue (a
 * binary heap of pending jobs) and the launch it runs. Time advances from event to event: the
 * earliest of the next activation (a heap over tasks) and the earliest end of a running launch
 * (a scan over partitions). At one instant, launches end first, then jobs are released, then
 * every idle partition starts its best pending job, so a job released when another ends is a
 * candidate at once. Under --exec dynamic a launch makes (1 + margin) C(k,n) cycles of progress
 * at rate 1 / M*(k,S) while the other partitions run the kernels S; every change of S re-times
 * the running launches. */
#include "sim/sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/windows.h"
#include "models/interference.h"
#include "util/analyzer.h"
#include "util/rng.h"
#include "util/ckint.h"
#include "util/grow.h"

/* Times are doubles: whole numbers of ns are exact up to 2^53 ns (104 days); the simulated time
 * stops there (the horizon is clamped, a later finish is SIM_ERANGE). */
#define SIM_MAX_NS 9007199254740992.0 /* 2^53 */

/* A pending job in a partition's ready queue. */
typedef struct sim_pending {
    int64_t prio;
    double release, activation;
    size_t task;
    uint64_t index;
} sim_pending;

typedef enum { PH_IDLE, PH_OVERHEAD, PH_EXEC } sim_phase;

/* What one partition is doing. */
typedef struct sim_part {
    sim_pending *ready;      /* binary heap, best first */
    size_t n_ready, cap_ready;
    sim_phase phase;
    sim_pending job;         /* the running job */
    double job_start;
    size_t run;              /* its current launch */
    size_t member;           /* the launch's (partition, kernel) in the window layout */
    double launch_start, finish;   /* finish: end of the current phase */
    double remaining, rate, last;  /* dynamic: cycles left, cycles per ns, time of remaining */
    size_t *co;              /* members seen on other partitions during the launch */
    size_t n_co;
    sim_job recent[16];      /* ring of the last finished jobs, for a counter-example */
    size_t n_recent;
} sim_part;

/* Per task: what the simulation reads, precomputed. */
typedef struct sim_task {
    size_t part;
    int64_t prio, period, deadline, jitter;
    double offset;
    uint64_t next;           /* index of the next activation */
    double last_release;     /* releases are kept in order */
    bool done;               /* no activation left before the horizon */
} sim_task;

typedef struct sim {
    const rt_taskset *ts;
    const rt_eval *ev;
    const rt_options *o;
    const sim_options *so;
    const sim_sink *sink;
    double ns_per_cycle;     /* 1000 / f */
    double overhead;         /* launch overhead, ns */
    intf_gpu g;
    intf_model im;
    win_layout wl;
    size_t T, P;
    sim_task *task;
    sim_part *part;
    size_t *rheap;           /* tasks by next release time */
    size_t n_rheap;
    double *rtime;           /* next release time of each task */
    double *ractive;         /* next activation time of each task */
    size_t *co_kernels, *co_parts;
    uint64_t released, rng;
    uint64_t launches;       /* given to the sink's launch callback */
    double horizon;
    sim_result *out;
} sim;

/* ---- ready queues ---- */

static bool pending_before(const sim_pending *a, const sim_pending *b)
{
    if (a->prio != b->prio)
        return a->prio < b->prio;
    if (a->release != b->release)
        return a->release < b->release;   /* equal priorities: first come, first served */
    if (a->task != b->task)
        return a->task < b->task;         /* then file order */
    return a->index < b->index;
}

static int ready_push(sim_part *p, const sim_pending *j)
{
    sim_pending *r = rt_grow(p->ready, &p->cap_ready, p->n_ready + 1, sizeof *r, 16);
    if (!r)
        return SIM_ENOMEM;
    p->ready = r;
    size_t i = p->n_ready++;
    while (i > 0 && pending_before(j, &p->ready[(i - 1) / 2])) {
        p->ready[i] = p->ready[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    p->ready[i] = *j;
    return SIM_OK;
}

static sim_pending ready_pop(sim_part *p)
{
    sim_pending top = p->ready[0], x = p->ready[--p->n_ready];
    size_t i = 0, n = p->n_ready;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && pending_before(&p->ready[c + 1], &p->ready[c]))
            c++;
        if (!pending_before(&p->ready[c], &x))
            break;
        p->ready[i] = p->ready[c];
        i = c;
    }
    if (n)
        p->ready[i] = x;
    return top;
}

/* ---- releases: a heap of tasks by next release time (ties: task order) ---- */

static bool rel_before(const sim *s, size_t a, size_t b)
{
    return s->rtime[a] < s->rtime[b] || (s->rtime[a] == s->rtime[b] && a < b);
}

static void rheap_down(sim *s, size_t i)
{
    size_t n = s->n_rheap, x = s->rheap[i];
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && rel_before(s, s->rheap[c + 1], s->rheap[c]))
            c++;
        if (!rel_before(s, s->rheap[c], x))
            break;
        s->rheap[i] = s->rheap[c];
        i = c;
    }
    s->rheap[i] = x;
}

/* Compute task t's next activation and release; false if none is left before the horizon or
 * the job cap is reached. */
static bool task_advance(sim *s, size_t t)
{
    sim_task *k = &s->task[t];
    double act = k->offset + (double)k->next * (double)k->period;
    if (act >= s->horizon)
        return false;
    double rel = act;
    if (s->so->release == SIM_RELEASE_RANDOM && k->jitter > 0)
        rel += (double)rng_upto(&s->rng, k->jitter);
    if (rel < k->last_release)
        rel = k->last_release;   /* a task's jobs are released in order */
    k->last_release = rel;
    s->ractive[t] = act;
    s->rtime[t] = rel;
    return true;
}

/* ---- launches ---- */

static const wcet_launch *launch_of(const sim *s, size_t t, size_t run)
{
    return &s->ev->wcet.tasks[t].launches[run];
}

/* M*(k,S) of the launch on partition p with the kernels now executing on the others. */
static double sim_multiplier(const sim *s, size_t p)
{
    const intf_member *self = &s->wl.members[s->part[p].member];
    intf_acc a;
    interference_acc_init(&a);
    interference_acc_add(&a, self, self->cycles);
    for (size_t q = 0; q < s->P; q++)
        if (q != p && s->part[q].phase == PH_EXEC)
            interference_acc_add(&a, &s->wl.members[s->part[q].member], self->cycles);
    intf_terms t;
    interference_sup_acc(&s->g, s->im, &a, self, &t);
    return t.M;
}

/* Record that the members running on q and p overlap (both directions). */
static void co_note(sim *s, size_t p, size_t member)
{
    sim_part *pp = &s->part[p];
    for (size_t i = 0; i < pp->n_co; i++)
        if (pp->co[i] == member)
            return;
    pp->co[pp->n_co++] = member;
}

static void co_meet(sim *s, size_t p)
{
    if (!s->sink || !s->sink->launch)
        return;
    for (size_t q = 0; q < s->P; q++)
        if (q != p && s->part[q].phase == PH_EXEC) {
            co_note(s, p, s->part[q].member);
            co_note(s, q, s->part[p].member);
        }
}

/* Enter the execution phase of the current launch of partition p at now. */
static void exec_begin(sim *s, size_t p, double now)
{
    sim_part *pp = &s->part[p];
    pp->phase = PH_EXEC;
    if (s->so->exec == SIM_EXEC_WCET) {
        /* the analysed WCET covers the launch overhead too */
        pp->finish = pp->launch_start + (double)launch_of(s, pp->job.task, pp->run)->wcet_ns;
    } else {
        pp->remaining = (1.0 + s->o->margin) * s->wl.members[pp->member].cycles;
        pp->last = now;
        pp->rate = 0.0;   /* set by retime */
    }
    co_meet(s, p);
}

/* Start launch `run` of the job running on partition p at now. */
static void launch_begin(sim *s, size_t p, double now)
{
    sim_part *pp = &s->part[p];
    pp->member = s->wl.launches[s->wl.task_first[pp->job.task] + pp->run].member;
    pp->launch_start = now;
    pp->n_co = 0;
    if (s->so->exec == SIM_EXEC_DYNAMIC && s->overhead > 0) {
        pp->phase = PH_OVERHEAD;
        pp->finish = now + s->overhead;
    } else {
        exec_begin(s, p, now);
    }
}

/* Dynamic mode: bring every executing launch's progress to now at its old rate. */
static void progress_to(sim *s, double now)
{
    for (size_t p = 0; p < s->P; p++) {
        sim_part *pp = &s->part[p];
        if (pp->phase == PH_EXEC && pp->rate > 0) {
            pp->remaining -= (now - pp->last) * pp->rate;
            if (pp->remaining < 0)
                pp->remaining = 0;
            pp->last = now;
        }
    }
}

/* Dynamic mode: new rates and ends for every executing launch, after S changed at now. */
static void retime(sim *s, double now)
{
    for (size_t p = 0; p < s->P; p++) {
        sim_part *pp = &s->part[p];
        if (pp->phase != PH_EXEC)
            continue;
        double M = sim_multiplier(s, p);
        pp->rate = 1.0 / (M * s->ns_per_cycle);
        pp->last = now;
        pp->finish = now + pp->remaining / pp->rate;
    }
}

static int emit_launch(sim *s, size_t p, double now)
{
    sim_part *pp = &s->part[p];
    if (!s->sink || !s->sink->launch)
        return SIM_OK;
    if (s->launches >= s->so->trace_cap)
        return SIM_ETRACE;   /* a trace without bound: stop rather than write gigabytes */
    s->launches++;
    for (size_t i = 0; i < pp->n_co; i++) {
        s->co_kernels[i] = s->wl.members[pp->co[i]].kernel;
        s->co_parts[i] = s->wl.members[pp->co[i]].part;
    }
    sim_launch l = { .task = pp->job.task, .part = p, .run = pp->run,
                     .kernel = s->wl.members[pp->member].kernel, .job = pp->job.index,
                     .start_ns = pp->launch_start, .finish_ns = now, .n_co = pp->n_co,
                     .co_kernels = s->co_kernels, .co_parts = s->co_parts };
    return s->sink->launch(s->sink->ctx, &l);
}

/* Keep job j's start and finish at spans[st->jobs] (job_records), before st->jobs counts it.
 * That is spans[j.index]: a task's jobs finish in index order (one partition runs them one at a
 * time, and its ready queue takes equal priorities by release, then index, and a task's releases
 * are in order). The array grows by doubling: full when jobs is 0 or a power of two. */
static int span_add(sim_task_stats *st, const sim_job *j)
{
    uint64_t k = st->jobs;
    if ((k & (k - 1)) == 0) {   /* 0, 1, 2, 4, ...: full (or empty) */
        size_t cap = k ? 2 * (size_t)k : 1;
        sim_span *p = realloc(st->spans, cap * sizeof *p);
        if (!p)
            return SIM_ENOMEM;
        st->spans = p;
    }
    st->spans[k] = (sim_span){ .start_ns = j->start_ns, .finish_ns = j->finish_ns };
    return SIM_OK;
}

/* The job on p finished at now: statistics, the bound check, the sink. */
static int job_end(sim *s, size_t p, double now)
{
    sim_part *pp = &s->part[p];
    size_t t = pp->job.task;
    sim_job j = { .task = t, .part = p, .index = pp->job.index,
                  .activation_ns = pp->job.activation, .release_ns = pp->job.release,
                  .start_ns = pp->job_start, .finish_ns = now,
                  .response_ns = now - pp->job.activation };
    sim_task_stats *st = &s->out->tasks[t];
    int rc = s->so->job_records ? span_add(st, &j) : SIM_OK;
    if (rc != SIM_OK)
        return rc;
    if (st->jobs == 0 || j.response_ns < st->min_ns)
        st->min_ns = j.response_ns;
    if (st->jobs == 0 || j.response_ns > st->max_ns)
        st->max_ns = j.response_ns;
    st->jobs++;
    st->sum_ns += j.response_ns;
    s->out->jobs++;
    if (j.response_ns > (double)s->task[t].deadline) {
        st->misses++;
        s->out->misses++;
    }
    pp->recent[pp->n_recent++ % 16] = j;
    /* under --exec wcet every time is a whole number: the check is exact; under dynamic a
     * relative 1e-12 forgives the rounding of the progress arithmetic */
    double bound = (double)st->wcrt_ns;
    if (s->so->exec == SIM_EXEC_DYNAMIC)
        bound *= 1.0 + 1e-12;
    if (st->wcrt_ns >= 0 && j.response_ns > bound && !s->out->violation.found) {
        sim_violation *v = &s->out->violation;
        v->found = true;
        v->job = j;
        v->wcrt_ns = st->wcrt_ns;
        size_t n = pp->n_recent < 16 ? pp->n_recent : 16;
        for (size_t i = 0; i < n; i++)
            v->window[i] = pp->recent[(pp->n_recent - n + i) % 16];
        v->n_window = n;
    }
    pp->phase = PH_IDLE;
    return s->sink && s->sink->job ? s->sink->job(s->sink->ctx, &j) : SIM_OK;
}

/* The phase of partition p ends at now. Returns whether S changed, or an error. */
static int phase_end(sim *s, size_t p, double now, bool *changed)
{
    sim_part *pp = &s->part[p];
    if (pp->phase == PH_OVERHEAD) {
        exec_begin(s, p, now);
        *changed = true;
        return SIM_OK;
    }
    int rc = emit_launch(s, p, now);
    if (rc)
        return rc;
    *changed = true;
    pp->phase = PH_IDLE;
    if (++pp->run < s->ts->tasks[pp->job.task].n_runs) {
        launch_begin(s, p, now);   /* the job's launches run back to back */
        return SIM_OK;
    }
    return job_end(s, p, now);
}

/* gcc 12 -fanalyzer reports a false leak here: the ready heap grown by ready_push is stored in
 * the partition and freed by sim_fini. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static int release_due(sim *s, double now)
{
    while (s->n_rheap && s->rtime[s->rheap[0]] <= now) {
        if (s->released >= s->so->job_cap) {
            /* releases are taken in time order: the jobs kept are the earliest ones */
            s->out->capped = true;
            s->n_rheap = 0;
            break;
        }
        s->released++;
        size_t t = s->rheap[0];
        sim_task *k = &s->task[t];
        sim_pending j = { .prio = k->prio, .release = s->rtime[t], .activation = s->ractive[t],
                          .task = t, .index = k->next++ };
        if (ready_push(&s->part[k->part], &j) != SIM_OK)
            return SIM_ENOMEM;
        if (task_advance(s, t)) {
            rheap_down(s, 0);
        } else {
            s->rheap[0] = s->rheap[--s->n_rheap];
            if (s->n_rheap)
                rheap_down(s, 0);
        }
    }
    return SIM_OK;
}
RT_ANALYZER_ON

static bool dispatch(sim *s, double now)
{
    bool started = false;
    for (size_t p = 0; p < s->P; p++) {
        sim_part *pp = &s->part[p];
        if (pp->phase != PH_IDLE || pp->n_ready == 0)
            continue;
        pp->job = ready_pop(pp);
        pp->job_start = now;
        pp->run = 0;
        launch_begin(s, p, now);
        started = true;
    }
    return started;
}

static int sim_loop(sim *s)
{
    for (;;) {
        double now = INFINITY;
        if (s->n_rheap)
            now = s->rtime[s->rheap[0]];
        for (size_t p = 0; p < s->P; p++)
            if (s->part[p].phase != PH_IDLE && s->part[p].finish < now)
                now = s->part[p].finish;
        if (now == INFINITY)
            return SIM_OK;
        if (now > SIM_MAX_NS)
            return SIM_ERANGE;
        bool dyn = s->so->exec == SIM_EXEC_DYNAMIC, changed = false;
        if (dyn)
            progress_to(s, now);
        for (size_t p = 0; p < s->P; p++) {
            if (s->part[p].phase == PH_IDLE || s->part[p].finish > now)
                continue;
            int rc = phase_end(s, p, now, &changed);
            if (rc)
                return rc;
        }
        int rc = release_due(s, now);
        if (rc)
            return rc;
        changed |= dispatch(s, now);
        if (dyn && changed)
            retime(s, now);
    }
}

/* ---- set-up ---- */

int64_t sim_default_horizon(const rt_taskset *ts)
{
    int64_t h = 1, jmax = 0;
    for (size_t i = 0; i < ts->n_tasks; i++) {
        int64_t T = ts->tasks[i].period_ns, q = T / ck_gcd(h, T);
        /* periods are positive (the loader checks), so q >= 1
         * NOLINTNEXTLINE(clang-analyzer-core.DivideZero) */
        if (h > INT64_MAX / q)
            return INT64_MAX;
        h *= q;
        if (ts->tasks[i].jitter_ns > jmax)
            jmax = ts->tasks[i].jitter_ns;
    }
    return h > INT64_MAX - jmax ? INT64_MAX : h + jmax;
}

/* gcc 12 -fanalyzer reports a false leak here: every array is stored in s at once and freed by
 * sim_fini, also after a failure. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static int sim_init(sim *s, const model *m, const rt_layout *l)
{
    const rt_taskset *ts = s->ts;
    s->T = ts->n_tasks;
    s->P = l->n_parts;
    s->ns_per_cycle = 1000.0 / m->gpu->clock_mhz;
    s->overhead = (double)m->gpu->launch_overhead_ns;
    s->g = interference_gpu_of(m);
    s->im = rt_options_intf(s->o);
    s->rng = s->so->seed;
    int rc = windows_layout_init(&s->wl, m, ts, l);
    if (rc != WIN_OK)
        return rc == WIN_ENOMEM ? SIM_ENOMEM : SIM_ERANGE;
    size_t T1 = s->T ? s->T : 1, P1 = s->P ? s->P : 1, M1 = s->wl.n_members + 1;
    s->task = calloc(T1, sizeof *s->task);
    s->part = calloc(P1, sizeof *s->part);
    s->rheap = calloc(T1, sizeof *s->rheap);
    s->rtime = calloc(T1, sizeof *s->rtime);
    s->ractive = calloc(T1, sizeof *s->ractive);
    s->co_kernels = calloc(M1, sizeof *s->co_kernels);
    s->co_parts = calloc(M1, sizeof *s->co_parts);
    s->out->tasks = calloc(T1, sizeof *s->out->tasks);
    if (!s->task || !s->part || !s->rheap || !s->rtime || !s->ractive || !s->co_kernels ||
        !s->co_parts || !s->out->tasks)
        return SIM_ENOMEM;
    s->out->n_tasks = s->T;
    for (size_t p = 0; p < s->P; p++)
        if (!(s->part[p].co = calloc(M1, sizeof *s->part[p].co)))
            return SIM_ENOMEM;
    for (size_t t = 0; t < s->T; t++) {
        const rt_task *tk = &ts->tasks[t];
        const rta_result *r = &s->ev->rta[t];
        s->task[t] = (sim_task){ .part = l->task_part[t], .prio = l->task_prio[t],
                                 .period = tk->period_ns, .deadline = tk->deadline_ns,
                                 .jitter = tk->jitter_ns };
        if (s->so->phase_ns)
            s->task[t].offset = (double)s->so->phase_ns[t];
        else if (s->so->release == SIM_RELEASE_RANDOM)
            s->task[t].offset = (double)rng_upto(&s->rng, tk->period_ns - 1);
        s->out->tasks[t].wcrt_ns = r->status == RTA_BOUNDED ? r->wcrt_ns : -1;
    }
    /* first releases, then the heap */
    for (size_t t = 0; t < s->T; t++)
        if (task_advance(s, t))
            s->rheap[s->n_rheap++] = t;
    for (size_t i = s->n_rheap / 2; i-- > 0;)
        rheap_down(s, i);
    return SIM_OK;
}
RT_ANALYZER_ON

void sim_options_default(sim_options *so)
{
    *so = (sim_options){ .release = SIM_RELEASE_SYNCHRONOUS, .seed = 1, .exec = SIM_EXEC_WCET,
                         .horizon_ns = 0, .job_cap = SIM_JOB_CAP_DEFAULT,
                         .trace_cap = SIM_TRACE_CAP_DEFAULT };
}

int sim_run(const model *m, const rt_taskset *ts, const rt_layout *l, const rt_eval *ev,
            const rt_options *o, const sim_options *so, const sim_sink *sink, sim_result *out)
{
    memset(out, 0, sizeof *out);
    sim s = { .ts = ts, .ev = ev, .o = o, .so = so, .sink = sink, .out = out };
    out->horizon_ns = so->horizon_ns > 0 ? so->horizon_ns : sim_default_horizon(ts);
    if ((double)out->horizon_ns > SIM_MAX_NS)
        out->horizon_ns = (int64_t)SIM_MAX_NS;
    s.horizon = (double)out->horizon_ns;
    int rc = sim_init(&s, m, l);
    if (rc == SIM_OK)
        rc = sim_loop(&s);
    for (size_t p = 0; s.part && p < s.P; p++) {
        free(s.part[p].ready);
        free(s.part[p].co);
    }
    free(s.part);
    free(s.task);
    free(s.rheap);
    free(s.rtime);
    free(s.ractive);
    free(s.co_kernels);
    free(s.co_parts);
    windows_layout_fini(&s.wl);
    return rc;
}

void sim_result_fini(sim_result *r)
{
    if (!r)
        return;
    for (size_t t = 0; r->tasks && t < r->n_tasks; t++)
        free(r->tasks[t].spans);
    free(r->tasks);
    memset(r, 0, sizeof *r);
}

const char *sim_release_name(sim_release r)
{
    return r == SIM_RELEASE_RANDOM ? "random" : "synchronous";
}

const char *sim_exec_name(sim_exec e)
{
    return e == SIM_EXEC_DYNAMIC ? "dynamic" : "wcet";
}
