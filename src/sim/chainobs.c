/* chainobs: observed maximum reaction time and data age of a cause-effect chain (chainobs.h).
 *
 * One streaming observer. It reads the jobs' read and write instants in time order and holds
 * only what is live: the job chains that wait for a read or a write, and per position the job
 * chain of the last job that wrote. The events of one instant are kept until the next instant
 * starts, then taken position by position, each position's reads before its writes: so a read
 * sees every write of its instant (a write and a read at the same instant: the write comes
 * first), whatever order the simulator produced them in.
 *
 * Forward (reaction time): a job chain that starts at job k of tau_1 waits, after each write, in
 * the queue of the next position for the first read at or after that write; job chains that reach
 * the same job go on as one, with the first (the longest) kept and the others counted. Backward
 * (data age): each job's backward job chain is made at its read from the last job of the
 * position before that wrote, and each write of tau_n closes the one of the job before it.
 * Lengths are differences of instants >= 0: no overflow. */
#include "sim/chainobs.h"

#include <stdlib.h>
#include <string.h>

#include "util/ckint.h"
#include "util/grow.h"

/* ---- the observer's records ---- */

/* A job chain under way (or the backward one of a job): its jobs and their instants, position by
 * position up to the one it has reached. */
typedef struct cs_node {
    struct cs_node *next;      /* in its queue, or in the free list */
    uint64_t job;              /* the job of its last position */
    int64_t threshold;         /* forward, waiting: the write a read must not precede */
    int64_t from_ns;           /* forward: read of job k-1 of tau_1; backward: read of J_1 */
    uint64_t count;            /* forward: the job chains that go on as this one */
    bool ok;                   /* backward: every hop decided; tau_1's own: a start (settled) */
    size_t *idx;               /* n: the job index per position */
    chainobs_job *at;          /* n: its read and write per position */
} cs_node;

typedef struct cs_fifo {
    cs_node *head, *tail;
} cs_fifo;

typedef struct cs_event {
    size_t task;
    uint64_t job;
    int64_t t;
    bool write;
} cs_event;

struct chainobs_stream {
    size_t n, n_tasks;
    size_t *chain;             /* n: the task at each position */
    uint64_t *n_jobs;          /* n_tasks: jobs each task records in all */
    int64_t *unrecorded_from;  /* n_tasks */
    cs_fifo *wait;             /* n: forward job chains waiting for a read at that position */
    cs_fifo *run;              /* n: forward job chains (position 0: every job) read, not written */
    cs_fifo *bw_run;           /* n: backward job chains of jobs read, not written */
    cs_node **bw_last;         /* n: that of the last job written at each position (or NULL) */
    uint64_t *reads, *writes;  /* n: events taken so far at each position */
    bool *seen;                /* n: the position's task has read once */
    bool settled;              /* every position's has */
    int64_t last_read0;        /* the last read of tau_1 */
    cs_event *ev;              /* the events of the current instant */
    size_t n_ev, cap_ev;
    int64_t now;
    cs_node *free_list;
    int error;
    chainobs_result res;
};

/* ---- nodes and queues ---- */

static cs_node *node_new(chainobs_stream *s)
{
    cs_node *x = s->free_list;
    if (x) {
        s->free_list = x->next;
    } else {
        x = malloc(sizeof *x + s->n * (sizeof *x->idx + sizeof *x->at));
        if (!x) {
            s->error = CHAINOBS_ENOMEM;
            return NULL;
        }
        x->at = (chainobs_job *)(x + 1);
        x->idx = (size_t *)(x->at + s->n);
    }
    x->next = NULL;
    x->count = 1;
    x->ok = true;
    x->from_ns = x->threshold = 0;
    return x;
}

static void node_free(chainobs_stream *s, cs_node *x)
{
    if (!x)
        return;
    x->next = s->free_list;
    s->free_list = x;
}

static void push(cs_fifo *q, cs_node *x)
{
    x->next = NULL;
    if (q->tail)
        q->tail->next = x;
    else
        q->head = x;
    q->tail = x;
}

static cs_node *pop(cs_fifo *q)
{
    cs_node *x = q->head;
    if (x) {
        q->head = x->next;
        if (!q->head)
            q->tail = NULL;
        x->next = NULL;
    }
    return x;
}

static void drain(cs_fifo *q)
{
    for (cs_node *x; (x = pop(q));)
        free(x);
}

/* ---- the maxima ---- */

/* count more job chains; x (of length to - from) is kept when it is the first or strictly the
 * longest so far (the first one on a tie, in enumeration order). */
static void consider(chainobs_stream *s, chainobs_max *m, const cs_node *x, int64_t from,
                     int64_t to, uint64_t count)
{
    m->chains += count;
    if (m->found && to - from <= m->length_ns)
        return;
    m->found = true;
    m->length_ns = to - from;
    m->from_ns = from;
    m->to_ns = to;
    memcpy(m->jobs, x->idx, s->n * sizeof *x->idx);
    memcpy(m->at, x->at, s->n * sizeof *x->at);
}

/* ---- one instant ---- */

static void take_read(chainobs_stream *s, size_t p, uint64_t job, int64_t r)
{
    if (job != s->reads[p]++) {
        s->error = CHAINOBS_EINVAL;
        return;
    }
    cs_node *f = NULL, *b = node_new(s);
    if (!b)
        return;
    b->job = job;
    if (p == 0) {
        if (!(f = node_new(s))) {
            node_free(s, b);
            return;
        }
        f->job = job;
        f->ok = s->settled;              /* a start only once every task has read */
        f->from_ns = s->last_read0;      /* read of job k - 1 (when k >= 1) */
        f->idx[0] = (size_t)job;
        f->at[0].read_ns = r;
        push(&s->run[0], f);
        s->last_read0 = r;
        b->from_ns = r;
    } else {
        /* forward: every job chain waiting for a read at or after its write goes on here */
        cs_node *g = NULL;
        while (s->wait[p].head && s->wait[p].head->threshold <= r) {
            cs_node *x = pop(&s->wait[p]);
            if (!g) {
                g = x;
            } else {
                g->count += x->count;
                node_free(s, x);
            }
        }
        if (g) {
            g->job = job;
            g->idx[p] = (size_t)job;
            g->at[p].read_ns = r;
            push(&s->run[p], g);
        }
        /* backward: from the last job of the position before that wrote (none: the start-up;
         * the last one it records: a later job could write first, unless r is before it) */
        const cs_node *l = s->bw_last[p - 1];
        size_t prev = s->chain[p - 1];
        if (!l) {
            b->ok = false;
        } else {
            b->ok = l->ok && (l->job + 1 < s->n_jobs[prev] || r < s->unrecorded_from[prev]);
            b->from_ns = l->from_ns;
            memcpy(b->idx, l->idx, p * sizeof *b->idx);
            memcpy(b->at, l->at, p * sizeof *b->at);
        }
    }
    b->idx[p] = (size_t)job;
    b->at[p].read_ns = r;
    push(&s->bw_run[p], b);
}

static void take_write(chainobs_stream *s, size_t p, uint64_t job, int64_t w)
{
    if (job != s->writes[p]++ || job >= s->reads[p]) {
        s->error = CHAINOBS_EINVAL;
        return;
    }
    size_t n = s->n;
    cs_node *f = NULL;
    if (p == 0) {
        f = pop(&s->run[0]);
        if (!f || f->job != job) {
            node_free(s, f);
            s->error = CHAINOBS_EINVAL;
            return;
        }
        if (!(f->ok && job >= 1)) {   /* the start-up, or job 0: no job k - 1 */
            node_free(s, f);
            f = NULL;
        }
    } else if (s->run[p].head && s->run[p].head->job == job) {
        f = pop(&s->run[p]);
    }
    if (f) {
        f->at[p].write_ns = w;
        if (p + 1 == n) {
            consider(s, &s->res.mrt, f, f->from_ns, w, f->count);
            node_free(s, f);
        } else {
            f->threshold = w;
            push(&s->wait[p + 1], f);
        }
    }
    cs_node *b = pop(&s->bw_run[p]);
    if (!b || b->job != job) {
        node_free(s, b);
        s->error = CHAINOBS_EINVAL;
        return;
    }
    b->at[p].write_ns = w;
    cs_node *l = s->bw_last[p];
    /* job k >= 1 of tau_n writes: the data age of the backward job chain of job k - 1 */
    if (p + 1 == n && l && l->ok)
        consider(s, &s->res.mda, l, l->from_ns, w, 1);
    node_free(s, l);
    s->bw_last[p] = b;
}

/* The events of the instant s->now, position by position, each position's reads first. */
static void flush(chainobs_stream *s)
{
    for (size_t e = 0; e < s->n_ev; e++)
        for (size_t p = 0; p < s->n && !s->ev[e].write; p++)
            if (s->chain[p] == s->ev[e].task)
                s->seen[p] = true;
    bool all = true;
    for (size_t p = 0; p < s->n; p++)
        all &= s->seen[p];
    s->settled = all;
    for (size_t p = 0; p < s->n && !s->error; p++)
        for (int w = 0; w < 2; w++)
            for (size_t e = 0; e < s->n_ev && !s->error; e++) {
                const cs_event *x = &s->ev[e];
                if (x->task != s->chain[p] || x->write != (w == 1))
                    continue;
                if (w)
                    take_write(s, p, x->job, x->t);
                else
                    take_read(s, p, x->job, x->t);
            }
    s->n_ev = 0;
}

/* ---- the stream ---- */

int chainobs_stream_new(const size_t *chain, size_t n, size_t n_tasks, const uint64_t *n_jobs,
                        const int64_t *unrecorded_from, chainobs_stream **out)
{
    *out = NULL;
    if (n == 0 || !chain || !n_jobs || !unrecorded_from)
        return CHAINOBS_EINVAL;
    for (size_t i = 0; i < n; i++)
        if (chain[i] >= n_tasks)
            return CHAINOBS_EINVAL;
    chainobs_stream *s = calloc(1, sizeof *s);
    if (!s)
        return CHAINOBS_ENOMEM;
    s->n = n;
    s->n_tasks = n_tasks;
    s->chain = malloc(n * sizeof *s->chain);
    s->n_jobs = malloc(n_tasks * sizeof *s->n_jobs);
    s->unrecorded_from = malloc(n_tasks * sizeof *s->unrecorded_from);
    s->wait = calloc(n, sizeof *s->wait);
    s->run = calloc(n, sizeof *s->run);
    s->bw_run = calloc(n, sizeof *s->bw_run);
    s->bw_last = calloc(n, sizeof *s->bw_last);
    s->reads = calloc(n, sizeof *s->reads);
    s->writes = calloc(n, sizeof *s->writes);
    s->seen = calloc(n, sizeof *s->seen);
    s->res.mrt.jobs = calloc(n, sizeof *s->res.mrt.jobs);
    s->res.mda.jobs = calloc(n, sizeof *s->res.mda.jobs);
    s->res.mrt.at = calloc(n, sizeof *s->res.mrt.at);
    s->res.mda.at = calloc(n, sizeof *s->res.mda.at);
    if (!s->chain || !s->n_jobs || !s->unrecorded_from || !s->wait || !s->run || !s->bw_run ||
        !s->bw_last || !s->reads || !s->writes || !s->seen || !s->res.mrt.jobs ||
        !s->res.mda.jobs || !s->res.mrt.at || !s->res.mda.at) {
        chainobs_stream_free(s);
        return CHAINOBS_ENOMEM;
    }
    memcpy(s->chain, chain, n * sizeof *chain);
    memcpy(s->n_jobs, n_jobs, n_tasks * sizeof *n_jobs);
    memcpy(s->unrecorded_from, unrecorded_from, n_tasks * sizeof *unrecorded_from);
    s->now = INT64_MIN;
    *out = s;
    return CHAINOBS_OK;
}

int chainobs_stream_event(chainobs_stream *s, size_t task, uint64_t job, bool write, int64_t t)
{
    if (s->error)
        return s->error;
    if (t < 0 || t < s->now || task >= s->n_tasks) {
        s->error = CHAINOBS_EINVAL;
        return s->error;
    }
    bool ours = false;
    for (size_t p = 0; p < s->n && !ours; p++)
        ours = s->chain[p] == task;
    if (!ours)
        return CHAINOBS_OK;
    if (t > s->now) {
        flush(s);
        s->now = t;
    }
    cs_event *e = rt_grow(s->ev, &s->cap_ev, s->n_ev + 1, sizeof *e, 16);
    if (!e) {
        s->error = CHAINOBS_ENOMEM;
        return s->error;
    }
    s->ev = e;
    s->ev[s->n_ev++] = (cs_event){ .task = task, .job = job, .t = t, .write = write };
    return s->error;
}

int chainobs_stream_finish(chainobs_stream *s, chainobs_result *out)
{
    memset(out, 0, sizeof *out);
    if (!s->error)
        flush(s);
    if (s->error)
        return s->error;
    *out = s->res;
    memset(&s->res, 0, sizeof s->res);
    return CHAINOBS_OK;
}

void chainobs_stream_free(chainobs_stream *s)
{
    if (!s)
        return;
    for (size_t p = 0; p < s->n; p++) {   /* any of the arrays may be missing (out of memory) */
        if (s->wait)
            drain(&s->wait[p]);
        if (s->run)
            drain(&s->run[p]);
        if (s->bw_run)
            drain(&s->bw_run[p]);
        if (s->bw_last)
            free(s->bw_last[p]);
    }
    for (cs_node *x = s->free_list, *nx; x; x = nx) {
        nx = x->next;
        free(x);
    }
    chainobs_result_fini(&s->res);
    free(s->ev);
    free(s->seen);
    free(s->writes);
    free(s->reads);
    free(s->bw_last);
    free(s->bw_run);
    free(s->run);
    free(s->wait);
    free(s->unrecorded_from);
    free(s->n_jobs);
    free(s->chain);
    free(s);
}

/* ---- recorded jobs ---- */

static bool task_ok(const chainobs_task *t)
{
    if (t->n_jobs && !t->jobs)
        return false;
    for (size_t k = 0; k < t->n_jobs; k++) {
        const chainobs_job *j = &t->jobs[k];
        if (j->read_ns < 0 || j->read_ns > j->write_ns)
            return false;
        if (k > 0 && (j->read_ns < t->jobs[k - 1].read_ns || j->write_ns < t->jobs[k - 1].write_ns))
            return false;
    }
    return true;
}

int chainobs_feed(chainobs_stream *s, size_t n_tasks, chainobs_job (*job_of)(const void *, size_t,
                                                                             size_t),
                  const void *ctx, const uint64_t *n_jobs)
{
    size_t *nr = calloc(n_tasks ? n_tasks : 1, sizeof *nr);
    size_t *nw = calloc(n_tasks ? n_tasks : 1, sizeof *nw);
    int rc = nr && nw ? CHAINOBS_OK : CHAINOBS_ENOMEM;
    bool *used = calloc(n_tasks ? n_tasks : 1, sizeof *used);
    if (!used)
        rc = CHAINOBS_ENOMEM;
    for (size_t p = 0; rc == CHAINOBS_OK && p < s->n; p++)
        used[s->chain[p]] = true;
    /* the next read or write of each task in the chain, the earliest first */
    while (rc == CHAINOBS_OK) {
        size_t best = SIZE_MAX;
        bool best_w = false;
        int64_t bt = INT64_MAX;
        for (size_t i = 0; i < n_tasks; i++) {
            if (!used[i])
                continue;
            if (nr[i] < n_jobs[i]) {
                int64_t t = job_of(ctx, i, nr[i]).read_ns;
                if (t < bt)
                    bt = t, best = i, best_w = false;
            }
            if (nw[i] < nr[i]) {   /* a job's write follows its read */
                int64_t t = job_of(ctx, i, nw[i]).write_ns;
                if (t < bt)
                    bt = t, best = i, best_w = true;
            }
        }
        if (best == SIZE_MAX)
            break;
        rc = chainobs_stream_event(s, best, best_w ? nw[best] : nr[best], best_w, bt);
        if (best_w)
            nw[best]++;
        else
            nr[best]++;
    }
    free(used);
    free(nw);
    free(nr);
    return rc;
}

static chainobs_job array_job(const void *ctx, size_t task, size_t k)
{
    const chainobs_task *tasks = ctx;
    return tasks[task].jobs[k];
}

int chainobs_compute(const chainobs_task *tasks, size_t n_tasks, const size_t *chain, size_t n,
                     chainobs_result *out)
{
    memset(out, 0, sizeof *out);
    if (n == 0 || !tasks || !chain)
        return CHAINOBS_EINVAL;
    for (size_t i = 0; i < n_tasks; i++)
        if (!task_ok(&tasks[i]))
            return CHAINOBS_EINVAL;
    uint64_t *nj = malloc((n_tasks ? n_tasks : 1) * sizeof *nj);
    int64_t *from = malloc((n_tasks ? n_tasks : 1) * sizeof *from);
    chainobs_stream *s = NULL;
    int rc = nj && from ? CHAINOBS_OK : CHAINOBS_ENOMEM;
    for (size_t i = 0; rc == CHAINOBS_OK && i < n_tasks; i++) {
        nj[i] = tasks[i].n_jobs;
        from[i] = tasks[i].unrecorded_from_ns;
    }
    if (rc == CHAINOBS_OK)
        rc = chainobs_stream_new(chain, n, n_tasks, nj, from, &s);
    if (rc == CHAINOBS_OK)
        rc = chainobs_feed(s, n_tasks, array_job, tasks, nj);
    if (rc == CHAINOBS_OK)
        rc = chainobs_stream_finish(s, out);
    chainobs_stream_free(s);
    free(from);
    free(nj);
    return rc;
}

void chainobs_result_fini(chainobs_result *r)
{
    if (!r)
        return;
    free(r->mrt.jobs);
    free(r->mda.jobs);
    free(r->mrt.at);
    free(r->mda.at);
    memset(r, 0, sizeof *r);
}

int chainobs_let_job(int64_t phase, int64_t period, int64_t deadline, uint64_t k,
                     chainobs_job *out)
{
    int64_t at;
    if (phase < 0 || period <= 0 || deadline < 0 || k > (uint64_t)INT64_MAX)
        return CHAINOBS_EINVAL;
    if (ck_mul((int64_t)k, period, &at) || ck_add(at, phase, &at) ||
        ck_add(at, deadline, &out->write_ns))
        return CHAINOBS_ERANGE;
    out->read_ns = at;
    return CHAINOBS_OK;
}

int chainobs_let_jobs(int64_t phase, int64_t period, int64_t deadline, size_t n,
                      chainobs_job *out, int64_t *unrecorded_from)
{
    if (phase < 0 || period <= 0 || deadline < 0 || (n && !out) || (uint64_t)n > (uint64_t)INT64_MAX)
        return CHAINOBS_EINVAL;
    for (size_t k = 0; k < n; k++) {
        int rc = chainobs_let_job(phase, period, deadline, k, &out[k]);
        if (rc != CHAINOBS_OK)
            return rc;
    }
    int64_t at;
    if (ck_mul((int64_t)n, period, &at) || ck_add(at, phase, &at))
        return CHAINOBS_ERANGE;
    *unrecorded_from = at;
    return CHAINOBS_OK;
}
