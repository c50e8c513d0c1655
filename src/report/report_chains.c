/* report_chains: the chains' table and derivations in text, their records in JSON
 * (docs/report.md "Chains"). */
#include "report/report_chains.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "util/fmt.h"
#include "util/jw.h"

#define D(ns) fmt_dur_of(ns)   /* a duration for people (util/fmt.h) */

size_t report_chains_failed(const rt_report *r)
{
    size_t n = 0;
    for (size_t c = 0; r->chains && c < r->ts->n_chains; c++)
        n += !r->chains[c].passes && !r->chains[c].undecided;
    return n;
}

static const char *task_name(const rt_report *r, const rt_chain *c, size_t k)
{
    return r->ts->tasks[c->tasks[k]].name;
}

/* Why a metric has no bound, in words. */
void report_chains_no_bound(const rt_report *r, size_t ci, chain_bound b, char *buf, size_t size)
{
    const rt_chain *c = &r->ts->chains[ci];
    const chain_result *x = &r->chains[ci];
    switch (x->status[b]) {
    case CHAIN_UNBOUNDED:
        snprintf(buf, size, "task \"%s\" has no bounded response time (%s)",
                 task_name(r, c, x->unbounded_task),
                 rta_status_name(r->eval->rta[c->tasks[x->unbounded_task]].status));
        break;
    case CHAIN_OVERFLOW:
        snprintf(buf, size, b == CHAIN_LET_EXACT
                 ? "the chain's hyperperiod, twice it plus the largest phase, or a job's instant "
                   "does not fit in 64 bits: not computable"
                 : "the sum does not fit in 64 bits: not computable");
        break;
    case CHAIN_TOO_LONG:
        snprintf(buf, size, "more than %d partitioned job chains to enumerate over 2 x the "
                 "hyperperiod %s: not computed", CHAIN_LET_MAX_JOBCHAINS,
                 D(x->hyperperiod_ns).s);
        break;
    default:
        snprintf(buf, size, "%s", chain_status_name(x->status[b]));
        break;
    }
}

/* The chain's verdict in words: "" when it passes. */
void report_chains_reason(const rt_report *r, size_t ci, char *buf, size_t size)
{
    const rt_chain *c = &r->ts->chains[ci];
    const chain_result *x = &r->chains[ci];
    buf[0] = '\0';
    if (x->why == CHAIN_WHY_LET_LATE) {
        size_t i = c->tasks[x->late_task];
        const rta_result *res = &r->eval->rta[i];
        if (res->status == RTA_BOUNDED)
            snprintf(buf, size, "task \"%s\" can complete after its deadline (R %s > D %s): under "
                     "LET every task of the chain must complete by its deadline",
                     r->ts->tasks[i].name, D(res->wcrt_ns).s,
                     D(r->ts->tasks[i].deadline_ns).s);
        else
            snprintf(buf, size, "task \"%s\" has no bounded response time (%s): under LET every "
                     "task of the chain must complete by its deadline", r->ts->tasks[i].name,
                     rta_status_name(res->status));
    } else if (x->why == CHAIN_WHY_NO_BOUND) {
        char nb[200];
        chain_bound b = c->communication == RT_COMM_LET ? CHAIN_LET_EXACT : CHAIN_DAVARE;
        report_chains_no_bound(r, ci, b, nb, sizeof nb);
        snprintf(buf, size, "no bound on the %s: %s", c->has_max_reaction && !x->has_mrt
                 ? "maximum reaction time" : "maximum data age", nb);
    } else if (x->why == CHAIN_WHY_REACTION || x->why == CHAIN_WHY_AGE) {
        size_t n = 0;
        if (c->has_max_reaction && x->mrt_ns > c->max_reaction_ns)
            n += (size_t)snprintf(buf, size, "maximum reaction time bound %s (%s) exceeds "
                                  "max-reaction %s", D(x->mrt_ns).s,
                                  chain_bound_name(x->binding_mrt), D(c->max_reaction_ns).s);
        if (c->has_max_age && x->mda_ns > c->max_age_ns && n < size)
            snprintf(buf + n, size - n, "%smaximum data age bound %s (%s) exceeds max-age %s",
                     n ? "; " : "", D(x->mda_ns).s, chain_bound_name(x->binding_mda),
                     D(c->max_age_ns).s);
    }
}

void report_chains_text_verdict(const rt_report *r, bool failing, FILE *out)
{
    for (int undecided = !failing; r->chains && undecided < 2; undecided++) {
        bool any = false;
        for (size_t c = 0; c < r->ts->n_chains; c++)
            if (!r->chains[c].passes && r->chains[c].undecided == (undecided == 1)) {
                fprintf(out, "%s %s", any ? "" : undecided ? "Chains undecided:"
                                                           : "Chains failing:",
                        r->ts->chains[c].name);
                any = true;
            }
        if (any)
            fputc('\n', out);
    }
}

/* "95.2 ms (durr_mrt)" or "-" */
static void cell(bool have, int64_t ns, chain_bound b, char *buf, size_t size)
{
    if (have)
        snprintf(buf, size, "%s (%s)", D(ns).s, chain_bound_name(b));
    else
        snprintf(buf, size, "-");
}

/* The hop term I of Durr 2019 between positions k and k+1, and whether it is the jitter. */
int64_t report_chains_hop(const rt_report *r, const rt_chain *c, size_t k, bool *is_jitter)
{
    chain_task p, q;
    chain_task_of(r->ts, r->eval, c->tasks[k], &p);
    chain_task_of(r->ts, r->eval, c->tasks[k + 1], &q);
    *is_jitter = p.cpu_alone && q.cpu_alone && p.core == q.core && p.priority < q.priority &&
                 p.jitter_ns < p.wcrt_ns;
    return *is_jitter ? p.jitter_ns : p.wcrt_ns;
}

static void derivation(const rt_report *r, size_t ci, FILE *out)
{
    const rt_chain *c = &r->ts->chains[ci];
    const chain_result *x = &r->chains[ci];
    bool let = c->communication == RT_COMM_LET;
    fprintf(out, "  %s (%s):\n    %-24s %13s %13s %13s %13s %13s%s\n", c->name,
            rt_taskset_comm_name(c->communication), "task", "period T", "deadline D", "jitter J",
            "offset", "WCRT R", let ? "" : "  hop I to the next (Durr 2019)");
    for (size_t k = 0; k < c->n_tasks; k++) {
        size_t i = c->tasks[k];
        const rt_task *t = &r->ts->tasks[i];
        const rta_result *res = &r->eval->rta[i];
        bool b = res->status == RTA_BOUNDED;
        char hb[96] = "";
        if (!let && b && k + 1 < c->n_tasks && x->status[CHAIN_DAVARE] == CHAIN_OK) {
            bool jit;
            int64_t h = report_chains_hop(r, c, k, &jit);
            snprintf(hb, sizeof hb, "  %s (%s)", D(h).s, jit ? "J: same core, higher priority"
                                                              : "R");
        }
        fprintf(out, "    %-24.24s %13s %13s %13s %13s %13s%s\n", t->name, D(t->period_ns).s,
                D(t->deadline_ns).s, D(t->jitter_ns).s, D(t->offset_ns).s,
                b ? D(res->wcrt_ns).s : rta_unbounded_word(res->status), hb);
    }
    static const char *const how[CHAIN_N_BOUNDS] = {
        "Davare 2007: sum of (T_i + R_i)",
        "Durr 2019 Th. 5.4: T_1 + R_n + sum of max(R_i, T_(i+1) + I_i)",
        "Durr 2019 Th. 5.10 + T_n: R_n + sum of (T_i + I_i) + T_n",
        "LET exact: longest partitioned job chain",
    };
    for (chain_bound b = 0; b < CHAIN_N_BOUNDS; b++) {
        if (x->status[b] == CHAIN_NA)
            continue;
        char nb[200];
        if (x->status[b] == CHAIN_OK)
            snprintf(nb, sizeof nb, "%s", D(x->bound_ns[b]).s);
        else
            report_chains_no_bound(r, ci, b, nb, sizeof nb);
        fprintf(out, "    %-62s = %s\n", how[b], nb);
    }
    if (let && x->hyperperiod_ns > 0 && x->status[CHAIN_LET_EXACT] != CHAIN_OVERFLOW)
        fprintf(out, "    hyperperiod H %s; first reads in [0, 2H + largest phase] = [0, %s]; "
                "%" PRIu64 " job chains partitioned at task \"%s\"", D(x->hyperperiod_ns).s,
                D(x->horizon_ns).s, x->let_jobchains, task_name(r, c, x->let_part));
    if (let && x->status[CHAIN_LET_EXACT] == CHAIN_OK)
        fprintf(out, "; the longest reads at %s and writes at %s\n", D(x->let_read_ns).s,
                D(x->let_write_ns).s);
    else if (let && x->hyperperiod_ns > 0 && x->status[CHAIN_LET_EXACT] != CHAIN_OVERFLOW)
        fputc('\n', out);
}

void report_chains_text(const rt_report *r, FILE *out, int verbosity)
{
    if (!r->chains)
        return;
    size_t w = 5;
    for (size_t c = 0; c < r->ts->n_chains; c++)
        if (strlen(r->ts->chains[c].name) > w)
            w = strlen(r->ts->chains[c].name);
    int iw = w > 24 ? 24 : (int)w;
    fprintf(out, "\nChains (docs/chains.md; MRT maximum reaction time, MDA maximum data age, each "
                 "the smallest sound bound, which analysis gave it in brackets):\n");
    fprintf(out, "  %-*s %-8s %5s %24s %13s %24s %13s  %s\n", iw, "chain", "comm", "tasks",
            "MRT bound", "max-reaction", "MDA bound", "max-age", "verdict");
    for (size_t ci = 0; ci < r->ts->n_chains; ci++) {
        const rt_chain *c = &r->ts->chains[ci];
        const chain_result *x = &r->chains[ci];
        char mrt[64], mda[64];
        cell(x->has_mrt, x->mrt_ns, x->binding_mrt, mrt, sizeof mrt);
        cell(x->has_mda, x->mda_ns, x->binding_mda, mda, sizeof mda);
        fprintf(out, "  %-*.*s %-8s %5zu %24s %13s %24s %13s  %s\n", iw, iw, c->name,
                rt_taskset_comm_name(c->communication), c->n_tasks, mrt,
                c->has_max_reaction ? D(c->max_reaction_ns).s : "-", mda,
                c->has_max_age ? D(c->max_age_ns).s : "-", chain_verdict_word(x));
    }
    for (size_t ci = 0; ci < r->ts->n_chains; ci++) {
        char why[400];
        report_chains_reason(r, ci, why, sizeof why);
        if (why[0])
            fprintf(out, "  %s %s: %s\n", r->ts->chains[ci].name,
                    r->chains[ci].undecided ? "is undecided" : "fails", why);
    }
    if (verbosity <= 0)
        return;
    fprintf(out, "\nChain derivations (docs/chains.md sec. 3):\n");
    for (size_t ci = 0; ci < r->ts->n_chains; ci++)
        derivation(r, ci, out);
}

static void kint_or_null(jw *w, const char *key, bool have, int64_t x)
{
    if (have)
        jw_kint(w, key, x);
    else
        jw_knull(w, key);
}

static void j_chain(const rt_report *r, size_t ci, jw *w)
{
    const rt_chain *c = &r->ts->chains[ci];
    const chain_result *x = &r->chains[ci];
    jw_object_begin(w);
    jw_kstr(w, "name", c->name);
    jw_kstr(w, "communication", rt_taskset_comm_name(c->communication));
    jw_key(w, "tasks");
    jw_array_begin(w);
    for (size_t k = 0; k < c->n_tasks; k++)
        jw_str(w, task_name(r, c, k));
    jw_array_end(w);
    kint_or_null(w, "max_reaction_ns", c->has_max_reaction, c->max_reaction_ns);
    kint_or_null(w, "max_age_ns", c->has_max_age, c->max_age_ns);
    jw_key(w, "bounds");
    jw_object_begin(w);
    for (chain_bound b = 0; b < CHAIN_N_BOUNDS; b++)
        kint_or_null(w, chain_bound_name(b), x->status[b] == CHAIN_OK, x->bound_ns[b]);
    jw_object_end(w);
    jw_key(w, "bound_status");
    jw_object_begin(w);
    for (chain_bound b = 0; b < CHAIN_N_BOUNDS; b++)
        jw_kstr(w, chain_bound_name(b), chain_status_name(x->status[b]));
    jw_object_end(w);
    kint_or_null(w, "mrt_ns", x->has_mrt, x->mrt_ns);
    kint_or_null(w, "mda_ns", x->has_mda, x->mda_ns);
    jw_kstr(w, "binding_mrt", x->has_mrt ? chain_bound_name(x->binding_mrt) : NULL);
    jw_kstr(w, "binding_mda", x->has_mda ? chain_bound_name(x->binding_mda) : NULL);
    jw_key(w, "let");
    if (c->communication == RT_COMM_LET) {
        bool ok = x->status[CHAIN_LET_EXACT] == CHAIN_OK;
        jw_object_begin(w);
        kint_or_null(w, "hyperperiod_ns", x->hyperperiod_ns > 0, x->hyperperiod_ns);
        kint_or_null(w, "horizon_ns", x->horizon_ns > 0, x->horizon_ns);
        jw_kint(w, "job_chains", (int64_t)x->let_jobchains);
        jw_kstr(w, "partitioned_at", x->horizon_ns > 0 ? task_name(r, c, x->let_part) : NULL);
        kint_or_null(w, "worst_read_ns", ok, x->let_read_ns);
        kint_or_null(w, "worst_write_ns", ok, x->let_write_ns);
        jw_object_end(w);
    } else {
        jw_null(w);
    }
    jw_kbool(w, "passes", x->passes);
    jw_kbool(w, "undecided", x->undecided);
    char why[400];
    report_chains_reason(r, ci, why, sizeof why);
    jw_kstr(w, "reason", why[0] ? why : NULL);
    jw_object_end(w);
}

void report_chains_json(const rt_report *r, jw *w)
{
    if (!r->chains)
        return;
    jw_key(w, "chains");
    jw_array_begin(w);
    for (size_t ci = 0; ci < r->ts->n_chains; ci++)
        j_chain(r, ci, w);
    jw_array_end(w);
}
