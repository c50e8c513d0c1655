/* html_verdict: section 1 of the evidence report (docs/evidence.md sec. 2), the verdict: what
 * the run decided and its exit status, the search's layout and proof statement, the warnings. */
#include "report/html_verdict.h"

#include <inttypes.h>
#include <stdio.h>

#include "report/html_sections.h"
#include "report/report_chains.h"
#include "report/report_sizes.h"

/* The sizes the search was allowed (--deploy, --min-partition-sms; docs/assignment.md
 * sec. 12): no row when neither was given. */
static void sizes_row(xhtml *p, const rt_options *o, const rt_gpu *g)
{
    char why[160];
    report_sizes_why(o, why, sizeof why);
    if (o->part_min_sms > 0 || o->part_step_sms > 1)
        xhtml_kvf(p, "Partition sizes", "at least %" PRId64 " SMs, a multiple of %" PRId64
                  " SMs (%s): the layout, the bound and the proof are about such layouts only",
                  o->part_min_sms > g->granularity ? o->part_min_sms : g->granularity,
                  o->part_step_sms > 1 ? o->part_step_sms : g->granularity, why);
    else if (o->deploy != RT_DEPLOY_ANY)
        xhtml_kvf(p, "Partition sizes", "any multiple of the granularity (%" PRId64 " SMs), as "
                  "%s creates every TPC-aligned size", g->granularity,
                  rt_options_deploy_target_name(o->deploy));
}

static const char *proof_statement(const rt_report *r)
{
    if (!r->assign)
        return "given: the partitions and the mapping are those of the task set; no search ran.";
    switch (r->assign->status) {
    case ASSIGN_OPTIMAL:
        return "optimal: no layout with fewer SMs passes the analysis; the MIP search was "
               "exhaustive.";
    case ASSIGN_FEASIBLE:
        return "feasible: this layout passes the analysis, but a limit stopped the search before "
               "it proved that no layout with fewer SMs passes.";
    case ASSIGN_INFEASIBLE:
        return "infeasible: no partitioning of the task set passes the analysis; the MIP search "
               "was exhaustive.";
    case ASSIGN_UNKNOWN:
        return "unknown: a limit stopped the search before it found a schedulable layout or "
               "proved that none exists.";
    default:
        return "given.";
    }
}

static void warnings_of(xhtml *p, const rt_diags *d, size_t *n)
{
    for (size_t i = 0; d && i < rt_diag_count(d); i++) {
        const rt_diag *g = rt_diag_get(d, i);
        if (g->kind == RT_DIAG_ERROR)
            continue;
        xhtml_open(p, "p");
        xhtml_attr(p, "class", "warn");
        if (g->file && g->line)
            xhtml_textf(p, "%s:%ld: ", g->file, g->line);
        else if (g->file)
            xhtml_textf(p, "%s: ", g->file);
        xhtml_textf(p, "warning: %s", g->msg);
        xhtml_close(p);
        xhtml_nl(p);
        (*n)++;
    }
}

void html_verdict(xhtml *p, const rt_report *r)
{
    xhtml_section(p, "verdict", "1. Verdict", true);
    const assign_result *a = r->assign;
    char failing_words[300];
    size_t n = r->ts->n_tasks;
    xhtml_open(p, "div");
    if (report_budget_out(r)) {
        xhtml_attr(p, "class", "verdict undecided");
        if (r->budget->step == BUDGET_STEP_SENSITIVITY && r->eval && r->eval->decided)
            /* as the text report: the analysis decided; only the margins are missing */
            xhtml_textf(p, "UNDECIDED: the work budget of %llu units ran out in %s: no sensitivity "
                        "figures (the analysis itself: %s)",
                        (unsigned long long)r->budget->limit_units,
                        budget_step_text(r->budget->step),
                        r->eval->schedulable ? "every deadline holds" : "a deadline can be missed");
        else
            xhtml_textf(p, "UNDECIDED: the work budget of %llu units ran out in %s; no verdict",
                        (unsigned long long)r->budget->limit_units,
                        budget_step_text(r->budget->step));
    } else if (r->exit_status == 0) {
        xhtml_attr(p, "class", "verdict pass");
        xhtml_text(p, r->chains ? "SCHEDULABLE: every deadline holds under the model and every "
                                  "chain meets its requirements"
                                : "SCHEDULABLE: every deadline holds under the model");
    } else if (r->eval && r->eval->n_misses == 0 &&
               chain_failing_words(r->ts, r->chains, failing_words, sizeof failing_words) > 0) {
        xhtml_attr(p, "class", "verdict fail");
        xhtml_textf(p, "REQUIREMENTS NOT MET: every deadline holds; %s (section %d)",
                    failing_words, r->meas ? 9 : 8);
    } else if (a && a->status == ASSIGN_INFEASIBLE) {
        xhtml_attr(p, "class", "verdict fail");
        xhtml_text(p, "INFEASIBLE: no partitioning meets every deadline under the model");
    } else if (r->exit_status == 1) {
        xhtml_attr(p, "class", "verdict fail");
        xhtml_textf(p, "NOT SCHEDULABLE: %zu of %zu tasks can miss their deadline",
                    r->eval ? r->eval->n_misses : 0, n);
    } else {
        xhtml_attr(p, "class", "verdict undecided");
        xhtml_text(p, "UNDECIDED: the search stopped at a limit before finding a schedulable "
                      "layout");
    }
    xhtml_close(p);
    xhtml_nl(p);
    xhtml_open(p, "table");
    xhtml_attr(p, "class", "kv");
    static const char *const meaning[] = {
        "0: every deadline holds", "1: a deadline can be missed, or no partitioning meets them",
        "2: invalid input or usage",
        "3: undecided (a search limit or the work budget) or a solver failure"};
    int xs = report_exit_status(r);
    if (r->meas && r->meas->n_above)
        xhtml_kvf(p, "Exit status", "1: %zu of %zu measurements exceed their bound (section 8)",
                  r->meas->n_above, r->meas->n);
    else if (xs == 1 && r->chains)
        xhtml_kv(p, "Exit status", "1: a deadline can be missed or a chain fails its "
                                   "requirements");
    else
        xhtml_kv(p, "Exit status", meaning[xs >= 0 && xs <= 3 ? xs : 3]);
    xhtml_kvf(p, "Task set", "%s: %zu tasks, %zu kernels", r->ts->name ? r->ts->name : "", n,
              r->ts->n_kernels);
    xhtml_kvf(p, "GPU", "%s: %" PRId64 " SMs", r->gpu->name ? r->gpu->name : "", r->gpu->sms);
    if (r->eval) {
        char misses[900] = "";
        size_t len = 0;
        for (size_t i = 0; i < n && len < sizeof misses - 1; i++)
            if (!r->eval->rta[i].schedulable && r->eval->rta[i].status != RTA_BUDGET)
                len += (size_t)snprintf(misses + len, sizeof misses - len, "%s%s",
                                        len ? ", " : "", name_of(r, i));
        xhtml_kv(p, "Missed deadlines", len ? misses : "none");
    }
    if (r->chains) {
        char failing[900] = "";
        size_t len = 0;
        for (size_t c = 0; c < r->ts->n_chains && len < sizeof failing - 1; c++)
            if (!r->chains[c].passes && !r->chains[c].undecided)
                len += (size_t)snprintf(failing + len, sizeof failing - len, "%s%s",
                                        len ? ", " : "", r->ts->chains[c].name);
        xhtml_kvf(p, "Chains failing", "%s (of %zu chains; section %d)",
                  len ? failing : "none", r->ts->n_chains, r->meas ? 9 : 8);
    }
    if (a) {
        char used[64] = "no schedulable layout";
        if (a->layout)
            snprintf(used, sizeof used, "%" PRId64 " of %" PRId64 " SMs used", a->sms_used,
                     r->gpu->sms);
        char secs[40] = "";   /* no wall-clock seconds under SOURCE_DATE_EPOCH */
        if (report_wall_times(r))
            snprintf(secs, sizeof secs, ", %.3f s", a->seconds);
        xhtml_kvf(p, "Assignment", "search (%s): %s; %ld MIP solves%s%s%s",
                  rt_options_objective_name(r->o->objective), used, a->iterations, secs,
                  a->hit_time_limit ? ", time limit hit" : "",
                  a->hit_iteration_limit ? ", iteration limit hit" : "");
    } else {
        xhtml_kv(p, "Assignment", "given by the task set");
    }
    if (a)
        sizes_row(p, r->o, r->gpu);
    xhtml_kv(p, "Proof statement", proof_statement(r));
    xhtml_close(p);
    xhtml_nl(p);
    xhtml_el(p, "h3", NULL, "Warnings");
    size_t nw = 0;
    if (r->eval && !r->eval->exhaustive) {
        xhtml_el(p, "p", "warn", "The co-runner combinations of some launch exceed the combination "
                                 "cap: its bound is the coarser sound fallback (2 I(S_max) or 1 + "
                                 "f), not the exhaustive maximum (exhaustive: false).");
        nw++;
    }
    warnings_of(p, r->diags, &nw);
    warnings_of(p, r->search_diags, &nw);
    if (nw == 0)
        xhtml_el(p, "p", NULL, "None.");
    xhtml_end_section(p);
}
