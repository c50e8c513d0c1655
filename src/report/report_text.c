/* report_text: the human-readable report: verdict first, then partitions, kernels, launches. */
#include "report/report.h"
#include "report/report_chains.h"
#include "report/report_concurrency.h"
#include "report/report_sizes.h"
#include "util/textesc.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* A duration and a real for people, as values inside one printf (util/fmt.h). */
#define D(ns) fmt_dur_of(ns)
#define R(x) fmt_real_of(x)

static size_t name_width(const rt_taskset *ts)
{
    size_t w = 4;
    for (size_t i = 0; i < ts->n_tasks; i++)
        if (strlen(ts->tasks[i].name) > w)
            w = strlen(ts->tasks[i].name);
    return w > 40 ? 40 : w;
}

#define MISSES_NAMED 10   /* tasks named on the verdict's "Misses:" line */

static void verdict_line(const rt_report *r, FILE *out)
{
    const assign_result *a = r->assign;
    size_t n = r->ts->n_tasks;
    if (report_budget_out(r)) {
        fprintf(out, "UNDECIDED: the work budget of %llu units ran out in %s",
                (unsigned long long)r->budget->limit_units, budget_step_text(r->budget->step));
        if (r->budget->task < n)
            fprintf(out, " at task \"%s\"", r->ts->tasks[r->budget->task].name);
        if (r->eval && r->eval->n_undecided)
            fprintf(out, "; %zu of %zu tasks undecided", r->eval->n_undecided, n);
        if (r->budget->step == BUDGET_STEP_SENSITIVITY && r->eval && r->eval->decided)
            fprintf(out, ": no sensitivity figures (the analysis itself: %s)",
                    r->eval->schedulable ? "every deadline holds" : "a deadline can be missed");
        else
            fprintf(out, "; no verdict (a larger --budget may decide it)");
    } else if (r->exit_status == 0 && r->chains)
        fprintf(out, "SCHEDULABLE: every deadline holds and every chain meets its requirements");
    else if (r->exit_status == 0)
        fprintf(out, "SCHEDULABLE: every deadline holds");
    else if (r->eval && r->eval->n_misses == 0 && report_chains_failed(r) > 0)
        fprintf(out, "NOT SCHEDULABLE: every deadline holds, but %zu of %zu chains fail their "
                     "requirements", report_chains_failed(r), r->ts->n_chains);
    else if (a && a->status == ASSIGN_INFEASIBLE)
        fprintf(out, "INFEASIBLE: no partitioning meets every deadline under the model");
    else if (a && a->status == ASSIGN_UNKNOWN && a->undecided_analyses > 0)
        fprintf(out, "UNDECIDED: the search found no schedulable partitioning and proved none "
                     "impossible; %ld of its analyses ran out of the work budget (a larger "
                     "--budget may decide them)", a->undecided_analyses);
    else if (a && a->status == ASSIGN_UNKNOWN)
        fprintf(out, "UNDECIDED: the search hit a limit before finding a schedulable partitioning");
    else
        fprintf(out, "NOT SCHEDULABLE: %zu of %zu tasks can miss their deadline",
                r->eval ? r->eval->n_misses : 0, n);
    fprintf(out, " (%zu tasks, task set \"%s\", GPU \"%s\")", n,
            r->ts->name ? r->ts->name : "", r->gpu->name ? r->gpu->name : "");
    if (r->eval && !r->eval->exhaustive)
        fprintf(out, " [exhaustive: false: combination cap hit, coarser sound bound used]");
    fputc('\n', out);
    report_text_chains_verdict(r, out);
    if (r->exit_status == 1 && r->eval && !(r->chains && r->eval->n_misses == 0)) {
        /* a line a person reads: the first MISSES_NAMED, then how many more */
        fprintf(out, "Misses:");
        size_t shown = 0;
        for (size_t i = 0; i < n && shown < MISSES_NAMED; i++)
            if (!r->eval->rta[i].schedulable) {
                fprintf(out, " %s", r->ts->tasks[i].name);
                shown++;
            }
        if (r->eval->n_misses > shown)
            fprintf(out, " and %zu more (the task table names every one)",
                    r->eval->n_misses - shown);
        fprintf(out, "\n");
    }
}

#define FINDS_NAMED 4     /* improvements of the search named in the text */

/* The search's proof in words: what the bound says, and the gap to the layout. */
static void assign_bound_text(const assign_result *a, bool wall, FILE *out)
{
    if (a->status == ASSIGN_OPTIMAL)
        fprintf(out, "  Proven: no schedulable layout uses fewer than %" PRId64 " SMs (optimal).\n",
                a->sms_used);
    else if (a->status == ASSIGN_INFEASIBLE)
        fprintf(out, "  Proven: no layout is schedulable under the model.\n");
    else if (a->lower_bound_sms >= 0 && a->layout)
        fprintf(out, "  Proven: every schedulable layout uses at least %" PRId64 " SMs; the layout "
                     "found may be up to %" PRId64 " SMs above the best (gap).\n",
                a->lower_bound_sms, a->gap_sms);
    else if (a->lower_bound_sms >= 0)
        fprintf(out, "  Proven: every schedulable layout uses at least %" PRId64 " SMs; none was "
                     "found.\n", a->lower_bound_sms);
    if (a->one_partition_sms > 0)
        fprintf(out, "  All tasks in one partition would need %" PRId64 " SMs.\n",
                a->one_partition_sms);
    fprintf(out, "  %ld full analyses", a->analyses);
    if (wall && a->first_seconds >= 0)
        fprintf(out, "; first layout after %.3f s, the returned one after %.3f s",
                a->first_seconds, a->best_seconds);
    fprintf(out, ".\n");
    if (a->n_finds > 0) {
        /* which stage found each better layout (docs/assignment.md "The stages"): the last
         * FINDS_NAMED, every one in the JSON report */
        size_t from = a->n_finds > FINDS_NAMED ? a->n_finds - FINDS_NAMED : 0;
        fprintf(out, "  Found by:%s", from > 0 || a->finds_dropped > 0 ? " ...," : "");
        for (size_t k = from; k < a->n_finds; k++) {
            fprintf(out, "%s %s, %" PRId64 " SMs", k > from ? ";" : "", a->finds[k].stage,
                    a->finds[k].sms);
            if (wall)
                fprintf(out, " at %.3f s", a->finds[k].seconds);
        }
        fprintf(out, ".\n");
    }
    if (a->undecided_analyses > 0)
        fprintf(out, "  Undecided: %ld of the search's analyses ran out of their work budget "
                     "(--budget, per analysis); such layouts were neither returned nor counted "
                     "as failures, and no proof rests on them.\n", a->undecided_analyses);
}

/* The sizes the search was allowed (--deploy, --min-partition-sms; docs/assignment.md sec. 12):
 * nothing when neither was given. */
static void sizes_text(const rt_options *o, const rt_gpu *g, FILE *out)
{
    char why[160], step[48] = "";
    report_sizes_why(o, why, sizeof why);
    if (o->part_step_sms > 1)
        snprintf(step, sizeof step, ", a multiple of %" PRId64 " SMs", o->part_step_sms);
    if (o->part_min_sms > 0 || o->part_step_sms > 1)
        fprintf(out, "  Partition sizes (%s): at least %" PRId64 " SMs%s; the layout, the bound "
                     "and the proof are about such layouts only.\n",
                why, o->part_min_sms > g->granularity ? o->part_min_sms : g->granularity, step);
    else if (o->deploy != RT_DEPLOY_ANY)
        fprintf(out, "  Partition sizes (%s): any multiple of the granularity (%" PRId64 " SMs), "
                     "as %s creates every TPC-aligned size.\n",
                why, g->granularity, rt_deploy_target_name(o->deploy));
}

static void header(const rt_report *r, FILE *out)
{
    const rt_gpu *g = r->gpu;
    const rt_options *o = r->o;
    fprintf(out, "\nGPU: %" PRId64 " SMs (granularity %" PRId64 "), %" PRId64
                 " L2 banks, %.6g/%.6g GB/s nominal/effective, %.6g MHz\n",
            g->sms, g->granularity, g->l2_banks, g->bw_nominal_gbps, g->bw_effective_gbps,
            g->clock_mhz);
    fprintf(out, "Model (revision %d): %s windows, %s interference", RT_MODEL_REVISION,
            rt_windows_name(o->windows),
            rt_interference_name(o->interference));
    if (o->interference == RT_INTF_NAIVE)
        fprintf(out, " (factor %.6g)", o->naive_factor);
    fprintf(out, ", margin %.6g, alpha %.6g; priorities %s%s\n", o->margin, g->alpha,
            rt_prio_name(o->priorities),
            o->gpu_kernel_preemption ? "; GPU preemption at kernel boundaries" : "");
    if (r->assign) {
        const assign_result *a = r->assign;
        char used[48] = "no schedulable layout found", limit[48] = "no time limit";
        if (a->layout)
            snprintf(used, sizeof used, "%" PRId64 " SMs used", a->sms_used);
        if (o->time_limit_s > 0)
            snprintf(limit, sizeof limit, "time limit %.6g s", o->time_limit_s);
        char secs[40] = "";   /* no wall-clock seconds under SOURCE_DATE_EPOCH */
        if (report_wall_times(r))
            snprintf(secs, sizeof secs, ", %.3f s", a->seconds);
        fprintf(out, "Assignment: search (%s): %s, %s, %ld MIP solves%s (%s)%s%s\n",
                rt_objective_name(o->objective), assign_status_name(a->status), used,
                a->iterations, secs, limit, a->hit_time_limit ? ", time limit hit" : "",
                a->hit_iteration_limit ? ", iteration limit hit" : "");
        sizes_text(o, g, out);
        if (o->objective == RT_OBJ_MAX_MIN_SLACK && a->layout) {
            fprintf(out, "Smallest relative slack: %.6f of a deadline", a->min_slack);
            if (r->eval && r->eval->has_min_slack)
                fprintf(out, ", set by task \"%s\"", r->ts->tasks[r->eval->min_slack_task].name);
            fprintf(out, ", within %" PRId64 " SMs (%s)\n", a->max_sms,
                    a->status == ASSIGN_OPTIMAL ? "proven the largest"
                                                : "not proven the largest");
        } else if (o->objective == RT_OBJ_MAX_MIN_SLACK) {
            fprintf(out, "Smallest relative slack: no schedulable layout within %" PRId64
                         " SMs%s\n", a->max_sms,
                    a->status == ASSIGN_INFEASIBLE ? " (proven)" : "");
        } else {
            assign_bound_text(a, report_wall_times(r), out);
            if (a->layout && a->sms_used < g->sms)
                fprintf(out, "  %" PRId64 " of %" PRId64 " SMs unused; `--objective "
                             "max-min-slack --max-sms %" PRId64 "` gives them to the tasks "
                             "(the largest smallest relative slack within all %" PRId64 " SMs).\n",
                        g->sms - a->sms_used, g->sms, g->sms, g->sms);
        }
    } else {
        fprintf(out, "Assignment: given by the task set\n");
    }
}

static void task_row(const rt_report *r, size_t i, int w, FILE *out)
{
    const rt_task *t = &r->ts->tasks[i];
    const rta_result *res = &r->eval->rta[i];
    char rbuf[40], sbuf[40] = "-";
    snprintf(rbuf, sizeof rbuf, "%s", rta_unbounded_word(res->status));
    if (res->status == RTA_BOUNDED) {
        fmt_ns(res->wcrt_ns, rbuf, sizeof rbuf);
        fmt_ns(t->deadline_ns - res->wcrt_ns, sbuf, sizeof sbuf);
    }
    /* a whole system: R is end to end, C and B belong to its steps (docs/report.md) */
    bool sys = r->eval->system != NULL;
    fprintf(out, "  %-*.*s %5" PRId64 " %13s %13s %13s %13s %13s %13s  %s\n", w, w, t->name,
            r->layout->task_prio[i], D(t->period_ns).s, D(t->deadline_ns).s,
            sys ? "-" : D(r->eval->wcet.tasks[i].wcet_ns).s,
            sys ? "-" : D(res->blocking_ns).s, rbuf, sbuf,
            rta_verdict_word(res->status, res->schedulable));
}

static void partitions(const rt_report *r, FILE *out)
{
    const rt_layout *l = r->layout;
    int w = (int)name_width(r->ts);
    for (size_t p = 0; p < l->n_parts; p++) {
        fprintf(out, "\nPartition %s: SMs %" PRId64 "-%" PRId64 " (%" PRId64 " SMs)\n",
                l->part_name[p], l->part_first_sm[p], l->part_first_sm[p] + l->part_sms[p] - 1,
                l->part_sms[p]);
        fprintf(out, "  %-*s %5s %13s %13s %13s %13s %13s %13s  %s\n", w, "task", "prio",
                "period T", "deadline D", "WCET C", "blocking B", "WCRT R", "slack D-R",
                "verdict");
        for (size_t i = 0; i < l->n_tasks; i++)
            if (l->task_part[i] == p)
                task_row(r, i, w, out);
    }
    bool header = false;
    for (size_t i = 0; i < l->n_tasks; i++) {
        if (l->task_part[i] < l->n_parts)
            continue;
        if (!header)
            fprintf(out, "\nCPU tasks (no partition):\n  %-*s %5s %13s %13s %13s %13s %13s %13s"
                         "  %s\n", w, "task", "prio", "period T", "deadline D", "WCET C",
                    "blocking B", "WCRT R", "slack D-R", "verdict");
        header = true;
        task_row(r, i, w, out);
    }
}

/* A whole system: each task's flow and the resources (docs/system.md secs. 3 and 5). */
static void flows(const rt_report *r, FILE *out)
{
    const rt_system *s = r->eval->system;
    char nb[32];
    fprintf(out, "\nFlows (holistic analysis, docs/system.md sec. 3: O best-case offset, J "
                 "jitter, rho local response from O, R = O + rho from the nominal release):\n");
    for (size_t i = 0; i < s->sys.n_tasks; i++) {
        const hol_task *t = &s->tasks[i];
        fprintf(out, "  %s (T %s, D %s, J %s):\n", r->ts->tasks[i].name, D(t->period_ns).s,
                D(t->deadline_ns).s, D(t->jitter_ns).s);
        fprintf(out, "    %4s %-5s %-14s %5s %13s %13s %13s %13s %13s %13s\n", "step", "kind",
                "resource", "prio", "C", "Cb", "O", "J", "rho", "R");
        for (size_t k = 0; k < t->n_steps; k++) {
            size_t x = t->first_step + k;
            const hol_step *h = &s->steps[x];
            const hol_step_result *e = &s->res.steps[x];
            const rt_task *tk = &r->ts->tasks[i];
            const char *kind = tk->n_steps ? rt_step_kind_name(tk->steps[k].kind) : "gpu";
            bool b = e->status == HOL_BOUNDED;
            fprintf(out, "    %4zu %-5s %-14s %5" PRId64 " %13s %13s %13s %13s %13s %13s%s%s\n",
                    k + 1, kind, rt_system_resource_name(s, r->gpu, r->layout, h->resource, nb,
                                                         sizeof nb),
                    h->priority, D(h->wcet_ns).s, D(h->bcet_ns).s, D(e->offset_ns).s,
                    D(e->jitter_ns).s, b ? D(e->local_ns).s : "-",
                    b ? D(e->response_ns).s : hol_unbounded_word(e->status),
                    b || e->status == HOL_BUDGET ? "" : ": ",
                    b || e->status == HOL_BUDGET ? "" : hol_status_name(e->status));
        }
    }
    fprintf(out, "\nResources:\n  %-14s %-12s %-20s %6s %12s\n", "resource", "kind", "policy",
            "steps", "utilisation");
    size_t idle = 0;   /* resources no step uses (a GPU file's other cores): counted, not listed */
    for (size_t x = 0; x < s->sys.n_resources; x++) {
        if (s->res_steps[x] == 0) {
            idle++;
            continue;
        }
        fprintf(out, "  %-14s %-12s %-20s %6zu %12s\n",
                rt_system_resource_name(s, r->gpu, r->layout, x, nb, sizeof nb),
                rt_system_resource_kind(s, x), rt_system_resource_policy(s, x), s->res_steps[x],
                R(s->utilisation[x]).s);
    }
    if (idle > 0)
        fprintf(out, "  (%zu more with no step, not listed; the JSON report lists every one)\n",
                idle);
}

static void kernels(const rt_report *r, FILE *out)
{
    fprintf(out, "\nKernels (isolated bounds per partition size, docs/model.md sec. 2):\n");
    if (r->conc)
        fprintf(out, "  speed-up S(k,n) = n0 C(k,n0) / C(k,n), efficiency E = S / n, n0 = %" PRId64
                     "%s (docs/concurrency.md sec. 4)\n", r->conc->anchor,
                r->conc->anchor > 1 ? ": linear scaling assumed below n0" : "");
    for (size_t k = 0; k < r->ts->n_kernels; k++) {
        const model_kernel *mk = &r->m->kernels[k];
        fprintf(out, "  %s: %s, Ck(N) %s cycles, BW %.6g GB/s, Ubw %.6g, Sat %.6g, KAI %.6g, "
                     "L2 accesses %.6g\n",
                r->ts->kernels[k].name, model_class_name(mk->cls), R(mk->cycles_full).s,
                mk->bw_full_gbps, mk->u_bw, mk->sat, mk->kai, mk->l2_accesses);
        fprintf(out, "    %5s %16s %12s  %-8s  %-9s  %8s %10s\n", "SMs", "cycles C(k,n)",
                "BW(k,n) GB/s", "source", "bw source", "speed-up", "efficiency");
        const rt_concurrency *c = r->conc;
        for (size_t s = 0; s < r->m->n_sizes; s++) {
            const model_point *p = &mk->table[s];
            fprintf(out, "    %5" PRId64 " %16.1f %12.3f  %-8s  %-9s", p->sms, p->cycles,
                    p->bw_gbps, model_source_name(p->source), model_source_name(p->bw_source));
            if (c)
                fprintf(out, "  %8.3f %10.4f", c->speedup[k * c->n_sizes + s],
                        conc_efficiency(c, k, s, p->sms));
            fputc('\n', out);
        }
    }
}

static void window_line(const rt_report *r, const wcet_window *w, FILE *out)
{
    int dg = 6;
    fprintf(out, "      window [%s, %s) cycles: ", R(w->start_cycles).s, R(w->end_cycles).s);
    for (size_t i = 0; i < w->n_kernels; i++)
        fprintf(out, "%s%s", i ? " + " : "", r->ts->kernels[w->kernels[i]].name);
    fprintf(out, "; B = %.*g GB/s, I = %.*g, Pi = %.*g, M = %.*g", dg, w->bw_gbps, dg, w->I, dg,
            w->Pi, dg, w->M);
    if (r->o->windows == RT_WINDOWS_WORST_CASE)
        fprintf(out, " (%s)", intf_case_name(w->sup_case));
    fputc('\n', out);
}

static void launch_lines(const rt_report *r, size_t i, int verbosity, FILE *out)
{
    const wcet_task *wt = &r->eval->wcet.tasks[i];
    for (size_t j = 0; j < wt->n_launches; j++) {
        const wcet_launch *ln = &wt->launches[j];
        fprintf(out, "  %s run %zu: %s on %" PRId64 " SMs: C = %s cycles, Tc = %s cycles "
                     "(M = %s%s), WCET %s\n",
                r->ts->tasks[i].name, j + 1, r->ts->kernels[ln->kernel].name, ln->sms,
                R(ln->isolated_cycles).s, R(ln->interference_cycles).s, R(ln->multiplier).s,
                ln->exhaustive ? "" : ", NOT exhaustive: combination cap hit", D(ln->wcet_ns).s);
        if (verbosity > 0)
            fprintf(out, "      WCET = ceil((1 + %s) * %s * 1000 / %s) + %" PRId64
                         " ns = %" PRId64 " ns\n",
                    R(r->o->margin).s, R(ln->interference_cycles).s, R(r->gpu->clock_mhz).s,
                    r->gpu->launch_overhead_ns, ln->wcet_ns);
        for (size_t w = 0; w < ln->n_windows; w++)
            window_line(r, &ln->windows[w], out);
    }
}

static void rta_derivation(const rt_report *r, size_t i, FILE *out)
{
    const rta_result *res = &r->eval->rta[i];
    const rt_task *t = &r->ts->tasks[i];
    fprintf(out, "  %s: C = %" PRId64 " ns, T = %" PRId64 " ns, D = %" PRId64 " ns, J = %" PRId64
                 " ns, B = %" PRId64 " ns\n",
            t->name, r->eval->wcet.tasks[i].wcet_ns, t->period_ns, t->deadline_ns, t->jitter_ns,
            res->blocking_ns);
    if (res->status != RTA_BOUNDED) {
        fprintf(out, "    response time %s: %s\n", rta_unbounded_word(res->status),
                rta_status_name(res->status));
        return;
    }
    fprintf(out, "    busy period t = %" PRId64 " ns, Q = %" PRId64 " jobs\n", res->busy_ns,
            res->q_jobs);
    for (size_t s = 0; s < res->n_steps; s++)
        fprintf(out, "    q = %" PRId64 ": w = %" PRId64 " ns, R = J + w - q*T + C = %" PRId64
                     " ns\n",
                res->steps[s].q, res->steps[s].w_ns, res->steps[s].r_ns);
    if ((int64_t)res->n_steps < res->q_jobs)
        fprintf(out, "    (%" PRId64 " further jobs not listed)\n",
                res->q_jobs - (int64_t)res->n_steps);
    fprintf(out, "    R = max over q = %" PRId64 " ns (q = %" PRId64 ")\n", res->wcrt_ns,
            res->worst_q);
}

static void provenance_block(const rt_report *r, FILE *out)
{
    const rt_provenance *p = r->prov;
    char ts_hex[65], gpu_hex[65];
    for (int i = 0; i < 32; i++) {
        snprintf(ts_hex + 2 * i, 3, "%02x", r->ts->sha256[i]);
        snprintf(gpu_hex + 2 * i, 3, "%02x", r->gpu->sha256[i]);
    }
    fprintf(out, "%s %s (model revision %d)\n", p->tool, p->version, RT_MODEL_REVISION);
    fputs("Command line: ", out);
    rt_esc_fputs(p->command_line, out);
    fputc('\n', out);
    fprintf(out, "Date: %s%s\n", p->date,
            p->from_source_date_epoch ? " (from SOURCE_DATE_EPOCH)" : "");
    fputs("Task set: ", out);
    rt_esc_fputs(r->ts->path, out);
    fprintf(out, " (sha256 %s)\nGPU: ", ts_hex);
    rt_esc_fputs(r->gpu->path, out);
    fprintf(out, " (sha256 %s)\n", gpu_hex);
    fprintf(out, "Libraries: libxml2 %s, GLPK %s, jansson %s, %s\n", p->libxml2, p->glpk,
            p->jansson, p->libc);
}

/* k / SENS_UNIT as an exact decimal with four places ("1.2345"). */
static void fmt_k(int64_t k, char *buf, size_t size)
{
    snprintf(buf, size, "%" PRId64 ".%04" PRId64, k / SENS_UNIT, k % SENS_UNIT);
}

static void sens_explanation(const rt_report *r, size_t i, const sens_task *t, FILE *out)
{
    const rt_layout *l = r->layout;
    const sens_job *j = &t->job;
    const sens_explain *x = t->explain;
    size_t p = l->task_part[i];
    fprintf(out, "  %s misses:", r->ts->tasks[i].name);
    if (r->sens->system) {
        /* end to end: the flow table above gives every step's figures */
        if (x->bounded)
            fprintf(out, " R - D = %s end to end (its flow above gives each step)\n",
                    D(x->excess_ns).s);
        else
            fprintf(out, " its end-to-end response is unbounded (its flow above says where)\n");
    } else if (j->bounded) {
        fprintf(out, " R - D = %s; worst job q = %" PRId64 ": R = J %s + B %s", D(x->excess_ns).s,
                j->q, D(j->jitter_ns).s, D(j->blocking_ns).s);
        if (j->blocking_task != SIZE_MAX)
            fprintf(out, " (%s, lower priority)", r->ts->tasks[j->blocking_task].name);
        fprintf(out, " + q*C %s", D(j->own_earlier_ns).s);
        for (size_t h = 0; h < j->n_hp; h++)
            fprintf(out, " + %s %" PRId64 " x C = %s", r->ts->tasks[j->hp[h].task].name,
                    j->hp[h].jobs, D(j->hp[h].ns).s);
        fprintf(out, " + C %s - q*T %s\n", D(j->own_ns).s, D(j->release_offset_ns).s);
    } else {
        fprintf(out, " its response time is unbounded (B %s", D(j->blocking_ns).s);
        if (j->blocking_task != SIZE_MAX)
            fprintf(out, " (%s, lower priority)", r->ts->tasks[j->blocking_task].name);
        fprintf(out, ", C %s)\n", D(j->own_ns).s);
    }
    if (x->without_intf_bounded)
        fprintf(out, "    without interference: R = %s, %s\n", D(x->without_intf_ns).s,
                x->without_intf_meets ? "the deadline holds: interference causes this miss"
                                      : "still a miss: interference alone does not cause it");
    else
        fprintf(out, "    without interference: R still unbounded\n");
    if (p == SIZE_MAX) {
        fprintf(out, "    a CPU task: no partition size changes its own steps\n");
        return;
    }
    if (t->has_pass_sms)
        fprintf(out, "    %s meets its deadline with %s at %" PRId64 " SMs (now %" PRId64 ")",
                r->ts->tasks[i].name, l->part_name[p], t->pass_sms, l->part_sms[p]);
    else
        fprintf(out, "    no size of %s in %" PRId64 "..%" PRId64 " SMs makes %s meet its deadline",
                l->part_name[p], r->sens->scan_first_sms[p], r->sens->scan_last_sms[p],
                r->ts->tasks[i].name);
    if (r->sens->has_min_sms[p])
        fprintf(out, "; every deadline holds with %s at %" PRId64 " SMs\n", l->part_name[p],
                r->sens->min_sms[p]);
    else
        fprintf(out, "; no size of %s alone makes every deadline hold\n", l->part_name[p]);
}

/* A whole system's slacks and step headrooms (docs/evidence.md sec. 1, "Whole systems"), then
 * the explanations of its misses. */
static void sens_steps(const rt_report *r, FILE *out)
{
    const sens_result *s = r->sens;
    const rt_system *sys = r->eval->system;
    char nb[32];
    int w = (int)name_width(r->ts);
    fprintf(out, "  WCET headroom of each step, every other WCET fixed (to 1 ns; a GPU step's "
                 "added to its last launch):\n");
    fprintf(out, "  %-*s %13s %4s %-5s %-14s %13s %20s\n", w, "task", "slack D-R", "step", "kind",
            "resource", "C", "WCET headroom");
    for (size_t i = 0; i < s->n_tasks; i++) {
        const sens_task *t = &s->tasks[i];
        const hol_task *ht = &sys->tasks[i];
        const rt_task *tk = &r->ts->tasks[i];
        for (size_t k = 0; k < ht->n_steps; k++) {
            size_t x = ht->first_step + k;
            const hol_step *h = &sys->steps[x];
            fprintf(out, "  %-*.*s %13s %4zu %-5s %-14s %13s %20s\n", w, w, k == 0 ? tk->name : "",
                    k > 0 ? "" : t->has_slack ? D(t->slack_ns).s : "unbounded", k + 1, tk->n_steps ? rt_step_kind_name(tk->steps[k].kind) : "gpu",
                    rt_system_resource_name(sys, r->gpu, r->layout, h->resource, nb, sizeof nb),
                    D(h->wcet_ns).s,
                    s->steps[x].has_headroom ? D(s->steps[x].headroom_ns).s : "none (misses)");
        }
    }
    for (size_t i = 0; i < s->n_tasks; i++)
        if (s->tasks[i].explain)
            sens_explanation(r, i, &s->tasks[i], out);
}

static void sensitivity(const rt_report *r, FILE *out)
{
    const sens_result *s = r->sens;
    const rt_layout *l = r->layout;
    char k[32];
    fprintf(out, "\nSensitivity (docs/evidence.md sec. 1; %" PRIu64 " candidate analyses%s):\n",
            s->analyses, s->exhaustive ? "" : ", some NOT exhaustive: combination cap hit");
    if (s->system && s->has_scaling) {
        fmt_k(s->scaling_k, k, sizeof k);
        fprintf(out, "  Scaling factor of every step's WCET (CPU, copy, every GPU launch; BCETs as "
                     "given): %s%s (to 1e-4, rounded down)\n",
                s->scaling_k == SENS_SCALE_MAX_K ? "at least " : "", k);
    } else if (s->system) {
        fmt_k(s->scaling_min_k, k, sizeof k);
        fprintf(out, "  Scaling factor of every step's WCET: none: a deadline is missed even at "
                     "%s, the smallest factor that keeps every WCET at least its BCET\n", k);
    } else if (s->has_scaling) {
        fmt_k(s->scaling_k, k, sizeof k);
        fprintf(out, "  Scaling factor of every launch WCET: %s%s (to 1e-4, rounded down)\n",
                s->scaling_k == SENS_SCALE_MAX_K ? "at least " : "", k);
    } else {
        fprintf(out, "  Scaling factor: none: a deadline is missed even with zero WCETs\n");
    }
    for (size_t x = 0; x < s->n_chains; x++) {
        const sens_chain *sc = &s->chains[x];
        fprintf(out, "  Scaling factor of chain %s (same WCETs; its requirements): ",
                r->ts->chains[x].name);
        if (sc->has_scaling) {
            fmt_k(sc->scaling_k, k, sizeof k);
            fprintf(out, "%s%s (to 1e-4, rounded down)\n",
                    sc->scaling_k == SENS_SCALE_MAX_K ? "at least " : "", k);
        } else {
            fmt_k(s->scaling_min_k, k, sizeof k);
            fprintf(out, "none: the chain fails even at %s\n", k);
        }
    }
    if (s->has_margin) {
        fmt_k(s->margin_k, k, sizeof k);
        fprintf(out, "  Largest margin that keeps every deadline: %s%s (to 1e-4, rounded "
                     "down; analysed with %s)\n",
                s->margin_k == SENS_MARGIN_MAX_K ? "at least " : "", k, R(r->o->margin).s);
    } else {
        fprintf(out, "  Largest margin: none: a deadline is missed even with margin 0\n");
    }
    for (size_t p = 0; p < s->n_parts; p++) {
        if (s->has_min_sms[p])
            fprintf(out, "  Smallest size of %s (others fixed): %" PRId64 " SMs (now %" PRId64
                         ")\n", l->part_name[p], s->min_sms[p], l->part_sms[p]);
        else if (s->scan_last_sms[p] < s->scan_first_sms[p])
            fprintf(out, "  Smallest size of %s (others fixed): none: the other partitions "
                         "leave fewer than %" PRId64 " SMs\n", l->part_name[p],
                    s->scan_first_sms[p]);
        else
            fprintf(out, "  Smallest size of %s (others fixed): none passes in %" PRId64 "..%"
                         PRId64 " SMs (a larger size would overlap the other partitions)\n",
                    l->part_name[p], s->scan_first_sms[p], s->scan_last_sms[p]);
    }
    if (s->system) {
        sens_steps(r, out);
        return;
    }
    int w = (int)name_width(r->ts);
    fprintf(out, "  %-*s %13s %20s\n", w, "task", "slack D-R", "WCET headroom (1 ns)");
    for (size_t i = 0; i < s->n_tasks; i++) {
        const sens_task *t = &s->tasks[i];
        fprintf(out, "  %-*.*s %13s %20s\n", w, w, r->ts->tasks[i].name,
                t->has_slack ? D(t->slack_ns).s : "unbounded",
                t->has_headroom ? D(t->headroom_ns).s : "none (misses)");
    }
    for (size_t i = 0; i < s->n_tasks; i++)
        if (s->tasks[i].explain)
            sens_explanation(r, i, &s->tasks[i], out);
}

int report_text(const rt_report *r, FILE *out, int verbosity)
{
    verdict_line(r, out);
    report_meas_verdict(r, out);
    if (verbosity < 0)
        return ferror(out) ? -1 : 0;
    if (r->prov) {
        fputc('\n', out);
        provenance_block(r, out);
    }
    header(r, out);
    if (r->layout && r->eval)
        partitions(r, out);
    report_text_chains(r, out, verbosity);
    if (r->layout && r->eval && r->eval->system)
        flows(r, out);
    if (verbosity > 0)
        kernels(r, out);
    report_text_concurrency(r, out, verbosity);
    if (r->layout && r->eval) {
        if (verbosity > 0) {
            fprintf(out, "\nLaunches (WCET = ceil((1 + margin) * Tc * 1000 / f) + launch "
                         "overhead):\n");
            for (size_t i = 0; i < r->ts->n_tasks; i++)
                launch_lines(r, i, verbosity, out);
        }
        if (r->sens)
            sensitivity(r, out);
        if (verbosity > 0 && !r->eval->system) {
            fprintf(out, "\nResponse-time derivations (docs/analysis.md sec. 2):\n");
            for (size_t i = 0; i < r->ts->n_tasks; i++)
                rta_derivation(r, i, out);
        }
    }
    report_meas_text(r, out, verbosity);
    if (verbosity == 0)
        fprintf(out, "\n-v adds the per-kernel C(k,n) tables, each launch's windows, the "
                     "block-level notes and the response-time derivations.\n");
    return ferror(out) ? -1 : 0;
}
