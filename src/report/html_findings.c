/* html_findings: the sections of the evidence report that give the analysis's answer and how it
 * was reached (docs/evidence.md sec. 2): 1. the verdict, 4. the results per partition and task
 * (with the sensitivity and the block-level models), 5. the derivations, 6. the figures. They
 * show what the analysis, the sensitivity and the search computed; they compute nothing. */
#include "report/html_sections.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "report/fig_kernel.h"
#include "report/fig_scenario.h"
#include "report/report_chains.h"

/* ------------------------------------------------------------------ 1. verdict */

/* The sizes the search was allowed (--deploy, --min-partition-sms; docs/assignment.md
 * sec. 12): no row when neither was given. */
static void sizes_row(xhtml *p, const rt_options *o, const rt_gpu *g)
{
    char why[160];
    if (o->deploy != RT_DEPLOY_ANY && o->min_partition_sms > 0)
        snprintf(why, sizeof why, "--deploy %s, --min-partition-sms %" PRId64,
                 rt_deploy_target_name(o->deploy), o->min_partition_sms);
    else if (o->deploy != RT_DEPLOY_ANY)
        snprintf(why, sizeof why, "--deploy %s", rt_deploy_target_name(o->deploy));
    else
        snprintf(why, sizeof why, "--min-partition-sms %" PRId64, o->min_partition_sms);
    if (o->part_min_sms > 0 || o->part_step_sms > 1)
        xhtml_kvf(p, "Partition sizes", "at least %" PRId64 " SMs, a multiple of %" PRId64
                  " SMs (%s): the layout, the bound and the proof are about such layouts only",
                  o->part_min_sms > g->granularity ? o->part_min_sms : g->granularity,
                  o->part_step_sms > 1 ? o->part_step_sms : g->granularity, why);
    else if (o->deploy != RT_DEPLOY_ANY)
        xhtml_kvf(p, "Partition sizes", "any multiple of the granularity (%" PRId64 " SMs), as "
                  "%s creates every TPC-aligned size", g->granularity,
                  rt_deploy_target_name(o->deploy));
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
    for (size_t i = 0; d && i < rt_diags_count(d); i++) {
        const rt_diag *g = rt_diags_get(d, i);
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
    } else if (r->eval && r->eval->n_misses == 0 && report_chains_failed(r) > 0) {
        xhtml_attr(p, "class", "verdict fail");
        xhtml_textf(p, "NOT SCHEDULABLE: every deadline holds, but %zu of %zu chains fail their "
                       "requirements (section %d)", report_chains_failed(r), r->ts->n_chains,
                    r->meas ? 9 : 8);
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
                  rt_objective_name(r->o->objective), used, a->iterations, secs,
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

/* ------------------------------------------------------------------ 4. results */

/* The task table of partition k, or of the CPU tasks (no partition) when k is SIZE_MAX. */
static void results_partition(xhtml *p, const rt_report *r, size_t k)
{
    const rt_layout *l = r->layout;
    const sens_result *s = r->sens;
    /* a whole system: R is end to end, C and B belong to its steps (section 5) */
    bool sys = r->eval->system != NULL;
    if (k == SIZE_MAX)
        xhtml_el(p, "h3", NULL, "CPU tasks (no partition)");
    else
        xhtml_elf(p, "h3", NULL, "Partition %s: SMs %" PRId64 "-%" PRId64 " (%" PRId64 " SMs)",
                  l->part_name[k], l->part_first_sm[k], l->part_first_sm[k] + l->part_sms[k] - 1,
                  l->part_sms[k]);
    xhtml_open(p, "table");
    xhtml_head_row(p, "lrrrrrrrrl", (const char *const[]){"task", "prio", "T", "D", "C", "B", "R",
                                                          "slack D-R", "WCET headroom", "verdict",
                                                          NULL});
    xhtml_nl(p);
    for (size_t i = 0; i < l->n_tasks; i++) {
        if (k == SIZE_MAX ? l->task_part[i] < l->n_parts : l->task_part[i] != k)
            continue;
        const rt_task *t = &r->ts->tasks[i];
        const rta_result *res = &r->eval->rta[i];
        bool bounded = res->status == RTA_BOUNDED;
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", t->name);
        xhtml_elf(p, "td", NULL, "%" PRId64, l->task_prio[i]);
        xhtml_el(p, "td", NULL, D(t->period_ns).s);
        xhtml_el(p, "td", NULL, D(t->deadline_ns).s);
        xhtml_el(p, "td", NULL, sys ? "-" : D(r->eval->wcet.tasks[i].wcet_ns).s);
        xhtml_el(p, "td", NULL, sys ? "-" : D(res->blocking_ns).s);
        xhtml_el(p, "td", NULL, bounded ? D(res->wcrt_ns).s : rta_unbounded_word(res->status));
        xhtml_el(p, "td", NULL, bounded ? D(t->deadline_ns - res->wcrt_ns).s : "-");
        xhtml_el(p, "td", NULL, s && s->tasks[i].has_headroom ? D(s->tasks[i].headroom_ns).s
                                : sys ? "-" : "none");
        xhtml_el(p, "td", res->schedulable ? "l ok" : res->status == RTA_BUDGET ? "l open"
                                                                                : "l miss",
                 rta_verdict_word(res->status, res->schedulable));
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

static void fmt_k(int64_t k, char *buf, size_t size)
{
    snprintf(buf, size, "%" PRId64 ".%04" PRId64, k / SENS_UNIT, k % SENS_UNIT);
}

/* A whole system's WCET headroom per step (docs/evidence.md sec. 1, "Whole systems"). */
static void step_headrooms(xhtml *p, const rt_report *r)
{
    const sens_result *s = r->sens;
    const rt_system *sys = r->eval->system;
    if (!sys || !s)   /* the caller's: a whole system with its sensitivity */
        return;
    char nb[32];
    if (!sys)
        return;                 /* s->system is only set with it */
    xhtml_el(p, "p", NULL, "WCET headroom of each step: the largest d (exact, 1 ns) such that "
                           "C_s + d (a GPU step: its last launch + d), every other WCET "
                           "unchanged, keeps every end-to-end deadline.");
    xhtml_open(p, "table");
    xhtml_head_row(p, "lrllrr", (const char *const[]){ "task", "step", "kind", "resource", "C",
                                                       "WCET headroom", NULL });
    xhtml_nl(p);
    for (size_t i = 0; i < s->n_tasks; i++) {
        const hol_task *ht = &sys->tasks[i];
        const rt_task *tk = &r->ts->tasks[i];
        for (size_t k = 0; k < ht->n_steps; k++) {
            size_t x = ht->first_step + k;
            const hol_step *h = &sys->steps[x];
            xhtml_open(p, "tr");
            xhtml_el(p, "td", "l", k == 0 ? tk->name : "");
            xhtml_elf(p, "td", NULL, "%zu", k + 1);
            xhtml_el(p, "td", "l", tk->n_steps ? rt_step_kind_name(tk->steps[k].kind) : "gpu");
            xhtml_el(p, "td", "l", rt_system_resource_name(sys, r->gpu, r->layout, h->resource,
                                                           nb, sizeof nb));
            xhtml_el(p, "td", NULL, D(h->wcet_ns).s);
            xhtml_el(p, "td", NULL, s->steps[x].has_headroom ? D(s->steps[x].headroom_ns).s
                                                             : "none (a deadline misses)");
            xhtml_close(p);
            xhtml_nl(p);
        }
    }
    xhtml_close(p);
    xhtml_nl(p);
}

static void sensitivity_block(xhtml *p, const rt_report *r)
{
    const sens_result *s = r->sens;
    const rt_layout *l = r->layout;
    char k[32];
    xhtml_el(p, "h3", NULL, "Sensitivity (docs/evidence.md sec. 1)");
    xhtml_elf(p, "p", NULL, "Every figure below was checked by analysing the changed system "
              "(%" PRIu64 " candidate analyses%s): the value passes and the next step beyond it "
              "fails.",
              s->analyses, s->exhaustive ? "" : "; some NOT exhaustive: combination cap hit");
    xhtml_open(p, "table");
    xhtml_attr(p, "class", "kv");
    if (s->system && s->has_scaling) {
        fmt_k(s->scaling_k, k, sizeof k);
        xhtml_kvf(p, "Critical scaling factor", "%s%s: every step's WCET (CPU, copy, every GPU "
                  "launch) w becomes ceil(a w), the best cases as given; precision 1e-4, rounded "
                  "down", s->scaling_k == SENS_SCALE_MAX_K ? "at least " : "", k);
    } else if (s->system) {
        fmt_k(s->scaling_min_k, k, sizeof k);
        xhtml_kvf(p, "Critical scaling factor", "none: a deadline is missed even at %s, the "
                  "smallest factor that keeps every WCET at least its best case", k);
    } else if (s->has_scaling) {
        fmt_k(s->scaling_k, k, sizeof k);
        xhtml_kvf(p, "Critical scaling factor", "%s%s: every launch WCET w becomes ceil(a w); "
                  "precision 1e-4, rounded down",
                  s->scaling_k == SENS_SCALE_MAX_K ? "at least " : "", k);
    } else {
        xhtml_kv(p, "Critical scaling factor", "none: a deadline is missed even with zero WCETs");
    }
    if (s->has_margin) {
        fmt_k(s->margin_k, k, sizeof k);
        xhtml_kvf(p, "Largest margin", "%s%s (analysed with %s); precision 1e-4, rounded down",
                  s->margin_k == SENS_MARGIN_MAX_K ? "at least " : "", k, R(r->o->margin).s);
    } else {
        xhtml_kv(p, "Largest margin", "none: a deadline is missed even with margin 0");
    }
    for (size_t q = 0; q < s->n_parts; q++) {
        char key[300];
        snprintf(key, sizeof key, "Smallest size of %s", l->part_name[q]);
        if (s->has_min_sms[q])
            xhtml_kvf(p, key, "%" PRId64 " SMs (now %" PRId64 "; other partitions and the mapping "
                      "unchanged)", s->min_sms[q], l->part_sms[q]);
        else if (s->scan_last_sms[q] < s->scan_first_sms[q])
            xhtml_kvf(p, key, "none: the other partitions leave fewer than %" PRId64 " SMs",
                      s->scan_first_sms[q]);
        else
            xhtml_kvf(p, key, "none passes in %" PRId64 "..%" PRId64 " SMs (a larger size would "
                      "overlap the other partitions; other partitions and the mapping unchanged)",
                      s->scan_first_sms[q], s->scan_last_sms[q]);
    }
    xhtml_close(p);
    xhtml_nl(p);
    if (s->system) {
        step_headrooms(p, r);
        return;
    }
    xhtml_el(p, "p", NULL, "WCET headroom: the largest d (exact, 1 ns) such that C_i + d keeps "
                           "every deadline of the task's partition, everything else unchanged.");
}

static void explanation(xhtml *p, const rt_report *r, size_t i)
{
    const sens_task *t = &r->sens->tasks[i];
    const sens_job *j = &t->job;
    const sens_explain *x = t->explain;
    size_t q = r->layout->task_part[i];
    xhtml_elf(p, "h3", NULL, "Why %s misses its deadline", name_of(r, i));
    xhtml_open(p, "table");
    xhtml_attr(p, "class", "kv");
    if (r->sens->system) {      /* end to end: its flow (above and section 5) gives each step */
        if (x->bounded)
            xhtml_kv(p, "R - D, end to end", D(x->excess_ns).s);
        else
            xhtml_kv(p, "Response time", "unbounded end to end: its flow says at which step");
    } else if (j->bounded) {
        xhtml_kv(p, "R - D", D(x->excess_ns).s);
        xhtml_kvf(p, "Worst job", "q = %" PRId64, j->q);
        xhtml_kv(p, "Jitter J", D(j->jitter_ns).s);
        xhtml_kvf(p, "Blocking B", "%s%s%s", D(j->blocking_ns).s,
                  j->blocking_task == SIZE_MAX ? "" : " by ",
                  j->blocking_task == SIZE_MAX ? "" : name_of(r, j->blocking_task));
        xhtml_kv(p, "Earlier own jobs q C", D(j->own_earlier_ns).s);
        for (size_t h = 0; h < j->n_hp; h++) {
            char key[300];
            snprintf(key, sizeof key, "Higher priority %s", name_of(r, j->hp[h].task));
            xhtml_kvf(p, key, "%" PRId64 " jobs: %s", j->hp[h].jobs, D(j->hp[h].ns).s);
        }
        xhtml_kv(p, "Own WCET C", D(j->own_ns).s);
        xhtml_kv(p, "minus q T", D(j->release_offset_ns).s);
        xhtml_kv(p, "R = J + B + q C + hp + C - q T", D(j->wcrt_ns).s);
    } else {
        xhtml_kv(p, "Response time", "unbounded: the utilisation of the task and those of higher "
                                     "or equal priority reaches 1, or a fixpoint passed its bound");
    }
    xhtml_kv(p, "Without interference",
             !x->without_intf_bounded ? "R still unbounded"
             : x->without_intf_meets ? "the deadline holds: interference causes this miss"
                                     : "still a miss: interference alone does not cause it");
    if (x->without_intf_bounded)
        xhtml_kv(p, "R without interference", D(x->without_intf_ns).s);
    if (q >= r->layout->n_parts) {
        xhtml_kv(p, "Size at which it passes", "none: a CPU task, no partition size changes its "
                                               "own steps");
        xhtml_close(p);
        xhtml_nl(p);
        return;
    }
    if (t->has_pass_sms)
        xhtml_kvf(p, "Size at which it passes", "%s with %" PRId64 " SMs (now %" PRId64 "; the "
                  "other partitions and the mapping unchanged)", r->layout->part_name[q],
                  t->pass_sms, r->layout->part_sms[q]);
    else
        xhtml_kvf(p, "Size at which it passes",
                  "none: no size of %s alone makes it meet its deadline", r->layout->part_name[q]);
    if (r->sens->has_min_sms[q])
        xhtml_kvf(p, "Size at which every deadline holds", "%s with %" PRId64 " SMs",
                  r->layout->part_name[q], r->sens->min_sms[q]);
    else
        xhtml_kvf(p, "Size at which every deadline holds", "none by resizing %s alone",
                  r->layout->part_name[q]);
    xhtml_close(p);
    xhtml_nl(p);
}

/* The block-level models (docs/concurrency.md): occupancy, the leftover check per partition,
 * the launch mapping; notes beside the verdict, computed in analysis/concurrency.c. */
static void limiting_cell(xhtml *p, unsigned lim)
{
    char buf[160] = "";
    size_t n = 0;
    for (int f = 0; f < OCC_N_FACTORS && n < sizeof buf; f++)
        if (lim & (1u << f))
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", n ? ", " : "",
                                  occ_factor_name((occ_factor)f));
    xhtml_el(p, "td", "l", buf);
}

static void conc_occupancy(xhtml *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    bool any = false;
    for (size_t k = 0; k < c->n_kernels; k++)
        any |= c->has_occ[k];
    if (!any)
        return;
    xhtml_el(p, "h4", NULL, "Occupancy (isolated, per SM)");
    xhtml_open(p, "table");
    xhtml_head_row(p, "lrlrrrr", (const char *const[]){"kernel", "blocks/SM", "limited by",
                                           "occupancy", "warps/block", "registers/block",
                                           "shared memory/block (bytes)", NULL});
    for (size_t k = 0; k < c->n_kernels; k++) {
        if (!c->has_occ[k])
            continue;
        const occ_result *o = &c->occ[k];
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", r->ts->kernels[k].name);
        xhtml_elf(p, "td", NULL, "%" PRId64, o->active_blocks);
        limiting_cell(p, o->limiting);
        xhtml_elf(p, "td", NULL, "%" PRId64 "/%" PRId64, o->occ_num, o->occ_den);
        xhtml_elf(p, "td", NULL, "%" PRId64, o->d.warps);
        xhtml_elf(p, "td", NULL, "%" PRId64 "%s", o->d.registers,
                  o->d.registers_assumed ? " (not given: 0)" : "");
        xhtml_elf(p, "td", NULL, "%" PRId64 "%s", o->d.shared_memory_block,
                  o->d.shared_memory_assumed ? " (not given: 0)" : "");
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

static void conc_leftover(xhtml *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    if (!c->has_sm || c->n_notes == 0)
        return;
    xhtml_elf(p, "h4", NULL, "Leftover check (Cruz et al., blocks %s)",
              lo_distribution_name(c->distribution));
    xhtml_open(p, "table");
    xhtml_head_row(p, "lrrrl", (const char *const[]){"partition", "SMs", "kernels launched",
                                         "ordered pairs that would overlap", "note", NULL});
    for (size_t i = 0; i < c->n_notes; i++) {
        const conc_note *n = &c->notes[i];
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", n->partition ? n->partition : "GPU");
        xhtml_elf(p, "td", NULL, "%" PRId64, n->sms);
        xhtml_elf(p, "td", NULL, "%zu", n->n_kernels);
        if (n->over_cap)
            xhtml_elf(p, "td", NULL, "not checked (over %d pairs)", CONC_MAX_PAIRS);
        else if (n->n_pairs == 0)
            xhtml_el(p, "td", NULL, "-");
        else
            xhtml_elf(p, "td", NULL, "%zu of %zu", n->n_overlap, n->n_pairs);
        xhtml_el(p, "td", "l",
                 n->over_cap ? "too many pairs to check"
                 : n->n_pairs == 0 ? "fewer than two kernels: no pair to check"
                 : n->n_overlap ? "on separate streams some kernels would run together; the "
                                  "analysis serializes a partition's launches, so the verdict "
                                  "stands"
                                : "no pair would overlap (all case C)");
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

/* Every ordered pair k1 -> k2 checked, folded: case and k2's slowdown (Cruz et al.). */
static void conc_pairs(xhtml *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    if (!c->has_sm || c->n_pairs == 0)
        return;
    xhtml_open(p, "details");
    xhtml_elf(p, "summary", NULL, "all %zu ordered pairs", c->n_pairs);
    xhtml_open(p, "table");
    xhtml_head_row(p, "llllr", (const char *const[]){"k1 (first)", "k2 (second)", "partition",
                                                     "case", "k2 slowdown", NULL});
    for (size_t i = 0; i < c->n_pairs; i++) {
        const conc_pair *q = &c->pairs[i];
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", r->ts->kernels[q->first].name);
        xhtml_el(p, "td", "l", r->ts->kernels[q->second].name);
        xhtml_elf(p, "td", "l", "%s (%" PRId64 " SMs)", q->partition ? q->partition : "GPU",
                  q->sms);
        if (q->range_error) {
            xhtml_el(p, "td", "l", "not computed (64-bit overflow)");
            xhtml_el(p, "td", NULL, "-");
        } else {
            xhtml_el(p, "td", "l", lo_case_name(q->r.kase));
            if (q->r.has_slowdown)
                xhtml_elf(p, "td", NULL, "%" PRId64 "/%" PRId64 " (%.3f)", q->r.slowdown_num,
                          q->r.slowdown_den, q->r.slowdown);
            else
                xhtml_el(p, "td", NULL, "-");
        }
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_close(p);
    xhtml_nl(p);
}

static void conc_maps(xhtml *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    if (c->n_maps == 0)
        return;
    xhtml_el(p, "h4", NULL, "Launch mapping (Janzen et al.)");
    xhtml_open(p, "table");
    xhtml_head_row(p, "llrrrr", (const char *const[]){"kernel", "partition (SMs)", "blocks/SM",
                                          "launched blocks", "workers", "rounds", NULL});
    for (size_t i = 0; i < c->n_maps; i++) {
        const conc_mapping *mp = &c->maps[i];
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", r->ts->kernels[mp->kernel].name);
        xhtml_elf(p, "td", "l", "%s (%" PRId64 "-%" PRId64 ")",
                  mp->partition ? mp->partition : "GPU", mp->first_sm,
                  mp->first_sm + mp->sms - 1);
        if (mp->range_error) {
            xhtml_el(p, "td", NULL, "-");
            xhtml_el(p, "td", NULL, "-");
            xhtml_el(p, "td", NULL, "-");
            xhtml_el(p, "td", NULL, "not computed (64-bit overflow)");
        } else {
            xhtml_elf(p, "td", NULL, "%" PRId64, mp->m.blocks_per_sm);
            xhtml_elf(p, "td", NULL, "%" PRId64, mp->m.launched_blocks);
            xhtml_elf(p, "td", NULL, "%" PRId64, mp->m.workers);
            xhtml_elf(p, "td", NULL, "%" PRId64, mp->m.rounds);
        }
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

/* The skipped models, folded as in the text report: one paragraph per model and reason. */
static void conc_skips(xhtml *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    for (size_t i = 0; i < c->n_skips; i++) {
        const conc_skip *s = &c->skips[i];
        if (s->kernel < 0) {
            xhtml_elf(p, "p", NULL, "Not computed: %s: %s.", s->model, s->reason);
            continue;
        }
        bool seen = false;
        size_t n = 0, len = 0;
        char names[4096];
        names[0] = '\0';
        for (size_t j = 0; j < c->n_skips; j++) {
            const conc_skip *o = &c->skips[j];
            if (o->kernel < 0 || strcmp(o->model, s->model) != 0 || strcmp(o->reason, s->reason) != 0)
                continue;
            seen |= j < i;
            if (len < sizeof names)
                len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", n ? ", " : "",
                                        r->ts->kernels[o->kernel].name);
            n++;
        }
        if (seen)
            continue;
        if (len >= sizeof names)
            snprintf(names + sizeof names - 5, 5, "...");
        xhtml_elf(p, "p", NULL, "Not computed: %s for %s %s: %s.", s->model,
                  n == 1 ? "kernel" : "kernels", names, s->reason);
    }
}

static void conc_block(xhtml *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    if (!c)
        return;
    xhtml_el(p, "h3", NULL, "Block-level notes");
    xhtml_el(p, "p", NULL, "How the hardware would place the kernels' thread blocks (the models of "
                           "docs/concurrency.md). These are notes beside the verdict: none of them "
                           "changes a WCET or a response time above.");
    conc_occupancy(p, r);
    conc_leftover(p, r);
    conc_pairs(p, r);
    conc_maps(p, r);
    conc_skips(p, r);
}

void html_results(xhtml *p, const rt_report *r)
{
    xhtml_section(p, "results", "4. Results", false);
    if (!r->layout || !r->eval) {
        xhtml_el(p, "p", NULL, "No layout was analysed: the search found no schedulable layout.");
        xhtml_end_section(p);
        return;
    }
    for (size_t k = 0; k < r->layout->n_parts; k++)
        results_partition(p, r, k);
    if (r->eval->system) {
        bool cpu_tasks = false;
        for (size_t i = 0; i < r->layout->n_tasks; i++)
            cpu_tasks |= r->layout->task_part[i] >= r->layout->n_parts;
        if (cpu_tasks)
            results_partition(p, r, SIZE_MAX);
        xhtml_el(p, "p", NULL, "A whole system: R is end to end (from the job's nominal release "
                               "to the completion of its last step); C and B belong to each "
                               "step (below and section 5).");
        html_flows(p, r);
    }
    if (r->sens) {
        sensitivity_block(p, r);
        for (size_t i = 0; i < r->ts->n_tasks; i++)
            if (r->sens->tasks[i].explain)
                explanation(p, r, i);
    }
    conc_block(p, r);
    xhtml_end_section(p);
}

/* ------------------------------------------------------------------ 5. derivations */

static void window_row(xhtml *p, const rt_report *r, const wcet_window *w)
{
    xhtml_open(p, "tr");
    xhtml_elf(p, "td", NULL, "[%s, %s)", R(w->start_cycles).s, R(w->end_cycles).s);
    xhtml_open(p, "td");
    xhtml_attr(p, "class", "l");
    for (size_t i = 0; i < w->n_kernels; i++)
        xhtml_textf(p, "%s%s", i ? " + " : "", r->ts->kernels[w->kernels[i]].name);
    xhtml_close(p);
    xhtml_el(p, "td", "l",
             r->o->windows == RT_WINDOWS_WORST_CASE ? intf_case_name(w->sup_case) : "-");
    xhtml_el(p, "td", NULL, R(w->bw_gbps).s);
    xhtml_el(p, "td", NULL, R(w->I).s);
    xhtml_el(p, "td", NULL, R(w->Pi).s);
    xhtml_el(p, "td", NULL, R(w->M).s);
    xhtml_close(p);
    xhtml_nl(p);
}

static void launch_derivation(xhtml *p, const rt_report *r, size_t i, size_t j)
{
    const wcet_launch *ln = &r->eval->wcet.tasks[i].launches[j];
    const model_point *pt = model_at(r->m, ln->kernel, ln->sms);
    xhtml_elf(p, "p", NULL, "Run %zu: kernel %s on %" PRId64 " SMs: C(k,n) = %s cycles (source %s; "
              "bandwidth %s GB/s, source %s)%s", j + 1, r->ts->kernels[ln->kernel].name, ln->sms,
              R(ln->isolated_cycles).s, model_source_name(pt->source), R(pt->bw_gbps).s,
              model_source_name(pt->bw_source),
              ln->exhaustive ? "" : "; NOT exhaustive: combination cap hit, fallback bound");
    xhtml_open(p, "table");
    xhtml_head_row(p, "rllrrrr", (const char *const[]){"window (cycles)", "kernels K(w): S*",
                                                       "case", "B(w) GB/s", "I", "Pi", "M", NULL});
    for (size_t w = 0; w < ln->n_windows; w++)
        window_row(p, r, &ln->windows[w]);
    xhtml_close(p);
    xhtml_nl(p);
    xhtml_open(p, "pre");
    xhtml_textf(p, "Tc(k,n,W) = sum of size(w) * M(k,w) = %s cycles (M = Tc / C = %s)\n"
                "WCET = ceil((1 + margin) * Tc * 1000 / f) + launch overhead\n"
                "     = ceil((1 + %s) * %s * 1000 / %s) + %" PRId64 " ns = %" PRId64 " ns (%s)",
                R(ln->interference_cycles).s, R(ln->multiplier).s, R(r->o->margin).s,
                R(ln->interference_cycles).s, R(r->gpu->clock_mhz).s, r->gpu->launch_overhead_ns,
                ln->wcet_ns, D(ln->wcet_ns).s);
    xhtml_close(p);
    xhtml_nl(p);
}

static void steps_table(xhtml *p, const rta_result *res)
{
    xhtml_open(p, "table");
    xhtml_head_row(p, "rrr",
                   (const char *const[]){"q", "w(q) ns", "R(q) = J + w - qT + C ns", NULL});
    for (size_t s = 0; s < res->n_steps; s++) {
        xhtml_open(p, "tr");
        xhtml_elf(p, "td", NULL, "%" PRId64, res->steps[s].q);
        xhtml_elf(p, "td", NULL, "%" PRId64, res->steps[s].w_ns);
        xhtml_elf(p, "td", NULL, "%" PRId64, res->steps[s].r_ns);
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

static void rta_derivation(xhtml *p, const rt_report *r, size_t i)
{
    const rta_result *res = &r->eval->rta[i];
    const rt_task *t = &r->ts->tasks[i];
    xhtml_open(p, "pre");
    xhtml_textf(p, "C = %" PRId64 " ns, T = %" PRId64 " ns, D = %" PRId64 " ns, J = %" PRId64
                " ns, B = max C of lower priority = %" PRId64 " ns",
                r->eval->wcet.tasks[i].wcet_ns, t->period_ns, t->deadline_ns, t->jitter_ns,
                res->blocking_ns);
    if (res->status == RTA_BOUNDED)
        xhtml_textf(p, "\nbusy period t = %" PRId64 " ns, Q = ceil((t + J) / T) = %" PRId64
                    " jobs\nR = max over q of R(q) = %" PRId64 " ns (q = %" PRId64 ")",
                    res->busy_ns, res->q_jobs, res->wcrt_ns, res->worst_q);
    else
        xhtml_textf(p, "\nresponse time %s: %s", rta_unbounded_word(res->status),
                    rta_status_name(res->status));
    xhtml_close(p);
    xhtml_nl(p);
    if (res->status != RTA_BOUNDED || res->n_steps == 0)
        return;
    if (res->n_steps <= FOLD_ROWS) {
        steps_table(p, res);
        return;
    }
    xhtml_open(p, "details");
    xhtml_elf(p, "summary", NULL, "all %zu jobs of the busy period", res->n_steps);
    steps_table(p, res);
    xhtml_close(p);
    xhtml_nl(p);
}

void html_derivations(xhtml *p, const rt_report *r)
{
    xhtml_section(p, "derivations", "5. Derivations", false);
    if (!r->eval) {
        xhtml_el(p, "p", NULL, "No layout was analysed.");
        xhtml_end_section(p);
        return;
    }
    xhtml_el(p, "p", NULL, "Every operand of every WCET and response time, in the order the "
                           "analysis computed them (docs/model.md, docs/analysis.md).");
    for (size_t i = 0; i < r->ts->n_tasks; i++) {
        size_t k = r->layout->task_part[i];
        if (k < r->layout->n_parts)
            xhtml_elf(p, "h3", NULL, "%s (partition %s)", name_of(r, i),
                      r->layout->part_name[k]);
        else
            xhtml_elf(p, "h3", NULL, "%s (CPU task: no partition)", name_of(r, i));
        for (size_t j = 0; j < r->eval->wcet.tasks[i].n_launches; j++)
            launch_derivation(p, r, i, j);
        if (r->eval->system) {   /* a whole system: step by step (docs/system.md sec. 3) */
            html_step_derivations(p, r, i);
            continue;
        }
        xhtml_elf(p, "p", NULL, "C = sum of the launch WCETs = %" PRId64 " ns",
                  r->eval->wcet.tasks[i].wcet_ns);
        rta_derivation(p, r, i);
    }
    xhtml_end_section(p);
}

/* ------------------------------------------------------------------ 6. figures */

void html_figures(xhtml *p, const rt_report *r)
{
    xhtml_section(p, "figures", "6. Figures", false);
    if (r->eval && r->sens && !r->sens->system) {
        xhtml_el(p, "h3", NULL, "Worst-case scenario of each task's critical job");
        for (size_t i = 0; i < r->ts->n_tasks; i++) {
            xhtml_open(p, "figure");
            if (r->sens->tasks[i].job.bounded) {
                xhtml_check(p, fig_scenario(p->tw, r, i));
                xhtml_elf(p, "figcaption", NULL, "%s: its critical job (q = %" PRId64 ") as the "
                          "response-time analysis accounts for it: the blocking job, then the "
                          "earlier jobs of %s and the higher-priority jobs (shown back to back in "
                          "priority order; any order gives the same finish), then the job itself.",
                          name_of(r, i), r->sens->tasks[i].job.q, name_of(r, i));
            } else {
                xhtml_elf(p, "figcaption", NULL, "%s: no scenario: its response time is unbounded.",
                          name_of(r, i));
            }
            xhtml_close(p);
            xhtml_nl(p);
        }
    }
    if (r->eval && r->eval->system)
        xhtml_el(p, "p", NULL, "A whole system: each flow is drawn on its timeline in section 4 "
                               "(no single critical-job scenario covers several resources).");
    xhtml_el(p, "h3", NULL, "Isolated scaling of each kernel");
    for (size_t k = 0; k < r->ts->n_kernels; k++) {
        xhtml_open(p, "figure");
        xhtml_check(p, fig_kernel_curves(p->tw, r, k));
        xhtml_elf(p, "figcaption", NULL, "%s: C(k,n) and BW(k,n) for every allowed partition "
                  "size n (docs/model.md sec. 2); black dots are measured points.",
                  r->ts->kernels[k].name);
        xhtml_close(p);
        xhtml_nl(p);
    }
    if (r->assign)
        xhtml_el(p, "p", NULL, "The layouts tried by the search are not recorded by this "
                               "version; the search's result and proof statement are in section "
                               "1.");
    xhtml_end_section(p);
}
