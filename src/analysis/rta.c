/* rta: fixed-priority response-time analysis of one resource: non-preemptive (a GPU partition,
 * docs/analysis.md sec. 2), preemptive (a CPU core) and with deferred preemption (a partition
 * preempted at kernel boundaries), docs/system.md sec. 3 and 4.
 *
 * The revised CAN analysis of Davis, Burns, Bril and Lukkien (Real-Time Systems 35(3), 2007) with
 * a tick of 1 ns. For task i of a partition (hp: others with priority number <= i's, lp: larger):
 *
 *   B_i    = max over lp(i) of C_j                                              (eq. B)
 *   t_i    = least fixpoint of t = B_i + sum_{hep(i)} ceil((t + J_j)/T_j) C_j   (eq. t)
 *   Q_i    = ceil((t_i + J_i)/T_i)                                              (eq. Q)
 *   w_i(q) = least fixpoint of w = B_i + q C_i + sum_{hp(i)} (floor((w + J_j)/T_j) + 1) C_j  (eq. w)
 *   R_i(q) = J_i + w_i(q) - q T_i + C_i,   R_i = max over q = 0 .. Q_i - 1      (eq. R)
 *
 * The other two policies of rta_fp_ex are the same equations with other constants (docs/system.md
 * sec. 3 and 4), so one loop serves all three:
 *
 *   preemptive: B_i = 0; eq. w is w = (q + 1) C_i + sum_{hp(i)} ceil((w + J_j)/T_j) C_j and
 *               eq. R is J_i + w_i(q) - q T_i (w is the completion, not the start);
 *   deferred:   B_i = max over lp(i) of the largest region of j; eq. w gains + (C_i - F_i) and
 *               eq. R adds F_i instead of C_i (F_i: the last region of i).
 *
 * So eq. w reads w = B_i + q C_i + X_i + sum_{hp(i)} (floor((w + J_j + o)/T_j) + 1) C_j and eq. R
 * R_i(q) = J_i + w_i(q) - q T_i + Y_i, with (X, Y, o) = (0, C, 0) non-preemptive, (C, 0, -1)
 * preemptive, (C - F, F, 0) deferred (floor((x - 1)/T) + 1 = ceil(x/T) for x >= 0).
 *
 * Every sum and product is overflow-checked (util/ckint.h). The utilisation test (U >= 1 over
 * hep(i)) is exact: see rta_util_ge_one. Per partition the tasks are sorted once by priority; the
 * analysis of one task packs its hp set into preallocated arrays, so nothing is allocated in the
 * loops except the optional trace.
 *
 * Sections, in order: limits and records; names and results; input checks and the exact
 * utilisation test; demand sums; one task (eq. t, w, R); one partition (rta_npfp_ex,
 * rta_npfp_pass); Audsley's algorithm; entry points with the default budget. */
#include "analysis/rta.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/ckint.h"
#include "util/sort.h"

/* ---- limits and records ---- */

/* A fixpoint iterate above this is reported as RTA_LIMIT (2^62 ns, docs/analysis.md sec. 5). */
#define RTA_BOUND_NS ((int64_t)1 << 62)
/* Digits of the exact utilisation test: remainders < 2^63 shifted by 62 bits fit in 125 bits. */
#define RTA_DIGIT_BITS 62

/* 128-bit integers (GCC and Clang on 64-bit targets); __extension__ keeps -Wpedantic quiet. */
__extension__ typedef unsigned __int128 rta_u128;
__extension__ typedef __int128 rta_i128;

/* The tasks of one analysis, packed into preallocated arrays: hp(i) at 0 .. m-1 (zero-WCET tasks
 * left out: they add nothing to any sum), then task i itself at index m; cnt and nxt are the
 * scratch of rta_demand. */
typedef struct rta_set {
    int64_t *c, *t, *j;
    int64_t *cnt, *nxt;
    size_t m;
} rta_set;

/* A demand sum D(x) = sum over k < n of (floor((x + j_k + off) / t_k) + 1) c_k, evaluated at
 * points x that never decrease. Each term keeps its count and the next x at which the count
 * grows, so an evaluation costs a comparison per term and a division only per term that grew. */
typedef struct rta_demand {
    const int64_t *c, *t, *j;
    int64_t *cnt, *nxt;
    size_t n;
    int64_t off, sum;
    rt_budget *budget;            /* charged one unit per term per evaluation, plus one */
} rta_demand;

/* The task under analysis: its blocking term b, the constants X (extra) and Y (tail) of eq. w
 * and R, the offset o (off_w) of eq. w's hp demand, and the bound on R (limit). */
typedef struct rta_own {
    int64_t c, t, j, d, b;
    int64_t extra, tail, off_w, limit;
} rta_own;

/* ---- names and results ---- */

const char *rta_status_name(rta_status s)
{
    switch (s) {
    case RTA_BOUNDED: return "bounded";
    case RTA_UTILIZATION: return "utilization >= 1";
    case RTA_OVERFLOW: return "overflow";
    case RTA_LIMIT: return "bound exceeded";
    case RTA_BUDGET: return "undecided (work budget exhausted)";
    }
    return "unknown";
}

const char *rta_unbounded_word(rta_status s)
{
    return s == RTA_BUDGET ? "undecided" : "unbounded";
}

const char *rta_verdict_word(rta_status s, bool schedulable)
{
    if (schedulable)
        return "ok";
    return s == RTA_BOUNDED ? "MISS" : s == RTA_BUDGET ? "undecided" : "MISS (unbounded)";
}

void rta_results_fini(rta_result *r, size_t n)
{
    if (!r)
        return;
    for (size_t i = 0; i < n; i++) {
        free(r[i].steps);
        r[i].steps = NULL;
        r[i].n_steps = 0;
    }
}

/* ---- input checks and the exact utilisation test ---- */

/* Periods must be positive (they divide), WCETs and jitters non-negative. */
static bool rta_tasks_valid(const rta_task *tasks, size_t n)
{
    if (n > 0 && !tasks)
        return false;
    for (size_t i = 0; i < n; i++)
        if (tasks[i].period_ns <= 0 || tasks[i].wcet_ns < 0 || tasks[i].jitter_ns < 0)
            return false;
    return true;
}

static unsigned rta_bitlen(uint64_t x)
{
    unsigned b = 0;
    for (; x; x >>= 1)
        b++;
    return b;
}

/* Exact test of sum_k c[k]/t[k] >= 1 (t[k] > 0, c[k] >= 0), no floating point.
 *
 * A term with c >= t decides at once. Otherwise every term is a proper fraction r_k/t_k and the
 * question is "sum r_k/t_k >= K" with K = 1. One round multiplies both sides by L = 2^62:
 * r_k L / t_k = d_k + r'_k/t_k with the integer digit d_k and the new remainder r'_k < t_k, so the
 * question becomes "sum r'_k/t_k >= K' = K L - sum d_k". Each sum of proper fractions lies in
 * [0, cnt) (cnt = non-zero remainders), so K' <= 0 answers yes and K' >= cnt answers no. After R
 * undecided rounds |S - 1| < cnt0 / 2^(62 R); but S - 1 is a fraction with denominator at most
 * prod t_k < 2^bits (bits = sum of the bit lengths of the t_k), so if S != 1 then
 * |S - 1| >= 2^-bits. Once 62 R >= bits + bitlen(cnt0), an undecided test therefore means S = 1
 * exactly (answer yes). The usual case decides in the first round. rem has room for m values. */
static bool rta_util_ge_one(const int64_t *c, const int64_t *t, size_t m, uint64_t *rem)
{
    uint64_t bits = 0;
    size_t cnt0 = 0;
    for (size_t k = 0; k < m; k++) {
        if (c[k] >= t[k])
            return true;
        rem[k] = (uint64_t)c[k];
        if (c[k] > 0) {
            bits += rta_bitlen((uint64_t)t[k]);
            cnt0++;
        }
    }
    bits += rta_bitlen(cnt0);
    rta_i128 target = 1;
    for (uint64_t rounds = 0;; rounds++) {
        size_t cnt = 0;
        for (size_t k = 0; k < m; k++)
            cnt += rem[k] != 0;
        if (target <= 0)
            return true;
        if (target >= (rta_i128)cnt)
            return false;
        if (rounds * RTA_DIGIT_BITS >= bits)
            return true;
        rta_i128 digits = 0;
        for (size_t k = 0; k < m; k++) {
            if (rem[k] == 0)
                continue;
            rta_u128 x = (rta_u128)rem[k] << RTA_DIGIT_BITS;
            digits += (rta_i128)(x / (uint64_t)t[k]);
            rem[k] = (uint64_t)(x % (uint64_t)t[k]);
        }
        target = target * ((rta_i128)1 << RTA_DIGIT_BITS) - digits;
    }
}

/* ---- demand sums ---- */

static void rta_demand_start(rta_demand *d, const rta_set *s, size_t n, int64_t off,
                             rt_budget *budget)
{
    *d = (rta_demand){ .c = s->c, .t = s->t, .j = s->j, .cnt = s->cnt, .nxt = s->nxt, .n = n,
                       .off = off, .sum = 0, .budget = budget };
    for (size_t k = 0; k < n; k++) {
        d->cnt[k] = 0;
        d->nxt[k] = INT64_MIN;            /* the first evaluation computes every term */
    }
}

/* Recompute term k at x. The next x at which the count grows is capped at the first x for which
 * x + j_k leaves int64, so that overflow is detected exactly where a plain evaluation would see
 * it. True on overflow. */
static bool rta_demand_term(rta_demand *d, size_t k, int64_t x)
{
    int64_t y, f, r, delta, next;
    if (ck_add(x, d->j[k], &y))
        return true;
    y += d->off;                                  /* >= -1 */
    f = ck_floor_div(y, d->t[k]);
    r = y - f * d->t[k];                          /* in [0, t_k) */
    if (ck_mul(f + 1 - d->cnt[k], d->c[k], &delta) || ck_add(d->sum, delta, &d->sum))
        return true;
    d->cnt[k] = f + 1;
    if (ck_add(x, d->t[k] - r, &next))
        next = INT64_MAX;
    if (d->j[k] > 0 && next > INT64_MAX - d->j[k] + 1)
        next = INT64_MAX - d->j[k] + 1;
    d->nxt[k] = next;
    return false;
}

/* D(x) into d->sum; *gap (if not NULL) = distance from x to the next x at which D may grow
 * (INT64_MAX - x with no term). RTA_OVERFLOW if the sum or an x + j_k leaves int64, RTA_BUDGET
 * once the run's work budget is spent (n + 1 units per evaluation). */
static rta_status rta_demand_eval(rta_demand *d, int64_t x, int64_t *gap)
{
    int64_t lo = INT64_MAX;
    if (!budget_spend(d->budget, d->n + 1))
        return RTA_BUDGET;
    for (size_t k = 0; k < d->n; k++) {
        if (x >= d->nxt[k] && rta_demand_term(d, k, x))
            return RTA_OVERFLOW;
        if (d->nxt[k] < lo)
            lo = d->nxt[k];
    }
    if (gap)
        *gap = lo - x;
    return RTA_BOUNDED;
}

/* ---- one task: eq. t, w, R ---- */

/* The least fixpoint of x = base + D(x) (eq. t, eq. w), d the demand sum, from a start x known to
 * be <= it: the iteration rises to it. *gap as for rta_demand_eval at the fixpoint. RTA_LIMIT
 * once an iterate passes 2^62 ns, else the status of rta_demand_eval or of the sum. */
static rta_status rta_fixpoint(rta_demand *d, int64_t base, int64_t x, int64_t *x_out,
                               int64_t *gap)
{
    rta_status st;
    int64_t next;
    for (;;) {
        if (x > RTA_BOUND_NS)
            return RTA_LIMIT;
        if ((st = rta_demand_eval(d, x, gap)) != RTA_BOUNDED)
            return st;
        if (ck_add(base, d->sum, &next))
            return RTA_OVERFLOW;
        if (next <= x)            /* next >= x always holds, so this is next == x */
            break;
        x = next;
    }
    *x_out = x;
    return RTA_BOUNDED;
}

/* eq. t: the level-i busy period over hep(i) = s[0 .. m]. ceil((t + J)/T) is written
 * floor((t + J - 1)/T) + 1 (equal for t + J >= 0), a demand sum with off = -1. Any t > 0 releases
 * at least one job of every hep task, so every positive fixpoint is >= L = B + sum over hep of C:
 * the plain iteration starts there and rises monotonically (the right-hand side does not
 * decrease with t) to the least such fixpoint.
 *
 * from > L (a value known to be at most that fixpoint, see rta_npfp) starts the iteration there
 * instead: the right-hand side is >= from at from, so it rises from there to the same fixpoint.
 * Every iterate of either start is at most that fixpoint, so both stop at it or both pass the
 * 2^62 bound; only an overflow could be met at another point, and then the plain iteration is
 * run instead, so the status is always the plain one. */
static rta_status rta_busy_period(const rta_set *s, int64_t b, int64_t from, rt_budget *budget,
                                  int64_t *t_out)
{
    rta_demand d;
    int64_t t = b;
    for (size_t k = 0; k <= s->m; k++)
        if (ck_add(t, s->c[k], &t))
            return RTA_OVERFLOW;
    bool reused = from > t;
    if (reused)
        t = from;
    rta_demand_start(&d, s, s->m + 1, -1, budget);
    rta_status st = rta_fixpoint(&d, b, t, t_out, NULL);
    if (st == RTA_OVERFLOW && reused)
        return rta_busy_period(s, b, 0, budget, t_out);
    return st;
}

/* Append one step to r's trace unless it holds cap steps; *room is the allocated size. */
static int rta_trace_add(rta_result *r, size_t cap, size_t *room, int64_t q, int64_t w, int64_t rq)
{
    if (r->n_steps >= cap)
        return 0;
    if (r->n_steps == *room) {
        size_t grow = *room ? *room * 2 : 8;
        if (grow > cap)
            grow = cap;
        rta_step *s = realloc(r->steps, grow * sizeof *s);
        if (!s)
            return -1;
        r->steps = s;
        *room = grow;
    }
    r->steps[r->n_steps++] = (rta_step){ .q = q, .w_ns = w, .r_ns = rq };
    return 0;
}

/* eq. R for job q with start w: J + w - q T + Y. True on overflow. */
static bool rta_job_response(const rta_own *o, int64_t q, int64_t w, int64_t *out)
{
    int64_t qt, x;
    return ck_mul(q, o->t, &qt) || ck_add(o->j, w, &x) || ck_sub(x, qt, &x)
           || ck_add(x, o->tail, out);
}

/* The q loop (eq. w, eq. R) over jobs 0 .. Q-1 of the busy period.
 *
 * Invariant: w(q) <= t_i for q < Q_i (t_i is >= job q's lower bound and the right-hand side of
 * eq. w there is <= t_i by eq. t), so no start value below leaves int64; the checks stay as a
 * second line of defence. A job whose R passes o->limit ends the loop with RTA_LIMIT.
 *
 * Runs of dominated jobs are skipped without changing the result: if job q starts at w and gap is
 * the distance to the next instant at which an hp job is released, then for s with s C <= gap - 1
 * no hp term of eq. w changes between w and w + s C, so w + s C is the least fixpoint for job q + s
 * (it equals that job's start value w(q+s-1) + C). Then R(q + s) = R(q) - s (T - C) < R(q), since
 * C < T whenever U < 1. Those jobs are still written to the trace (their values are exact), so
 * the trace is the plain job-by-job loop; only the evaluation is skipped. */
static rta_status rta_q_loop(const rta_set *set, const rta_own *o, int64_t q_jobs, size_t cap,
                             rt_budget *budget, rta_result *r, int *oom)
{
    rta_demand d;
    size_t room = 0;
    int64_t w = o->b, gap, base, rq, s, x;
    for (size_t k = 0; k < set->m; k++)
        w += set->c[k];           /* <= the start of eq. t, which did not overflow */
    rta_demand_start(&d, set, set->m, o->off_w, budget);
    for (int64_t q = 0; q < q_jobs; q++) {
        if (ck_mul(q, o->c, &base) || ck_add(base, o->b, &base) || ck_add(base, o->extra, &base))
            return RTA_OVERFLOW;
        rta_status st = rta_fixpoint(&d, base, w, &w, &gap);  /* eq. w: base = B + q C + X */
        if (st != RTA_BOUNDED)
            return st;
        if (rta_job_response(o, q, w, &rq))
            return RTA_OVERFLOW;
        if (q == 0 || rq > r->wcrt_ns) {
            r->wcrt_ns = rq;
            r->worst_q = q;
        }
        if (rq > o->limit)
            return RTA_LIMIT;
        if (rta_trace_add(r, cap, &room, q, w, rq))
            return *oom = 1, RTA_BOUNDED;
        s = o->c > 0 ? (gap - 1) / o->c : INT64_MAX;
        if (s > q_jobs - 1 - q)
            s = q_jobs - 1 - q;
        for (int64_t k = 1; k <= s && r->n_steps < cap; k++) {
            if (ck_mul(k, o->c, &x) || ck_add(w, x, &x) || rta_job_response(o, q + k, x, &rq))
                return RTA_OVERFLOW;
            if (rta_trace_add(r, cap, &room, q + k, x, rq))
                return *oom = 1, RTA_BOUNDED;
        }
        q += s;                   /* job q + s starts at w + s C; job q + s + 1 from w + (s+1) C */
        if (ck_add(s, 1, &x) || ck_mul(x, o->c, &x) || ck_add(w, x, &w))
            return RTA_OVERFLOW;
    }
    return RTA_BOUNDED;
}

/* The level-i busy period of a task, as rta_analyse takes it: RTA_UTILIZATION when the exact
 * utilisation test over hep(i) says >= 1, else eq. t's status and value. */
typedef struct rta_busy {
    rta_status status;
    int64_t t_ns;
} rta_busy;

/* eq. t for the task at set[m] (hep(i) = set[0 .. m]) unless util_ge1; from as for
 * rta_busy_period (0: the plain start). */
static rta_busy rta_busy_of(const rta_set *set, int64_t b, bool util_ge1, int64_t from,
                            rt_budget *budget)
{
    rta_busy bp = { .status = RTA_UTILIZATION, .t_ns = 0 };
    if (!util_ge1)
        bp.status = rta_busy_period(set, b, from, budget, &bp.t_ns);
    return bp;
}

/* The whole analysis of task i (o; also at set->c[m] etc.) with hp(i) = set[0 .. m-1] and its
 * busy period bp (eq. t): eq. Q, the q loop, the verdict. Returns 0, or -1 if the trace could
 * not grow. */
static int rta_analyse(const rta_set *set, const rta_own *o, rta_busy bp, size_t cap,
                       rt_budget *budget, rta_result *r)
{
    int oom = 0;
    int64_t x;
    memset(r, 0, sizeof *r);
    r->blocking_ns = o->b;
    r->status = bp.status;
    r->busy_ns = bp.status == RTA_BOUNDED ? bp.t_ns : 0;
    if (r->status == RTA_BOUNDED) {
        if (ck_add(r->busy_ns, o->j, &x))
            r->status = RTA_OVERFLOW;
        else {
            /* eq. Q; at least one job, so a zero-length busy period still analyses job 0 */
            r->q_jobs = ck_ceil_div(x, o->t);
            if (r->q_jobs < 1)
                r->q_jobs = 1;
            r->status = rta_q_loop(set, o, r->q_jobs, cap, budget, r, &oom);
        }
    }
    if (r->status != RTA_BOUNDED) {
        r->wcrt_ns = 0;
        r->worst_q = 0;
    }
    r->schedulable = r->status == RTA_BOUNDED && !oom && r->wcrt_ns <= o->d;
    return oom ? -1 : 0;
}

/* ---- one partition ---- */

/* The per-partition arrays: tasks in priority order and scratch for one task's analysis. */
typedef struct rta_part {
    size_t n;
    sort_key *order;          /* order[k].idx: caller's index of the k-th task by priority */
    int64_t *c, *t;           /* C and T in priority order (for the utilisation prefixes) */
    int64_t *blk;             /* what the task at position k blocks higher priorities with */
    size_t *group_end;        /* one past the last task with the same priority as task k */
    int64_t *lp_max;          /* lp_max[k] = max blk over positions >= k (0 past the end) */
    rta_set set;              /* scratch: packed hp(i) and i, n + 1 entries */
    uint64_t *rem;            /* scratch for rta_util_ge_one */
} rta_part;

static void rta_part_fini(rta_part *p)
{
    free(p->rem);
    free(p->set.nxt);
    free(p->set.cnt);
    free(p->set.j);
    free(p->set.t);
    free(p->set.c);
    free(p->lp_max);
    free(p->group_end);
    free(p->blk);
    free(p->t);
    free(p->c);
    free(p->order);
}

/* Allocate the arrays of p for n tasks (n >= 1). Returns -1 on OOM (p then holds what to free). */
static int rta_part_alloc(rta_part *p, size_t n)
{
    memset(p, 0, sizeof *p);
    p->n = n;
    p->order = calloc(n, sizeof *p->order);
    p->c = calloc(n, sizeof *p->c);
    p->t = calloc(n, sizeof *p->t);
    p->blk = calloc(n, sizeof *p->blk);
    p->group_end = calloc(n, sizeof *p->group_end);
    p->lp_max = calloc(n + 1, sizeof *p->lp_max);
    p->set.c = calloc(n + 1, sizeof *p->set.c);
    p->set.t = calloc(n + 1, sizeof *p->set.t);
    p->set.j = calloc(n + 1, sizeof *p->set.j);
    p->set.cnt = calloc(n + 1, sizeof *p->set.cnt);
    p->set.nxt = calloc(n + 1, sizeof *p->set.nxt);
    p->rem = calloc(n, sizeof *p->rem);
    if (!p->order || !p->c || !p->t || !p->blk || !p->group_end || !p->lp_max || !p->set.c || !p->set.t
        || !p->set.j || !p->set.cnt || !p->set.nxt || !p->rem)
        return -1;
    return 0;
}

/* What task i blocks higher priorities with (eq. B): its WCET, none when preemptive, its largest
 * region with deferred preemption. */
static int64_t rta_block_of(const rta_task *tasks, const rta_opt *opts, size_t i,
                            rta_policy policy)
{
    if (policy == RTA_PREEMPTIVE)
        return 0;
    if (policy == RTA_DEFERRED && opts)
        return opts[i].region_max_ns;
    return tasks[i].wcet_ns;
}

/* Sort by priority number (ties by index) and fill the per-position arrays. */
static void rta_part_sort(rta_part *p, const rta_task *tasks, const rta_opt *opts,
                          rta_policy policy)
{
    size_t n = p->n;
    for (size_t i = 0; i < n; i++)
        p->order[i] = (sort_key){ .key = tasks[i].priority, .idx = i };
    qsort(p->order, n, sizeof *p->order, sort_key_cmp);
    for (size_t k = 0; k < n; k++) {
        p->c[k] = tasks[p->order[k].idx].wcet_ns;
        p->t[k] = tasks[p->order[k].idx].period_ns;
        p->blk[k] = rta_block_of(tasks, opts, p->order[k].idx, policy);
    }
    for (size_t k = n; k-- > 0;) {
        bool last = k + 1 == n || p->order[k + 1].key != p->order[k].key;
        p->group_end[k] = last ? k + 1 : p->group_end[k + 1];
        p->lp_max[k] = p->blk[k] > p->lp_max[k + 1] ? p->blk[k] : p->lp_max[k + 1];
    }
}

/* First position whose hep prefix [0, group_end) has utilisation >= 1 (n if none). The prefix
 * utilisation only grows with the position, so a binary search over positions needs O(log n)
 * exact tests. */
static size_t rta_part_first_overload(rta_part *p)
{
    size_t lo = 0, hi = p->n;   /* every position < lo is below 1, every one >= hi at or above */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        size_t end = p->group_end[mid];
        if (rta_util_ge_one(p->c, p->t, end, p->rem))
            hi = mid;
        else
            lo = end;           /* the positions up to end share mid's prefix or a shorter one */
    }
    return lo;
}

static void rta_set_put(rta_set *s, size_t k, const rta_task *t)
{
    s->c[k] = t->wcet_ns;
    s->t[k] = t->period_ns;
    s->j[k] = t->jitter_ns;
}

/* Pack hp(i) for the task at position k (positions [0, group_end) except k, non-zero WCETs),
 * then the task itself. */
static void rta_part_pack(rta_part *p, const rta_task *tasks, size_t k)
{
    rta_set *s = &p->set;
    s->m = 0;
    for (size_t x = 0; x < p->group_end[k]; x++) {
        const rta_task *tj = &tasks[p->order[x].idx];
        if (x != k && tj->wcet_ns > 0)
            rta_set_put(s, s->m++, tj);
    }
    rta_set_put(s, s->m, &tasks[p->order[k].idx]);
}

/* Task i under policy with its blocking term; opts NULL: one region, no bound but 2^62 ns. */
static rta_own rta_own_of(const rta_task *tasks, const rta_opt *opts, size_t i,
                          rta_policy policy, int64_t blocking_ns)
{
    const rta_task *t = &tasks[i];
    rta_own o = { .c = t->wcet_ns, .t = t->period_ns, .j = t->jitter_ns, .d = t->deadline_ns,
                  .b = blocking_ns, .extra = 0, .tail = t->wcet_ns, .off_w = 0,
                  .limit = opts ? opts[i].limit_ns : INT64_MAX };
    if (policy == RTA_PREEMPTIVE) {
        o.extra = t->wcet_ns;
        o.tail = 0;
        o.off_w = -1;
    } else if (policy == RTA_DEFERRED && opts) {
        o.extra = t->wcet_ns - opts[i].region_last_ns;
        o.tail = opts[i].region_last_ns;
    }
    return o;
}

/* The busy period of the task at position k, reusing earlier ones (rta_npfp_ex).
 *
 * The tasks of one equal-priority group share hep(i) (the whole group and everything above it)
 * and B (the largest C below the group), so eq. t is the same equation for all of them: it is
 * solved once per group (for its first task) and reused; the sums are over the same non-negative
 * terms, so even an overflow is met identically.
 *
 * The next group's equation has more terms and the same B or a smaller one. B is smaller only
 * when the task that gave the previous B (the largest blocking term below the previous group,
 * never more than its C) is in the next group; its term ceil((t + J)/T) C >= C then makes up
 * for it. Either way the next right-hand
 * side is >= the previous one at every t > 0, and the next plain start (B + the sum of C over
 * hep) is >= the previous one, so each plain iterate of the next equation is >= the previous
 * equation's: its least fixpoint is >= the previous t, which is therefore a valid start
 * (rta_busy_period). It is used whenever the previous busy period was bounded. */
static rta_busy rta_part_busy(rta_part *p, size_t k, bool util_ge1, int64_t b, bool plain,
                              rt_budget *budget, rta_busy *prev, size_t *prev_end)
{
    if (!plain && *prev_end == p->group_end[k] && k > 0)
        return *prev;                                  /* same group: same equation */
    int64_t from = 0;
    if (!plain && *prev_end > 0 && prev->status == RTA_BOUNDED)
        from = prev->t_ns;
    *prev = rta_busy_of(&p->set, b, util_ge1, from, budget);
    *prev_end = p->group_end[k];
    return *prev;
}

/* The per-task options must fit their tasks: regions within the WCET. */
static bool rta_opts_valid(const rta_task *tasks, const rta_opt *opts, size_t n)
{
    for (size_t i = 0; opts && i < n; i++)
        if (opts[i].region_max_ns < 0 || opts[i].region_max_ns > tasks[i].wcet_ns
            || opts[i].region_last_ns < 0 || opts[i].region_last_ns > tasks[i].wcet_ns)
            return false;
    return true;
}

/* rta_fp_ex's analysis; with stop, it ends after the first task decided to miss its deadline
 * (tasks in priority order; the tasks after it are left zeroed) and *miss says whether one was. */
static int rta_fp_run(const rta_task *tasks, const rta_opt *opts, size_t n, rta_policy policy,
                      size_t trace_cap, rt_budget *budget, bool plain, bool stop,
                      rta_result *out, bool *miss)
{
    rta_part p;
    int rc = -1;
    *miss = false;
    if (!rta_tasks_valid(tasks, n) || !rta_opts_valid(tasks, opts, n) || (n > 0 && !out)
        || !budget || policy < RTA_NONPREEMPTIVE || policy > RTA_DEFERRED) {
        errno = EINVAL;
        return -1;
    }
    if (n == 0)
        return 0;
    memset(out, 0, n * sizeof *out);
    if (rta_part_alloc(&p, n))
        goto cleanup;
    rta_part_sort(&p, tasks, opts, policy);
    size_t overload = rta_part_first_overload(&p);
    rta_busy prev = { .status = RTA_UTILIZATION, .t_ns = 0 };
    size_t prev_end = 0;
    for (size_t k = 0; k < n && !(stop && *miss); k++) {
        size_t i = p.order[k].idx;
        rta_part_pack(&p, tasks, k);
        rta_own o = rta_own_of(tasks, opts, i, policy, p.lp_max[p.group_end[k]]);   /* eq. B */
        budget->current_task = i;
        rta_busy bp = rta_part_busy(&p, k, k >= overload, o.b, plain, budget, &prev, &prev_end);
        if (rta_analyse(&p.set, &o, bp, trace_cap, budget, &out[i]))
            goto cleanup;
        *miss = *miss || (!out[i].schedulable && out[i].status != RTA_BUDGET);
    }
    budget->current_task = SIZE_MAX;
    rc = 0;
cleanup:
    if (rc) {
        rta_results_fini(out, n);
        errno = ENOMEM;
    }
    rta_part_fini(&p);
    return rc;
}

int rta_fp_ex(const rta_task *tasks, const rta_opt *opts, size_t n, rta_policy policy,
              rt_budget *budget, rta_result *out)
{
    bool miss;
    return rta_fp_run(tasks, opts, n, policy, 0, budget, false, false, out, &miss);
}

int rta_npfp_ex(const rta_task *tasks, size_t n, size_t trace_cap, rt_budget *budget, bool plain,
                rta_result *out)
{
    bool miss;
    return rta_fp_run(tasks, NULL, n, RTA_NONPREEMPTIVE, trace_cap, budget, plain, false, out,
                      &miss);
}

int rta_npfp_pass(const rta_task *tasks, size_t n, rt_budget *budget, rta_result *scratch)
{
    bool miss;
    if (rta_fp_run(tasks, NULL, n, RTA_NONPREEMPTIVE, 0, budget, false, true, scratch, &miss) != 0)
        return -1;
    return !miss;
}

/* ---- Audsley's algorithm ---- */

/* Audsley's algorithm (OPA), one level from the bottom at a time. At level L the unassigned tasks
 * are exactly hep of the candidate (all others unassigned are hp, the assigned ones are lp), so
 * the utilisation test is one per level and B is the largest assigned WCET. Candidates are tried
 * in reverse deadline-monotonic order (largest deadline first, ties: last in the caller's order
 * first), so where deadline-monotonic works at a level it is what is chosen. Returns the number
 * of levels left unassigned (0: all found). */
static size_t rta_audsley_levels(rta_part *p, const rta_task *tasks, rt_budget *budget,
                                 size_t *level)
{
    size_t n = p->n, unassigned = n;
    int64_t lp_c = 0;
    while (unassigned > 0) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (!level[i]) {
                p->c[m] = tasks[i].wcet_ns;
                p->t[m] = tasks[i].period_ns;
                m++;
            }
        if (rta_util_ge_one(p->c, p->t, m, p->rem))
            return unassigned;
        size_t pick = n;
        for (size_t x = n; x-- > 0 && pick == n;) {
            size_t i = p->order[x].idx;
            if (level[i])
                continue;
            rta_set *s = &p->set;
            s->m = 0;
            for (size_t j = 0; j < n; j++)
                if (j != i && !level[j] && tasks[j].wcet_ns > 0)
                    rta_set_put(s, s->m++, &tasks[j]);
            rta_set_put(s, s->m, &tasks[i]);
            rta_own o = rta_own_of(tasks, NULL, i, RTA_NONPREEMPTIVE, lp_c);
            rta_result r;
            budget->current_task = i;
            rta_analyse(s, &o, rta_busy_of(s, lp_c, false, 0, budget), 0, budget, &r);
            if (r.schedulable)                     /* no trace: rta_analyse cannot fail */
                pick = i;
        }
        if (pick == n)
            return unassigned;
        level[pick] = unassigned--;
        if (tasks[pick].wcet_ns > lp_c)
            lp_c = tasks[pick].wcet_ns;
    }
    return 0;
}

int rta_audsley_ex(rta_task *tasks, size_t n, rt_budget *budget)
{
    rta_part p;
    size_t *level = NULL;
    int rc = -1;
    if (!rta_tasks_valid(tasks, n) || !budget) {
        errno = EINVAL;
        return -1;
    }
    if (n == 0)
        return 1;
    level = calloc(n, sizeof *level);
    if (rta_part_alloc(&p, n) || !level) {
        errno = ENOMEM;
        goto cleanup;
    }
    for (size_t i = 0; i < n; i++)
        p.order[i] = (sort_key){ .key = tasks[i].deadline_ns, .idx = i };
    qsort(p.order, n, sizeof *p.order, sort_key_cmp);   /* deadline-monotonic, ties by index */
    size_t left = rta_audsley_levels(&p, tasks, budget, level);
    budget->current_task = SIZE_MAX;
    /* Levels left+1 .. n were found; the rest get 1 .. left in deadline-monotonic order. */
    size_t next = 1;
    for (size_t x = 0; x < n; x++)
        if (!level[p.order[x].idx])
            level[p.order[x].idx] = next++;
    for (size_t i = 0; i < n; i++)
        tasks[i].priority = (int64_t)level[i];
    rc = budget->exhausted ? 2 : left == 0;
cleanup:
    rta_part_fini(&p);
    free(level);
    return rc;
}

/* ---- entry points with the default budget ---- */

int rta_npfp(const rta_task *tasks, size_t n, size_t trace_cap, rta_result *out)
{
    rt_budget b;
    budget_init(&b, RT_BUDGET_DEFAULT_UNITS);
    return rta_npfp_ex(tasks, n, trace_cap, &b, false, out);
}

int rta_audsley(rta_task *tasks, size_t n)
{
    rt_budget b;
    budget_init(&b, RT_BUDGET_DEFAULT_UNITS);
    int rc = rta_audsley_ex(tasks, n, &b);
    return rc == 2 ? 0 : rc;
}
