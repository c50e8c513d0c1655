/* wcet: execution windows, interference multipliers and per-launch WCETs (docs/model.md secs. 3-5).
 *
 * Worst-case mode: one window per distinct (partition, kernel), searched once and copied to every
 * launch of that kernel on that partition. Synchronous mode: one timeline for the layout, each
 * launch summing size(w) * M(k,w) over the windows it overlaps (eq. 8). */
#include "analysis/wcet.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/interference.h"
#include "analysis/windows.h"
#include "util/ckint.h"

#define WCET_MAX_NS ((int64_t)1 << 62)
/* Representation noise forgiven by wcet_ceil_ns: relative, and at most 0.001 ns absolute. */
#define WCET_NOISE_REL 1e-12
#define WCET_NOISE_ABS 0.001
/* Synchronous mode: a launch's windows must cover C(k,n) to this relative precision, else the
 * timeline is too long for double precision and the result is refused (WCET_ERANGE). */
#define WCET_COVER_TOL 1e-6

bool wcet_ceil_ns(double x, int64_t *ns)
{
    if (!isfinite(x) || x < 0.0)
        return false;
    double f = floor(x), tol = WCET_NOISE_REL * x;
    if (tol > WCET_NOISE_ABS)
        tol = WCET_NOISE_ABS;
    double c = x - f <= tol ? f : ceil(x);
    if (c > (double)WCET_MAX_NS)
        return false;
    *ns = (int64_t)c;
    return true;
}

/* sec. 5: ceil((1 + margin) * Tc * 1000 / f) ns + launch overhead, within 2^62. */
static bool wcet_launch_ns(const model *m, const rt_options *o, double tc_cycles, int64_t *ns)
{
    int64_t base;
    if (!wcet_ceil_ns((1.0 + o->margin) * tc_cycles * 1000.0 / m->gpu->clock_mhz, &base))
        return false;
    return !ck_add(base, m->gpu->launch_overhead_ns, ns) && *ns <= WCET_MAX_NS && *ns >= 0;
}

static void wcet_window_fini(wcet_window *w)
{
    free(w->kernels);
    free(w->parts);
}

/* Window record over members K[0..n-1] of wl (indices into wl->members). */
static int wcet_window_set(wcet_window *w, const win_layout *wl, const size_t *K, size_t n)
{
    w->n_kernels = n;
    w->kernels = malloc(n * sizeof *w->kernels);
    w->parts = malloc(n * sizeof *w->parts);
    if (!w->kernels || !w->parts)
        return WCET_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        w->kernels[i] = wl->members[K[i]].kernel;
        w->parts[i] = wl->members[K[i]].part;
    }
    return WCET_OK;
}

static void wcet_window_terms(wcet_window *w, const intf_terms *t)
{
    w->bw_gbps = t->bw_gbps;
    w->I = t->I;
    w->Pi = t->Pi;
    w->M = t->M;
    w->sup_case = t->sup_case;
}

/* A later launch of the same (partition, kernel): the same values, the window shared (memory
 * proportional to the distinct kernels, not to the launches). */
static void wcet_launch_share(wcet_launch *dst, const wcet_launch *src)
{
    *dst = *src;
    dst->windows_shared = true;
}

/* Deep copy of a launch computed earlier for an identical kernel (its window is then changed). */
static int wcet_launch_copy(wcet_launch *dst, const wcet_launch *src)
{
    const wcet_window *sw = &src->windows[0];
    *dst = *src;
    dst->windows_shared = false;
    dst->windows = calloc(1, sizeof *dst->windows);
    if (!dst->windows)
        return WCET_ENOMEM;
    dst->n_windows = 1;
    *dst->windows = *sw;
    dst->windows->kernels = NULL;
    dst->windows->parts = NULL;
    dst->windows->kernels = malloc(sw->n_kernels * sizeof *sw->kernels);
    dst->windows->parts = malloc(sw->n_kernels * sizeof *sw->parts);
    if (!dst->windows->kernels || !dst->windows->parts)
        return WCET_ENOMEM;
    memcpy(dst->windows->kernels, sw->kernels, sw->n_kernels * sizeof *sw->kernels);
    memcpy(dst->windows->parts, sw->parts, sw->n_kernels * sizeof *sw->parts);
    return WCET_OK;
}

/* Worst-case mode: the single window of length C(k,n_p) with the maximising co-runners. */
static int wcet_launch_worst(wcet_launch *out, win_layout *wl, const intf_gpu *g,
                             const rt_options *o, rt_budget *budget, size_t member)
{
    win_combo c;
    windows_worst(wl, g, o, budget, member, &c);
    out->windows = calloc(1, sizeof *out->windows);
    if (!out->windows)
        return WCET_ENOMEM;
    out->n_windows = 1;
    wcet_window *w = &out->windows[0];
    w->start_cycles = 0.0;
    w->end_cycles = out->isolated_cycles;
    wcet_window_terms(w, &c.terms);
    out->exhaustive = c.exhaustive;
    /* eq. 8 with one window of size C(k,n): Tc = C(k,n) * M */
    out->interference_cycles = out->isolated_cycles * c.terms.M;
    return wcet_window_set(w, wl, c.members, c.n);
}

/* Synchronous mode: eq. 8 over the launch's windows; K lists self first, then by partition. */
static int wcet_launch_sync(wcet_launch *out, const win_layout *wl, const intf_gpu *g,
                            const rt_options *o, rt_budget *budget, size_t li, intf_member *K,
                            size_t *idx)
{
    const win_launch *la = &wl->launches[li];
    double tc = 0.0, covered = 0.0;
    out->exhaustive = true;
    out->windows = calloc(la->n_windows ? la->n_windows : 1, sizeof *out->windows);
    if (!out->windows)
        return WCET_ENOMEM;
    out->n_windows = la->n_windows;
    for (size_t i = 0; i < la->n_windows; i++) {
        const win_span *sp = &wl->windows[la->first_window + i];
        size_t n = 0;
        idx[n++] = la->member;
        for (size_t r = sp->first; r < sp->first + sp->count; r++)
            if (wl->running[r] != li)
                idx[n++] = wl->launches[wl->running[r]].member;
        for (size_t j = 0; j < n; j++)
            K[j] = wl->members[idx[j]];
        double size = sp->end_cycles - sp->start_cycles;
        if (budget)                 /* charged, never cut: the windows are already built */
            budget_spend(budget, RT_BUDGET_COMBO_UNITS);
        intf_terms t;
        interference_eval(g, rt_options_intf(o), K, n, 0, size, &t);
        wcet_window *w = &out->windows[i];
        w->start_cycles = sp->start_cycles;
        w->end_cycles = sp->end_cycles;
        wcet_window_terms(w, &t);
        if (wcet_window_set(w, wl, idx, n) != WCET_OK)
            return WCET_ENOMEM;
        tc += size * t.M;                 /* eq. 8: sum of size(w) * I(w) * Pi(k,w) */
        covered += size;
    }
    if (!(fabs(covered - out->isolated_cycles) <= WCET_COVER_TOL * out->isolated_cycles))
        return WCET_ERANGE;
    out->interference_cycles = tc;
    return WCET_OK;
}

/* Everything wcet_compute needs besides its arguments. */
typedef struct wcet_ctx {
    const model *m;
    const rt_options *o;
    rt_budget *budget;           /* charged when not NULL */
    intf_gpu g;
    win_layout wl;
    const wcet_launch **cache;   /* worst-case: first launch of each member */
    intf_member *K;              /* synchronous: one window's members */
    size_t *idx;
} wcet_ctx;

/* One launch: its windows, Tc, multiplier and WCET. */
static int wcet_launch_compute(wcet_ctx *c, size_t li, wcet_launch *out)
{
    const win_launch *la = &c->wl.launches[li];
    const intf_member *mb = &c->wl.members[la->member];
    int rc;
    if (c->cache && c->cache[la->member]) {
        wcet_launch_share(out, c->cache[la->member]);
        return WCET_OK;
    }
    size_t dup = c->wl.dup_of[la->member];
    if (c->cache && dup != la->member && c->cache[dup]) {
        /* an identical kernel of the same partition (same SMs, C, BW, L2): the same search
         * gives the same co-runners and M; only its own kernel index differs */
        if ((rc = wcet_launch_copy(out, c->cache[dup])) != WCET_OK)
            return rc;
        out->kernel = mb->kernel;
        out->windows[0].kernels[0] = mb->kernel;
        c->cache[la->member] = out;
        return WCET_OK;
    }
    out->kernel = mb->kernel;
    out->sms = mb->sms;
    out->isolated_cycles = mb->cycles;
    if (c->cache)
        rc = wcet_launch_worst(out, &c->wl, &c->g, c->o, c->budget, la->member);
    else
        rc = wcet_launch_sync(out, &c->wl, &c->g, c->o, c->budget, li, c->K, c->idx);
    if (rc != WCET_OK)
        return rc;
    /* Rounding guard: M >= 1, so Tc is never below C(k,n). */
    if (out->interference_cycles < out->isolated_cycles)
        out->interference_cycles = out->isolated_cycles;
    out->multiplier = out->interference_cycles / out->isolated_cycles;
    if (!wcet_launch_ns(c->m, c->o, out->interference_cycles, &out->wcet_ns))
        return WCET_ERANGE;
    if (c->cache)
        c->cache[la->member] = out;
    return WCET_OK;
}

static int wcet_tasks(wcet_ctx *c, const rt_taskset *ts, wcet_result *out)
{
    out->tasks = calloc(ts->n_tasks ? ts->n_tasks : 1, sizeof *out->tasks);
    if (!out->tasks)
        return WCET_ENOMEM;
    out->n_tasks = ts->n_tasks;
    for (size_t t = 0; t < ts->n_tasks; t++) {
        wcet_task *wt = &out->tasks[t];
        size_t nr = ts->tasks[t].n_runs;
        wt->launches = calloc(nr ? nr : 1, sizeof *wt->launches);
        if (!wt->launches)
            return WCET_ENOMEM;
        wt->n_launches = nr;
        rt_budget *b = c->budget;
        if (b && b->current != BUDGET_STEP_SENSITIVITY)
            b->current_task = t;
        for (size_t j = 0; j < nr; j++) {
            int rc = wcet_launch_compute(c, c->wl.task_first[t] + j, &wt->launches[j]);
            if (rc != WCET_OK)
                return rc;
            /* C_i = sum of the WCETs of the task's launches (sec. 5) */
            if (ck_add(wt->wcet_ns, wt->launches[j].wcet_ns, &wt->wcet_ns) || wt->wcet_ns > WCET_MAX_NS)
                return WCET_ERANGE;
        }
    }
    return WCET_OK;
}

static int wcet_ctx_init(wcet_ctx *c, const rt_taskset *ts, const rt_layout *l)
{
    int rc = windows_layout_init(&c->wl, c->m, ts, l);
    if (rc != WIN_OK)
        return rc == WIN_ENOMEM ? WCET_ENOMEM : WCET_ERANGE;
    size_t H = c->wl.n_hosting ? c->wl.n_hosting : 1;
    if (c->o->windows == RT_WINDOWS_SYNCHRONOUS) {
        rc = windows_sync_build(&c->wl, l);
        if (rc != WIN_OK)
            return rc == WIN_ENOMEM ? WCET_ENOMEM : WCET_ERANGE;
        c->K = malloc(H * sizeof *c->K);
        c->idx = malloc(H * sizeof *c->idx);
        return c->K && c->idx ? WCET_OK : WCET_ENOMEM;
    }
    c->cache = calloc(c->wl.n_members ? c->wl.n_members : 1, sizeof *c->cache);
    return c->cache ? WCET_OK : WCET_ENOMEM;
}

int wcet_compute(const model *m, const rt_taskset *ts, const rt_layout *l, const rt_options *o,
                 rt_budget *budget, wcet_result *out)
{
    wcet_ctx c = { .m = m, .o = o, .budget = budget, .g = interference_gpu_of(m) };
    memset(out, 0, sizeof *out);
    int rc = wcet_ctx_init(&c, ts, l);
    if (rc == WCET_OK)
        rc = wcet_tasks(&c, ts, out);
    if (rc != WCET_OK)
        wcet_result_fini(out);
    free(c.idx);
    free(c.K);
    free(c.cache);
    windows_layout_fini(&c.wl);
    return rc;
}

void wcet_result_fini(wcet_result *r)
{
    if (!r)
        return;
    for (size_t t = 0; r->tasks && t < r->n_tasks; t++) {
        wcet_task *wt = &r->tasks[t];
        for (size_t j = 0; wt->launches && j < wt->n_launches; j++) {
            wcet_launch *la = &wt->launches[j];
            if (la->windows_shared)
                continue;
            for (size_t w = 0; la->windows && w < la->n_windows; w++)
                wcet_window_fini(&la->windows[w]);
            free(la->windows);
        }
        free(wt->launches);
    }
    free(r->tasks);
    memset(r, 0, sizeof *r);
}

bool wcet_isolated_task_ns(const model *m, const rt_taskset *ts, size_t t, int64_t n,
                           const rt_options *o, int64_t *ns)
{
    int64_t sum = 0, one;
    if (t >= ts->n_tasks)
        return false;
    for (size_t j = 0; j < ts->tasks[t].n_runs; j++) {
        const model_point *pt = model_at(m, ts->tasks[t].runs[j], n);
        /* multiplier 1: Tc = C(k,n) */
        if (!pt || !wcet_launch_ns(m, o, pt->cycles, &one) || ck_add(sum, one, &sum) || sum > WCET_MAX_NS)
            return false;
    }
    *ns = sum;
    return true;
}

double wcet_pair_multiplier(const model *m, const rt_options *o, size_t k, int64_t n, size_t l,
                            int64_t nl)
{
    intf_member self, co;
    if (!interference_member_set(&self, m, k, 0, n) || !interference_member_set(&co, m, l, 1, nl))
        return 1.0;
    /* as win_odo_eval: a window of length C(k,n), self first, then the co-runner */
    intf_contrib cs = interference_contrib_of(&self, self.cycles), cl = interference_contrib_of(&co, self.cycles);
    intf_acc a;
    interference_acc_init(&a);
    interference_acc_push(&a, &cs);
    interference_acc_push(&a, &cl);
    intf_gpu g = interference_gpu_of(m);
    intf_terms t;
    interference_sup_acc(&g, rt_options_intf(o), &a, &self, &t);
    return t.M;
}

bool wcet_launch_lb_ns(const model *m, const rt_options *o, size_t k, int64_t n, double mult,
                       int64_t *ns)
{
    const model_point *pt = model_at(m, k, n);
    if (!pt)
        return false;
    /* as wcet_launch_compute: Tc = C(k,n) * M, never below C(k,n) */
    double tc = pt->cycles * mult;
    if (tc < pt->cycles)
        tc = pt->cycles;
    return wcet_launch_ns(m, o, tc, ns);
}

size_t wcet_window_blamed(const wcet_window *w, const rt_options *o)
{
    return o->interference == RT_INTF_NAIVE && w->n_kernels > 2 ? 2 : w->n_kernels;
}
