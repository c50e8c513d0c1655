/* chain: the three analyses of a cause-effect chain (docs/chains.md sec. 3). Tasks 1 .. n of the
 * chain, from the cause to the effect, each with period T_i, end-to-end WCRT R_i (from the
 * nominal release), release jitter J_i, deadline D_i and phase phi_i:
 *
 *   Davare et al. (DAC 2007), implicit:     MRT, MDA <= sum over i = 1 .. n of (T_i + R_i)
 *   Durr et al. (CASES 2019), implicit, with the hop term I_i of producer i and consumer i+1:
 *       I_i = min(J_i, R_i)  where both are one-step CPU tasks on one core and i has the strictly
 *                            higher priority,
 *       I_i = R_i            otherwise;
 *     Theorem 5.4:   MRT <= T_1 + R_n + sum over i = 1 .. n-1 of max(R_i, T_(i+1) + I_i)
 *     Theorem 5.10:  reduced MDA <= R_n + sum over i = 1 .. n-1 of (T_i + I_i), and MDA is that
 *                    + T_n (the data of the last write lives until the next one).
 *   LET (Gunzel et al., ECRTS 2023), periodic: job k of task i reads at re = phi_i + k T_i and
 *     writes at we = re + D_i; a write and a read at the same instant: the write first. A
 *     partitioned job chain at task p and job m: backwards from job m of p, each earlier task's
 *     latest job with we <= the later job's re; forwards from job m+1 of p, each later task's
 *     first job with re >= the earlier job's we. Its length is the last we minus the first re,
 *     and MRT = MDA = the largest length over the chains whose first re lies in
 *     [0, 2 H + max phi], H the lcm of the chain's periods; p is the task of the largest period
 *     (the fewest chains), m from 0, chains with a job before the first (k < 0) left out.
 *
 * Integer ns, every sum and product checked (util/ckint.h); a bound that leaves int64 is
 * reported as such, never wrapped. */
#include "analysis/chain.h"

#include <stdlib.h>

#include "util/ckint.h"

void chain_task_of(const rt_taskset *ts, const rt_eval *e, size_t i, chain_task *out)
{
    const rt_task *t = &ts->tasks[i];
    *out = (chain_task){ .period_ns = t->period_ns, .deadline_ns = t->deadline_ns,
                         .jitter_ns = t->jitter_ns, .offset_ns = t->offset_ns };
    if (i < e->n_tasks && e->rta[i].status == RTA_BOUNDED) {
        out->bounded = true;
        out->wcrt_ns = e->rta[i].wcrt_ns;
    }
    const rt_system *s = e->system;
    if (!s || i >= s->sys.n_tasks || s->sys.tasks[i].n_steps != 1)
        return;
    const hol_step *st = &s->sys.steps[s->sys.tasks[i].first_step];
    if (st->resource < s->n_cores) {
        out->cpu_alone = true;
        out->core = st->resource;
        out->priority = st->priority;
    }
}

/* ---- implicit communication ---------------------------------------------------------------- */

/* Durr's hop term I of producer p and consumer q. */
static int64_t hop_term(const chain_task *p, const chain_task *q)
{
    bool same_core = p->cpu_alone && q->cpu_alone && p->core == q->core &&
                     p->priority < q->priority;
    if (same_core && p->jitter_ns < p->wcrt_ns)
        return p->jitter_ns;
    return p->wcrt_ns;
}

/* Davare's and Durr's bounds into out; every task of c is bounded. */
static void implicit_bounds(const rt_chain *c, const chain_task *tasks, chain_result *out)
{
    const chain_task *first = &tasks[c->tasks[0]], *last = &tasks[c->tasks[c->n_tasks - 1]];
    int64_t davare = 0, mrt = 0, mda = 0;
    /* every ck_add runs (one statement each: clang rejects | on bools) */
    bool ovf = ck_add(first->period_ns, last->wcrt_ns, &mrt);
    ovf |= ck_add(last->wcrt_ns, last->period_ns, &mda);
    for (size_t k = 0; k < c->n_tasks; k++) {
        const chain_task *p = &tasks[c->tasks[k]];
        int64_t tr;
        ovf |= ck_add(p->period_ns, p->wcrt_ns, &tr);
        ovf |= ck_add(davare, tr, &davare);
        if (k + 1 == c->n_tasks)
            break;
        const chain_task *q = &tasks[c->tasks[k + 1]];
        int64_t hop = hop_term(p, q), reach, age;
        /* Theorem 5.4: max(R_p, T_q + I); Theorem 5.10: T_p + I */
        ovf |= ck_add(q->period_ns, hop, &reach);
        ovf |= ck_add(p->period_ns, hop, &age);
        ovf |= ck_add(mrt, reach > p->wcrt_ns ? reach : p->wcrt_ns, &mrt);
        ovf |= ck_add(mda, age, &mda);
    }
    chain_status st = ovf ? CHAIN_OVERFLOW : CHAIN_OK;
    out->status[CHAIN_DAVARE] = out->status[CHAIN_DURR_MRT] = out->status[CHAIN_DURR_MDA] = st;
    if (ovf)
        return;
    out->bound_ns[CHAIN_DAVARE] = davare;
    out->bound_ns[CHAIN_DURR_MRT] = mrt;
    out->bound_ns[CHAIN_DURR_MDA] = mda;
}

/* ---- LET: exact by partitioned job chains ------------------------------------------------ */

/* re of job k of t; false on overflow. */
static bool let_re(const chain_task *t, int64_t k, int64_t *re)
{
    int64_t kt;
    return !ck_mul(k, t->period_ns, &kt) && !ck_add(t->offset_ns, kt, re);
}

/* The latest job of t whose write is at or before time r (may be < 0: none yet); false on
 * overflow. */
static bool let_latest_writer(const chain_task *t, int64_t r, int64_t *k)
{
    int64_t x;
    if (ck_sub(r, t->offset_ns, &x) || ck_sub(x, t->deadline_ns, &x))
        return false;
    *k = ck_floor_div(x, t->period_ns);
    return true;
}

/* The first job of t (k >= 0) whose read is at or after time w. */
static int64_t let_first_reader(const chain_task *t, int64_t w)
{
    int64_t k = ck_ceil_div(w - t->offset_ns, t->period_ns);  /* w, offset >= 0: no overflow */
    return k > 0 ? k : 0;
}

/* One partitioned job chain at job m of task position p: its first read and last write.
 * 1 complete, 0 a job before the first (left out), -1 overflow. */
static int let_jobchain(const rt_chain *c, const chain_task *tasks, size_t p, int64_t m,
                        int64_t *read, int64_t *write)
{
    const chain_task *tp = &tasks[c->tasks[p]];
    int64_t r, w, k;
    if (!let_re(tp, m, &r))
        return -1;
    for (size_t j = p; j-- > 0;) {
        const chain_task *t = &tasks[c->tasks[j]];
        if (!let_latest_writer(t, r, &k))
            return -1;
        if (k < 0)
            return 0;
        if (!let_re(t, k, &r))
            return -1;
    }
    *read = r;
    if (!let_re(tp, m + 1, &w) || ck_add(w, tp->deadline_ns, &w))
        return -1;
    for (size_t j = p + 1; j < c->n_tasks; j++) {
        const chain_task *t = &tasks[c->tasks[j]];
        if (!let_re(t, let_first_reader(t, w), &w) || ck_add(w, t->deadline_ns, &w))
            return -1;
    }
    *write = w;
    return 1;
}

static void let_exact(const rt_chain *c, const chain_task *tasks, rt_budget *budget,
                      chain_result *out)
{
    int64_t h = 1, max_phase = 0;
    size_t p = 0;
    bool ovf = false;
    for (size_t j = 0; j < c->n_tasks && !ovf; j++) {
        const chain_task *t = &tasks[c->tasks[j]];
        ovf = ck_mul(h / ck_gcd(h, t->period_ns), t->period_ns, &h);
        if (t->offset_ns > max_phase)
            max_phase = t->offset_ns;
        if (t->period_ns > tasks[c->tasks[p]].period_ns)
            p = j;
    }
    int64_t end;
    if (ovf || ck_mul(h, 2, &end) || ck_add(end, max_phase, &end)) {
        out->status[CHAIN_LET_EXACT] = CHAIN_OVERFLOW;
        out->hyperperiod_ns = ovf ? 0 : h;
        return;
    }
    out->hyperperiod_ns = h;
    out->horizon_ns = end;
    out->let_part = p;
    /* every chain's first read is at most job m's read: m up to end / T_p + the chains that
     * start with a job before the first */
    if (end / tasks[c->tasks[p]].period_ns > CHAIN_LET_MAX_JOBCHAINS) {
        out->status[CHAIN_LET_EXACT] = CHAIN_TOO_LONG;
        return;
    }
    int64_t best = -1;
    for (int64_t m = 0;; m++) {
        if ((uint64_t)m >= CHAIN_LET_MAX_JOBCHAINS) {   /* left-out chains count too */
            out->status[CHAIN_LET_EXACT] = CHAIN_TOO_LONG;
            return;
        }
        if (!budget_spend(budget, (uint64_t)c->n_tasks * CHAIN_UNITS_PER_TASK)) {
            out->status[CHAIN_LET_EXACT] = CHAIN_BUDGET;
            out->let_jobchains = 0;
            return;
        }
        int64_t r = 0, w = 0;
        int rc = let_jobchain(c, tasks, p, m, &r, &w);
        if (rc < 0) {
            out->status[CHAIN_LET_EXACT] = CHAIN_OVERFLOW;
            return;
        }
        if (rc == 0)
            continue;
        if (r > end)
            break;
        out->let_jobchains++;
        if (w - r > best) {
            best = w - r;
            out->let_read_ns = r;
            out->let_write_ns = w;
        }
    }
    out->status[CHAIN_LET_EXACT] = CHAIN_OK;
    out->bound_ns[CHAIN_LET_EXACT] = best;
}

/* ---- the chain ------------------------------------------------------------------------------- */

/* The smallest computed bound among those listed (the first on a tie). */
static bool binding(const chain_result *r, const chain_bound *list, size_t n, int64_t *ns,
                    chain_bound *which)
{
    bool any = false;
    for (size_t i = 0; i < n; i++)
        if (r->status[list[i]] == CHAIN_OK && (!any || r->bound_ns[list[i]] < *ns)) {
            any = true;
            *ns = r->bound_ns[list[i]];
            *which = list[i];
        }
    return any;
}

void chain_analyse(const rt_chain *c, const chain_task *tasks, rt_budget *budget,
                   chain_result *out)
{
    rt_budget own;
    if (!budget) {
        budget_init(&own, RT_BUDGET_DEFAULT_UNITS);
        budget = &own;
    }
    *out = (chain_result){ .binding_mrt = CHAIN_DAVARE, .binding_mda = CHAIN_DAVARE };
    bool let = c->communication == RT_COMM_LET;
    bool all_bounded = true, late = false, valid = c->n_tasks > 0;
    for (size_t k = 0; k < c->n_tasks; k++) {
        const chain_task *t = &tasks[c->tasks[k]];
        valid &= t->period_ns > 0 && t->deadline_ns >= 0 && t->jitter_ns >= 0 &&
                 t->offset_ns >= 0 && (!t->bounded || t->wcrt_ns >= 0);
        if (!t->bounded && all_bounded) {
            all_bounded = false;
            out->unbounded_task = k;
        }
        if (!late && (!t->bounded || t->wcrt_ns > t->deadline_ns)) {
            late = true;
            out->late_task = k;
        }
    }
    if (!valid) {
        chain_status *st = out->status;
        st[let ? CHAIN_LET_EXACT : CHAIN_DAVARE] = CHAIN_INVALID;
        if (!let)
            st[CHAIN_DURR_MRT] = st[CHAIN_DURR_MDA] = CHAIN_INVALID;
    } else if (let) {
        let_exact(c, tasks, budget, out);
    } else if (all_bounded) {
        if (budget_spend(budget, (uint64_t)c->n_tasks * CHAIN_UNITS_PER_TASK))
            implicit_bounds(c, tasks, out);
        else
            out->status[CHAIN_DAVARE] = out->status[CHAIN_DURR_MRT] =
                out->status[CHAIN_DURR_MDA] = CHAIN_BUDGET;
    } else {
        out->status[CHAIN_DAVARE] = out->status[CHAIN_DURR_MRT] = CHAIN_UNBOUNDED;
        out->status[CHAIN_DURR_MDA] = CHAIN_UNBOUNDED;
    }
    static const chain_bound mrt_list[] = { CHAIN_DAVARE, CHAIN_DURR_MRT, CHAIN_LET_EXACT };
    static const chain_bound mda_list[] = { CHAIN_DAVARE, CHAIN_DURR_MDA, CHAIN_LET_EXACT };
    out->has_mrt = binding(out, mrt_list, 3, &out->mrt_ns, &out->binding_mrt);
    out->has_mda = binding(out, mda_list, 3, &out->mda_ns, &out->binding_mda);
    bool no_bound = (c->has_max_reaction && !out->has_mrt) || (c->has_max_age && !out->has_mda);
    if (let && late)
        out->why = CHAIN_WHY_LET_LATE;
    else if (no_bound)
        out->why = CHAIN_WHY_NO_BOUND;
    else if (c->has_max_reaction && out->mrt_ns > c->max_reaction_ns)
        out->why = CHAIN_WHY_REACTION;
    else if (c->has_max_age && out->mda_ns > c->max_age_ns)
        out->why = CHAIN_WHY_AGE;
    out->passes = out->why == CHAIN_PASSES;
    out->undecided = out->why == CHAIN_WHY_NO_BOUND &&
                     (out->status[CHAIN_DAVARE] == CHAIN_BUDGET ||
                      out->status[CHAIN_LET_EXACT] == CHAIN_BUDGET);
}

chain_result *chain_analyse_all(const rt_taskset *ts, const rt_eval *e, rt_budget *budget)
{
    if (ts->n_chains == 0)
        return NULL;
    chain_result *res = calloc(ts->n_chains, sizeof *res);
    chain_task *tasks = calloc(ts->n_tasks ? ts->n_tasks : 1, sizeof *tasks);
    if (res && tasks) {
        for (size_t i = 0; i < ts->n_tasks; i++)
            chain_task_of(ts, e, i, &tasks[i]);
        budget_step was = budget ? budget->current : BUDGET_STEP_NONE;
        if (budget) {
            budget->current = BUDGET_STEP_CHAINS;
            budget->current_task = SIZE_MAX;
        }
        for (size_t c = 0; c < ts->n_chains; c++)
            chain_analyse(&ts->chains[c], tasks, budget, &res[c]);
        if (budget)
            budget->current = was;
    } else {
        free(res);
        res = NULL;
    }
    free(tasks);
    return res;
}

const char *chain_verdict_word(const chain_result *x)
{
    return x->passes ? "ok" : x->undecided ? "undecided" : "FAILS";
}

size_t chain_failing_words(const rt_taskset *ts, const chain_result *res, char *buf, size_t size)
{
    size_t n = 0, named = 0, len = 0;
    for (size_t c = 0; res && c < ts->n_chains; c++)
        n += !res[c].passes && !res[c].undecided;
    buf[0] = '\0';
    if (n == 0)
        return 0;
    len += (size_t)snprintf(buf, size, "chain%s ", n > 1 ? "s" : "");
    for (size_t c = 0; c < ts->n_chains && named < CHAIN_FAILING_NAMED && len < size; c++) {
        if (res[c].passes || res[c].undecided)
            continue;
        named++;
        const char *sep = named == 1 ? "" : named == n ? " and " : ", ";
        len += (size_t)snprintf(buf + len, size - len, "%s%s", sep, ts->chains[c].name);
    }
    if (len < size && n > named)
        len += (size_t)snprintf(buf + len, size - len, " and %zu more", n - named);
    if (len < size)
        snprintf(buf + len, size - len, " fail%s", n > 1 ? "" : "s");
    return n;
}

const char *chain_bound_name(chain_bound b)
{
    static const char *const names[] = { "davare", "durr_mrt", "durr_mda", "let_exact" };
    return b < CHAIN_N_BOUNDS ? names[b] : "?";
}

const char *chain_status_name(chain_status s)
{
    switch (s) {
    case CHAIN_NA: return "does not apply";
    case CHAIN_OK: return "bounded";
    case CHAIN_UNBOUNDED: return "unbounded task";
    case CHAIN_OVERFLOW: return "overflow";
    case CHAIN_TOO_LONG: return "too many job chains";
    case CHAIN_INVALID: return "invalid task figures";
    case CHAIN_BUDGET: return "undecided (work budget exhausted)";
    }
    return "?";
}
