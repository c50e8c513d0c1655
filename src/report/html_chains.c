/* html_chains: the section "Chains" of the evidence report (docs/evidence.md sec. 2,
 * docs/chains.md): each cause-effect chain's tasks, requirements, every bound with its
 * derivation in numbers, the binding bounds, the verdict and a figure. Written only when the
 * task set has chains; every figure comes from rt_report.chains. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>

#include "report/html_chains.h"

#include "report/fig_chain.h"
#include "report/html_sections.h"
#include "report/report_chains.h"

/* A derivation being written out: text appended, cut (never overrun) at its size. */
typedef struct { char s[4096]; size_t n; } line;

__attribute__((format(printf, 2, 3))) static void ap(line *l, const char *fmt, ...)
{
    if (l->n >= sizeof l->s - 1)
        return;
    va_list va;
    va_start(va, fmt);
    int k = vsnprintf(l->s + l->n, sizeof l->s - l->n, fmt, va);
    va_end(va);
    if (k > 0)
        l->n = l->n + (size_t)k < sizeof l->s ? l->n + (size_t)k : sizeof l->s - 1;
}

static const rt_task *task_at(const rt_report *r, const rt_chain *c, size_t k)
{
    return &r->ts->tasks[c->tasks[k]];
}

static int64_t wcrt_at(const rt_report *r, const rt_chain *c, size_t k)
{
    return r->eval->rta[c->tasks[k]].wcrt_ns;
}

static void summary(xhtml *p, const rt_report *r)
{
    xhtml_open(p, "table");
    xhtml_head_row(p, "llrlrlrl", (const char *const[]){"chain", "communication", "tasks",
                   "MRT bound (binding)", "max-reaction", "MDA bound (binding)", "max-age",
                   "verdict", NULL});
    xhtml_nl(p);
    for (size_t ci = 0; ci < r->ts->n_chains; ci++) {
        const rt_chain *c = &r->ts->chains[ci];
        const chain_result *x = &r->chains[ci];
        xhtml_open(p, "tr");
        xhtml_open(p, "td");
        xhtml_attr(p, "class", "l");
        char id[40];
        snprintf(id, sizeof id, "#chain-%zu", ci + 1);
        xhtml_open(p, "a");
        xhtml_attr(p, "href", id);
        xhtml_text(p, c->name);
        xhtml_close(p);
        xhtml_close(p);
        xhtml_el(p, "td", "l", rt_taskset_comm_name(c->communication));
        xhtml_elf(p, "td", NULL, "%zu", c->n_tasks);
        if (x->has_mrt)
            xhtml_elf(p, "td", "l", "%s (%s)", D(x->mrt_ns).s, chain_bound_name(x->binding_mrt));
        else
            xhtml_el(p, "td", "l", "none");
        xhtml_el(p, "td", NULL, c->has_max_reaction ? D(c->max_reaction_ns).s : "-");
        if (x->has_mda)
            xhtml_elf(p, "td", "l", "%s (%s)", D(x->mda_ns).s, chain_bound_name(x->binding_mda));
        else
            xhtml_el(p, "td", "l", "none");
        xhtml_el(p, "td", NULL, c->has_max_age ? D(c->max_age_ns).s : "-");
        xhtml_el(p, "td", x->passes ? "l ok" : x->undecided ? "l open" : "l miss",
                 x->passes ? "passes" : chain_verdict_word(x));
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

/* The chain's tasks as the chain analyses read them, with Durr's hop term under implicit. */
static void tasks_table(xhtml *p, const rt_report *r, size_t ci)
{
    const rt_chain *c = &r->ts->chains[ci];
    bool let = c->communication == RT_COMM_LET;
    xhtml_open(p, "table");
    xhtml_head_row(p, let ? "rlrrrrr" : "rlrrrrrl",
                   (const char *const[]){"position", "task", "period T", "deadline D",
                                         "jitter J", "offset", "WCRT R",
                                         let ? NULL : "hop term I to the next (Durr 2019)",
                                         NULL});
    xhtml_nl(p);
    for (size_t k = 0; k < c->n_tasks; k++) {
        const rt_task *t = task_at(r, c, k);
        const rta_result *res = &r->eval->rta[c->tasks[k]];
        bool b = res->status == RTA_BOUNDED;
        xhtml_open(p, "tr");
        xhtml_elf(p, "td", NULL, "%zu", k + 1);
        xhtml_el(p, "td", "l", t->name);
        xhtml_el(p, "td", NULL, D(t->period_ns).s);
        xhtml_el(p, "td", NULL, D(t->deadline_ns).s);
        xhtml_el(p, "td", NULL, D(t->jitter_ns).s);
        xhtml_el(p, "td", NULL, D(t->offset_ns).s);
        if (b)
            xhtml_el(p, "td", let && res->wcrt_ns > t->deadline_ns ? "miss" : NULL,
                     D(res->wcrt_ns).s);
        else
            xhtml_elf(p, "td", res->status == RTA_BUDGET ? "open" : "miss", "%s (%s)",
                      rta_unbounded_word(res->status), rta_status_name(res->status));
        if (!let) {
            bool next_b = k + 1 < c->n_tasks &&
                          r->eval->rta[c->tasks[k + 1]].status == RTA_BOUNDED;
            if (b && next_b) {
                bool jit;
                int64_t h = report_chains_hop(r, c, k, &jit);
                xhtml_elf(p, "td", "l", "%s: %s", D(h).s, jit
                          ? "min(J, R) = J: same CPU core as the next task, higher priority"
                          : "R: not a one-step CPU task on the next task's core with a higher "
                            "priority, or J >= R");
            } else {
                xhtml_el(p, "td", "l", k + 1 < c->n_tasks ? "-" : "(last task)");
            }
        }
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

/* Bound b's formula with every operand in numbers, "= value" at the end (implicit). */
static void implicit_derivation(const rt_report *r, size_t ci, chain_bound b, line *l)
{
    const rt_chain *c = &r->ts->chains[ci];
    size_t n = c->n_tasks;
    if (b == CHAIN_DAVARE) {
        ap(l, "sum of (T_i + R_i) =");
        for (size_t k = 0; k < n; k++)
            ap(l, "%s (%s + %s)", k ? " +" : "", D(task_at(r, c, k)->period_ns).s,
               D(wcrt_at(r, c, k)).s);
    } else if (b == CHAIN_DURR_MRT) {
        ap(l, "T_1 + R_n + sum of max(R_i, T_(i+1) + I_i) = %s + %s",
           D(task_at(r, c, 0)->period_ns).s, D(wcrt_at(r, c, n - 1)).s);
        for (size_t k = 0; k + 1 < n; k++) {
            bool jit;
            ap(l, " + max(%s, %s + %s)", D(wcrt_at(r, c, k)).s,
               D(task_at(r, c, k + 1)->period_ns).s, D(report_chains_hop(r, c, k, &jit)).s);
        }
    } else {
        ap(l, "R_n + sum of (T_i + I_i) + T_n = %s", D(wcrt_at(r, c, n - 1)).s);
        for (size_t k = 0; k + 1 < n; k++) {
            bool jit;
            ap(l, " + (%s + %s)", D(task_at(r, c, k)->period_ns).s,
               D(report_chains_hop(r, c, k, &jit)).s);
        }
        ap(l, " + %s", D(task_at(r, c, n - 1)->period_ns).s);
    }
}

static void let_derivation(const rt_report *r, size_t ci, line *l)
{
    const rt_chain *c = &r->ts->chains[ci];
    const chain_result *x = &r->chains[ci];
    ap(l, "every job reads at its release phi + k T and writes at release + D; hyperperiod H = "
       "lcm of the periods = %s; the job chains whose first read lies in [0, 2 H + largest "
       "phase] = [0, %s]: %" PRIu64 " partitioned at task \"%s\"; the longest reads at %s and "
       "writes at %s: %s - %s", D(x->hyperperiod_ns).s, D(x->horizon_ns).s, x->let_jobchains,
       task_at(r, c, x->let_part)->name, D(x->let_read_ns).s, D(x->let_write_ns).s,
       D(x->let_write_ns).s, D(x->let_read_ns).s);
}

static void bounds_table(xhtml *p, const rt_report *r, size_t ci)
{
    const chain_result *x = &r->chains[ci];
    static const char *const who[CHAIN_N_BOUNDS] = {
        "Davare 2007", "Durr 2019 Th. 5.4", "Durr 2019 Th. 5.10 + T_n", "LET exact (Gunzel 2023)"};
    static const char *const of[CHAIN_N_BOUNDS] = {"MRT and MDA", "MRT", "MDA", "MRT = MDA"};
    xhtml_open(p, "table");
    xhtml_head_row(p, "lllr", (const char *const[]){"bound", "of", "derivation", "value", NULL});
    xhtml_nl(p);
    for (chain_bound b = 0; b < CHAIN_N_BOUNDS; b++) {
        line l = { .n = 0 };
        l.s[0] = '\0';
        xhtml_open(p, "tr");
        xhtml_elf(p, "td", "l", "%s (%s)", who[b], chain_bound_name(b));
        xhtml_el(p, "td", "l", of[b]);
        if (x->status[b] == CHAIN_OK) {
            if (b == CHAIN_LET_EXACT)
                let_derivation(r, ci, &l);
            else
                implicit_derivation(r, ci, b, &l);
            xhtml_el(p, "td", "l", l.s);
            xhtml_el(p, "td", NULL, D(x->bound_ns[b]).s);
        } else if (x->status[b] == CHAIN_NA) {
            xhtml_el(p, "td", "l", b == CHAIN_LET_EXACT ? "for LET communication only"
                                                       : "for implicit communication only");
            xhtml_el(p, "td", NULL, "does not apply");
        } else {
            char nb[200];
            report_chains_no_bound(r, ci, b, nb, sizeof nb);
            xhtml_el(p, "td", "l", nb);
            bool open = x->status[b] == CHAIN_BUDGET;   /* undecided, not missing */
            xhtml_el(p, "td", open ? "open" : "miss", open ? "undecided" : "none");
        }
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

/* "MRT: 176.339295 ms (davare), the smallest of ...; max-reaction 250 ms: holds" */
static void binding_row(xhtml *p, const char *key, bool have, int64_t ns, chain_bound b,
                        bool has_req, int64_t req, const char *req_name, bool undecided)
{
    line l = { .n = 0 };
    l.s[0] = '\0';
    if (have)
        ap(&l, "%s (%s, the smallest sound bound)", D(ns).s, chain_bound_name(b));
    else
        ap(&l, undecided ? "no bound yet (the work budget ran out)" : "no bound");
    if (has_req)
        ap(&l, "; %s %s: %s", req_name, D(req).s,
           have ? (ns <= req ? "holds" : "EXCEEDED")
                : undecided ? "undecided" : "cannot be shown to hold");
    else
        ap(&l, "; no %s required", req_name);
    xhtml_kv(p, key, l.s);
}

static void chain_block(xhtml *p, const rt_report *r, size_t ci)
{
    const rt_chain *c = &r->ts->chains[ci];
    const chain_result *x = &r->chains[ci];
    char id[40];
    snprintf(id, sizeof id, "chain-%zu", ci + 1);
    xhtml_open(p, "h3");
    xhtml_attr(p, "id", id);
    xhtml_textf(p, "Chain %s (%s communication, %zu tasks)", c->name,
                rt_taskset_comm_name(c->communication), c->n_tasks);
    xhtml_close(p);
    xhtml_nl(p);
    tasks_table(p, r, ci);
    bounds_table(p, r, ci);
    xhtml_open(p, "table");
    xhtml_attr(p, "class", "kv");
    binding_row(p, "Maximum reaction time", x->has_mrt, x->mrt_ns, x->binding_mrt,
                c->has_max_reaction, c->max_reaction_ns, "max-reaction", x->undecided);
    binding_row(p, "Maximum data age", x->has_mda, x->mda_ns, x->binding_mda, c->has_max_age,
                c->max_age_ns, "max-age", x->undecided);
    xhtml_close(p);
    xhtml_nl(p);
    char why[400];
    report_chains_reason(r, ci, why, sizeof why);
    xhtml_open(p, "div");
    xhtml_attr(p, "class", x->passes      ? "verdict pass"
                           : x->undecided ? "verdict undecided"
                                          : "verdict fail");
    if (x->passes)
        xhtml_textf(p, "Chain %s passes: it meets every requirement it has", c->name);
    else if (x->undecided)
        xhtml_textf(p, "Chain %s undecided: %s", c->name, why);
    else
        xhtml_textf(p, "Chain %s FAILS: %s", c->name, why);
    xhtml_close(p);
    xhtml_nl(p);
    bool let = c->communication == RT_COMM_LET;
    bool drawn = let ? x->status[CHAIN_LET_EXACT] == CHAIN_OK
                     : x->status[CHAIN_DAVARE] == CHAIN_OK &&
                       x->status[CHAIN_DURR_MRT] == CHAIN_OK &&
                       x->status[CHAIN_DURR_MDA] == CHAIN_OK;
    xhtml_open(p, "figure");
    if (drawn)
        xhtml_check(p, fig_chain(p->tw, r, ci));
    if (!drawn)
        xhtml_elf(p, "figcaption", NULL, "%s: no figure: %s.", c->name, let
                  ? "the LET bound was not computed" : "a bound was not computed");
    else if (let)
        xhtml_elf(p, "figcaption", NULL, "%s: the longest job chain the LET enumeration found, "
                  "from its first read (%s, drawn at 0) to its last write (%s), and every job's "
                  "LET window [read, read + D] of each task over that span. The enumeration "
                  "records those two instants only, so the jobs in between are not singled "
                  "out.", c->name, D(x->let_read_ns).s, D(x->let_write_ns).s);
    else
        xhtml_elf(p, "figcaption", NULL, "%s: no job chain is drawn: under implicit "
                  "communication the analysis computes bounds, not a concrete job chain. Each "
                  "bar is one bound's terms back to back in the order of its formula (T a "
                  "period, R a WCRT, I a hop term, T + I to a task where that beat R); the "
                  "bar's length is the bound.", c->name);
    xhtml_close(p);
    xhtml_nl(p);
}

void html_chains(xhtml *p, const rt_report *r, int number)
{
    if (!r->chains)
        return;
    char title[80];
    snprintf(title, sizeof title, "%d. Chains", number);
    xhtml_section(p, "chains", title, false);
    size_t nf = report_chains_failed(r);
    line l = { .n = 0 };
    l.s[0] = '\0';
    ap(&l, "Cause-effect chains (docs/chains.md): the maximum reaction time (MRT) and maximum "
       "data age (MDA) from the first task's input to the last task's output, bounded from the "
       "tasks' WCRTs R of section 4. Of the bounds that apply, the smallest binds. ");
    if (nf == 0)
        ap(&l, "Every chain meets its requirements.");
    else
        for (size_t ci = 0, k = 0; ci < r->ts->n_chains; ci++)
            if (!r->chains[ci].passes && !r->chains[ci].undecided)
                ap(&l, "%s%s", k++ ? ", " : "Failing: ", r->ts->chains[ci].name);
    xhtml_el(p, "p", NULL, l.s);
    summary(p, r);
    for (size_t ci = 0; ci < r->ts->n_chains; ci++)
        chain_block(p, r, ci);
    xhtml_end_section(p);
}
