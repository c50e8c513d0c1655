/* syssim: event-driven simulation of a whole system (docs/simulation.md, "Whole systems").
 *
 * A task's jobs pass its steps in index order (docs/system.md sec. 2), so at any time each step
 * holds at most one job: job k = done[s], the number of jobs that have completed s. A job is
 * ready for step s when it is released (first step) or completes step s - 1; its ready time
 * orders equal priorities (first come, first served, then step index: task, then step order).
 * Jobs ready for s while an earlier job still holds it wait in s's queue of ready times, in
 * job order; the head becomes s's candidate, with its own ready time, once s is free. The state
 * is a few numbers per task, step and resource, and those queues: the jobs that wait.
 *
 * Time advances from instant to instant: the earliest of the tasks' next releases and the
 * resources' segment ends. At one instant, segments end first (in resource order), then jobs are
 * released (in task order), then every resource dispatches:
 *   - CPU core: the best candidate runs; a running step is preempted only by a strictly higher
 *     priority (smaller number) and keeps its ready time and remaining work;
 *   - copy engine: when idle, the best candidate, by ready time alone under fifo;
 *   - partition: when idle, the best candidate; under job preemption its launches run back to
 *     back; under kernel preemption a step between two launches is a candidate again (with its
 *     ready time), so each launch is one non-preemptive region (docs/system.md sec. 4).
 * A segment of length 0 (a random time of 0) ends at the instant it starts, so the loop can
 * meet the same instant again; every pass consumes a release or a segment end. */
#include "sim/syssim.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/analyzer.h"
#include "util/ckint.h"
#include "util/rng.h"

#define NONE ((size_t)-1)

typedef enum { ST_IDLE, ST_READY, ST_RUN } ss_state;

/* Ready times of the jobs that wait for a step, oldest first (a ring). */
typedef struct ss_queue {
    int64_t *t;
    size_t head, n, cap;
} ss_queue;

/* One step and the one job it holds. */
typedef struct ss_step {
    ss_state state;
    bool started;            /* its work (CPU, copy) or its current launch (GPU) was drawn */
    size_t task, launch;
    uint64_t done;           /* jobs that completed it; the job it holds is this one */
    int64_t ready;           /* when that job became ready for it: its release, or its end of
                                the step before */
    int64_t remaining;       /* work left (CPU, copy) or left of the current launch (GPU) */
    int64_t seg_start;       /* start of the running segment */
    ss_queue wait;           /* the next jobs' ready times */
} ss_step;

typedef struct ss_task {
    int64_t phase;           /* the nominal release of job 0 */
    uint64_t jobs, released; /* jobs to release (phase + k * T < horizon), released so far */
    int64_t next_rel;        /* release time of job `released` when released < jobs */
} ss_task;

typedef struct ss_res {
    size_t running;          /* step, or NONE */
    int64_t end;             /* end of the running segment */
    size_t first, n;         /* its steps: res_steps[first .. first + n - 1] */
} ss_res;

typedef struct ss {
    const hol_system *sys;
    const syssim_options *so;
    syssim_result *out;
    ss_step *step;
    ss_task *task;
    ss_res *res;
    size_t *res_steps;
    size_t *used, n_used;            /* the resources that serve a step, in index order: the
                                        only ones an instant visits (a GPU file's other cores
                                        cost nothing) */
    size_t trace_cap, trace_alloc;   /* segments kept at most; room in out->trace */
    uint64_t rng;
} ss;

/* ---- validation ---- */

static bool launches_ok(const hol_step *st)
{
    if (!st->launch_wcet_ns || !st->launch_bcet_ns || st->n_launches == 0)
        return false;
    int64_t w = 0, b = 0;
    for (size_t l = 0; l < st->n_launches; l++) {
        int64_t lw = st->launch_wcet_ns[l], lb = st->launch_bcet_ns[l];
        if (lb < 0 || lb > lw || ck_add(w, lw, &w) || ck_add(b, lb, &b))
            return false;
    }
    return w == st->wcet_ns && b == st->bcet_ns;
}

/* Whether sys and so describe something to simulate; step_task[s] gets s's task. */
static bool system_ok(const hol_system *sys, const syssim_options *so, size_t *step_task)
{
    if (so->horizon_ns <= 0 || (so->jitter == SYSSIM_JITTER_GIVEN && !so->jitter_of))
        return false;
    for (size_t i = 0; so->phase_ns && i < sys->n_tasks; i++)
        if (so->phase_ns[i] < 0)
            return false;
    for (size_t r = 0; r < sys->n_resources; r++)
        if (sys->resources[r].kind != HOL_CPU_CORE && sys->resources[r].kind != HOL_COPY_ENGINE &&
            sys->resources[r].kind != HOL_PARTITION)
            return false;
    for (size_t s = 0; s < sys->n_steps; s++)
        step_task[s] = NONE;
    for (size_t i = 0; i < sys->n_tasks; i++) {
        const hol_task *t = &sys->tasks[i];
        if (t->period_ns <= 0 || t->deadline_ns <= 0 || t->jitter_ns < 0 || t->n_steps == 0 ||
            t->first_step >= sys->n_steps || t->n_steps > sys->n_steps - t->first_step)
            return false;
        for (size_t s = t->first_step; s < t->first_step + t->n_steps; s++) {
            if (step_task[s] != NONE)
                return false;   /* a step shared by two tasks */
            step_task[s] = i;
        }
    }
    for (size_t s = 0; s < sys->n_steps; s++) {
        const hol_step *st = &sys->steps[s];
        if (step_task[s] == NONE || st->resource >= sys->n_resources || st->wcet_ns <= 0 ||
            st->bcet_ns < 0 || st->bcet_ns > st->wcet_ns)
            return false;
        bool gpu = sys->resources[st->resource].kind == HOL_PARTITION;
        if (gpu ? !launches_ok(st) : st->n_launches != 0)
            return false;
    }
    return true;
}

/* ---- releases ---- */

/* The release time of task i's next job k = released: max(phase + k*T + j_k, the release of job
 * k-1),
 * so a task's releases stay in index order (docs/simulation.md, "Whole systems"). */
static int next_release(ss *s, size_t i)
{
    ss_task *tk = &s->task[i];
    const hol_task *t = &s->sys->tasks[i];
    int64_t j = 0, nominal, rel;
    if (s->so->jitter == SYSSIM_JITTER_RANDOM)
        j = rng_upto(&s->rng, t->jitter_ns);
    else if (s->so->jitter == SYSSIM_JITTER_GIVEN)
        j = s->so->jitter_of(s->so->jitter_ctx, i, tk->released);
    if (j < 0 || j > t->jitter_ns)
        return SYSSIM_EINVAL;
    if (ck_mul((int64_t)tk->released, t->period_ns, &nominal) ||
        ck_add(nominal, tk->phase, &nominal) || ck_add(nominal, j, &rel))
        return SYSSIM_ERANGE;
    if (tk->released > 0 && rel < tk->next_rel)
        rel = tk->next_rel;
    tk->next_rel = rel;
    return SYSSIM_OK;
}

static int queue_push(ss_queue *q, int64_t t)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? 2 * q->cap : 4;
        int64_t *g = malloc(cap * sizeof *g);
        if (!g)
            return SYSSIM_ENOMEM;
        for (size_t i = 0; i < q->n; i++)
            g[i] = q->t[(q->head + i) % q->cap];
        free(q->t);
        *q = (ss_queue){ .t = g, .head = 0, .n = q->n, .cap = cap };
    }
    q->t[(q->head + q->n++) % q->cap] = t;
    return SYSSIM_OK;
}

/* A free step takes the first job of its queue, with that job's ready time. */
static void take_next(ss_step *p)
{
    if (p->state != ST_IDLE || p->wait.n == 0)
        return;
    p->state = ST_READY;
    p->ready = p->wait.t[p->wait.head];
    p->wait.head = (p->wait.head + 1) % p->wait.cap;
    p->wait.n--;
}

/* A job became ready for step st at now: it joins st's queue, and takes st if st is free. */
static int ready(ss *s, size_t st, int64_t now)
{
    ss_step *p = &s->step[st];
    int rc = queue_push(&p->wait, now);
    if (rc)
        return rc;
    take_next(p);
    return SYSSIM_OK;
}

/* ---- segments ---- */

static int trace_add(ss *s, size_t st, int64_t start, int64_t end)
{
    syssim_result *o = s->out;
    if (!s->so->trace || end <= start)
        return SYSSIM_OK;
    if (o->n_trace == s->trace_cap) {
        o->trace_dropped++;
        return SYSSIM_OK;
    }
    if (o->n_trace == s->trace_alloc) {   /* grow by doubling, up to the cap */
        size_t cap = s->trace_alloc ? 2 * s->trace_alloc : 64;
        if (cap > s->trace_cap)
            cap = s->trace_cap;
        syssim_segment *g = realloc(o->trace, cap * sizeof *g);
        if (!g)
            return SYSSIM_ENOMEM;
        o->trace = g;
        s->trace_alloc = cap;
    }
    const ss_step *p = &s->step[st];
    o->trace[o->n_trace++] = (syssim_segment){
        .resource = s->sys->steps[st].resource, .task = p->task, .step = st, .launch = p->launch,
        .job = p->done, .start_ns = start, .end_ns = end };
    return SYSSIM_OK;
}

/* Start (or resume) step st on its resource at now; its work is drawn on its first start. */
static int start(ss *s, size_t st, int64_t now)
{
    ss_step *p = &s->step[st];
    const hol_step *h = &s->sys->steps[st];
    if (!p->started) {
        syssim_job *rec = s->out->tasks[p->task].jobs;
        bool first = p->launch == 0 && st == s->sys->tasks[p->task].first_step;
        if (rec && first)
            rec[p->done].first_start_ns = now;
        if (first && s->so->job_event &&
            s->so->job_event(s->so->job_ctx, p->task, p->done, false, now) != 0)
            return SYSSIM_ESINK;
        bool gpu = h->n_launches > 0;
        int64_t w = gpu ? h->launch_wcet_ns[p->launch] : h->wcet_ns;
        int64_t b = gpu ? h->launch_bcet_ns[p->launch] : h->bcet_ns;
        p->remaining = s->so->exec == SYSSIM_EXEC_RANDOM     ? b + rng_upto(&s->rng, w - b)
                     : s->so->exec == SYSSIM_EXEC_EXTREMES ? (rng_upto(&s->rng, 1) ? w : b)
                                                           : w;
        p->started = true;
    }
    ss_res *r = &s->res[h->resource];
    p->state = ST_RUN;
    p->seg_start = now;
    r->running = st;
    return ck_add(now, p->remaining, &r->end) ? SYSSIM_ERANGE : SYSSIM_OK;
}

/* The job of step st completed it at now: observations, then the candidates it frees. */
static int complete(ss *s, size_t st, int64_t now)
{
    ss_step *p = &s->step[st];
    const hol_task *t = &s->sys->tasks[p->task];
    uint64_t k = p->done;
    /* phase + k * T <= phase + (jobs - 1) * T < horizon: no overflow */
    int64_t response = now - (s->task[p->task].phase + (int64_t)k * t->period_ns);
    syssim_step_result *sr = &s->out->steps[st];
    sr->completed++;
    if (response > sr->max_response_ns) {
        sr->max_response_ns = response;
        sr->worst_job = k;
    }
    size_t last = t->first_step + t->n_steps - 1;
    if (st == last) {
        syssim_task_result *tr = &s->out->tasks[p->task];
        tr->completed++;
        if (response > tr->max_response_ns) {
            tr->max_response_ns = response;
            tr->worst_job = k;
        }
        if (tr->min_response_ns < 0 || response < tr->min_response_ns)
            tr->min_response_ns = response;
        tr->sum_response_ns += (double)response;
        if (response > t->deadline_ns)
            tr->misses++;
        if (tr->jobs)
            tr->jobs[k].last_end_ns = now;
        if (s->so->job_event && s->so->job_event(s->so->job_ctx, p->task, k, true, now) != 0)
            return SYSSIM_ESINK;
    }
    s->out->end_ns = now;
    p->state = ST_IDLE;
    p->done = k + 1;
    p->launch = 0;
    p->started = false;
    take_next(p);
    return st < last ? ready(s, st + 1, now) : SYSSIM_OK;
}

/* The segment running on resource r ends at now. */
static int segment_end(ss *s, size_t r, int64_t now)
{
    ss_res *rs = &s->res[r];
    size_t st = rs->running;
    ss_step *p = &s->step[st];
    const hol_step *h = &s->sys->steps[st];
    int rc = trace_add(s, st, p->seg_start, now);
    if (rc)
        return rc;
    rs->running = NONE;
    if (h->n_launches > 0 && p->launch + 1 < h->n_launches) {
        p->launch++;
        p->started = false;
        p->state = ST_READY;   /* keeps its ready time */
        /* job preemption: the next launch at once; kernel preemption: dispatch decides */
        return s->sys->resources[r].kernel_preemption ? SYSSIM_OK : start(s, st, now);
    }
    return complete(s, st, now);
}

/* ---- dispatching ---- */

/* Whether step a goes before step b on their resource (b may be NONE). */
static bool before(const ss *s, bool fifo, size_t a, size_t b)
{
    if (b == NONE)
        return true;
    int64_t pa = s->sys->steps[a].priority, pb = s->sys->steps[b].priority;
    if (!fifo && pa != pb)
        return pa < pb;
    if (s->step[a].ready != s->step[b].ready)
        return s->step[a].ready < s->step[b].ready;   /* first come, first served */
    return a < b;
}

static int dispatch(ss *s, size_t r, int64_t now)
{
    ss_res *rs = &s->res[r];
    const hol_resource *hr = &s->sys->resources[r];
    bool fifo = hr->kind == HOL_COPY_ENGINE && hr->fifo;
    if (rs->running != NONE && hr->kind != HOL_CPU_CORE)
        return SYSSIM_OK;   /* non-preemptive */
    size_t best = NONE;
    for (size_t i = rs->first; i < rs->first + rs->n; i++)
        if (s->step[s->res_steps[i]].state == ST_READY && before(s, fifo, s->res_steps[i], best))
            best = s->res_steps[i];
    if (best == NONE)
        return SYSSIM_OK;
    size_t cur = rs->running;
    if (cur != NONE) {
        if (s->sys->steps[best].priority >= s->sys->steps[cur].priority)
            return SYSSIM_OK;   /* a core is preempted by a strictly higher priority only */
        ss_step *p = &s->step[cur];
        int rc = trace_add(s, cur, p->seg_start, now);
        if (rc)
            return rc;
        p->remaining -= now - p->seg_start;
        p->state = ST_READY;
    }
    return start(s, best, now);
}

/* ---- the loop ---- */

static int run(ss *s)
{
    const hol_system *sys = s->sys;
    for (;;) {
        bool any = false;
        int64_t now = INT64_MAX;
        for (size_t i = 0; i < sys->n_tasks; i++)
            if (s->task[i].released < s->task[i].jobs && s->task[i].next_rel <= now) {
                now = s->task[i].next_rel;
                any = true;
            }
        for (size_t u = 0; u < s->n_used; u++) {
            const ss_res *rs = &s->res[s->used[u]];
            if (rs->running != NONE && rs->end <= now) {
                now = rs->end;
                any = true;
            }
        }
        if (!any)
            return SYSSIM_OK;
        if (s->out->events >= s->so->event_cap)
            return SYSSIM_ELIMIT;
        s->out->events++;
        for (size_t u = 0; u < s->n_used; u++)
            if (s->res[s->used[u]].running != NONE && s->res[s->used[u]].end == now) {
                int rc = segment_end(s, s->used[u], now);
                if (rc)
                    return rc;
            }
        for (size_t i = 0; i < sys->n_tasks; i++) {
            ss_task *tk = &s->task[i];
            while (tk->released < tk->jobs && tk->next_rel == now) {
                syssim_task_result *tr = &s->out->tasks[i];
                if (tr->jobs)
                    tr->jobs[tk->released] = (syssim_job){ .release_ns = now,
                                                           .first_start_ns = -1,
                                                           .last_end_ns = -1 };
                tk->released++;
                tr->released++;
                int rc = ready(s, sys->tasks[i].first_step, now);
                if (rc == SYSSIM_OK && tk->released < tk->jobs)
                    rc = next_release(s, i);
                if (rc)
                    return rc;
            }
        }
        for (size_t u = 0; u < s->n_used; u++) {
            int rc = dispatch(s, s->used[u], now);
            if (rc)
                return rc;
        }
    }
}

/* ---- set-up ---- */

/* gcc 12 -fanalyzer reports a false leak here: every array is stored in s or out at once and
 * freed by syssim_run or syssim_result_fini, also after a failure. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static int setup(ss *s)
{
    const hol_system *sys = s->sys;
    size_t T1 = sys->n_tasks ? sys->n_tasks : 1, S1 = sys->n_steps ? sys->n_steps : 1;
    size_t R1 = sys->n_resources ? sys->n_resources : 1;
    s->step = calloc(S1, sizeof *s->step);
    s->task = calloc(T1, sizeof *s->task);
    s->res = calloc(R1, sizeof *s->res);
    s->res_steps = calloc(S1, sizeof *s->res_steps);
    s->used = calloc(R1, sizeof *s->used);
    s->out->tasks = calloc(T1, sizeof *s->out->tasks);
    s->out->steps = calloc(S1, sizeof *s->out->steps);
    if (!s->step || !s->task || !s->res || !s->res_steps || !s->used || !s->out->tasks ||
        !s->out->steps)
        return SYSSIM_ENOMEM;
    size_t *step_task = s->res_steps;   /* borrowed until the resources' lists are built */
    if (!system_ok(sys, s->so, step_task))
        return SYSSIM_EINVAL;
    s->out->n_tasks = sys->n_tasks;
    s->out->n_steps = sys->n_steps;
    for (size_t st = 0; st < sys->n_steps; st++) {
        s->step[st].task = step_task[st];
        s->out->steps[st].max_response_ns = -1;
        s->res[sys->steps[st].resource].n++;
    }
    for (size_t r = 0, first = 0; r < sys->n_resources; r++) {
        if (s->res[r].n > 0)
            s->used[s->n_used++] = r;
        s->res[r].first = first;
        first += s->res[r].n;
        s->res[r].n = 0;
        s->res[r].running = NONE;
    }
    for (size_t st = 0; st < sys->n_steps; st++) {
        ss_res *r = &s->res[sys->steps[st].resource];
        s->res_steps[r->first + r->n++] = st;
    }
    for (size_t i = 0; i < sys->n_tasks; i++) {
        syssim_task_result *tr = &s->out->tasks[i];
        ss_task *tk = &s->task[i];
        tr->max_response_ns = -1;
        tr->min_response_ns = -1;
        tk->phase = s->so->phase_ns ? s->so->phase_ns[i] : 0;
        tk->jobs = syssim_released(tk->phase, sys->tasks[i].period_ns, s->so->horizon_ns);
        if (s->so->job_records) {
            if (tk->jobs > SIZE_MAX / sizeof *tr->jobs)
                return SYSSIM_ENOMEM;
            tr->jobs = calloc(tk->jobs ? (size_t)tk->jobs : 1, sizeof *tr->jobs);
            if (!tr->jobs)
                return SYSSIM_ENOMEM;
        }
        int rc = next_release(s, i);
        if (rc)
            return rc;
    }
    return SYSSIM_OK;
}
RT_ANALYZER_ON

uint64_t syssim_released(int64_t phase, int64_t period, int64_t horizon)
{
    return phase < horizon ? (uint64_t)ck_ceil_div(horizon - phase, period) : 0;
}

void syssim_options_default(syssim_options *so)
{
    *so = (syssim_options){ .exec = SYSSIM_EXEC_WCET, .jitter = SYSSIM_JITTER_NONE, .seed = 1,
                            .event_cap = SYSSIM_EVENT_CAP_DEFAULT,
                            .trace_cap = SYSSIM_TRACE_CAP_DEFAULT };
}

int syssim_run(const hol_system *sys, const syssim_options *so, syssim_result *out)
{
    memset(out, 0, sizeof *out);
    out->horizon_ns = so->horizon_ns;
    ss s = { .sys = sys, .so = so, .out = out, .trace_cap = so->trace_cap, .rng = so->seed };
    int rc = setup(&s);
    if (rc == SYSSIM_OK)
        rc = run(&s);
    for (size_t st = 0; s.step && st < sys->n_steps; st++)
        free(s.step[st].wait.t);
    free(s.step);
    free(s.task);
    free(s.res);
    free(s.res_steps);
    free(s.used);
    if (rc == SYSSIM_EINVAL)
        errno = EINVAL;
    return rc;
}

void syssim_result_fini(syssim_result *r)
{
    if (!r)
        return;
    for (size_t i = 0; r->tasks && i < r->n_tasks; i++)
        free(r->tasks[i].jobs);
    free(r->tasks);
    free(r->steps);
    free(r->trace);
    memset(r, 0, sizeof *r);
}

bool syssim_exceeded(const syssim_result *r, const int64_t *bound_ns, size_t *task)
{
    for (size_t i = 0; i < r->n_tasks; i++)
        if (bound_ns[i] >= 0 && r->tasks[i].max_response_ns > bound_ns[i]) {
            *task = i;
            return true;
        }
    return false;
}

const char *syssim_exec_name(syssim_exec e)
{
    return e == SYSSIM_EXEC_RANDOM ? "random" : e == SYSSIM_EXEC_EXTREMES ? "extremes" : "wcet";
}

const char *syssim_jitter_name(syssim_jitter j)
{
    return j == SYSSIM_JITTER_RANDOM ? "random" : j == SYSSIM_JITTER_GIVEN ? "given" : "none";
}
