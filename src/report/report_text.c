/* report_text: the human-readable report: verdict first, then partitions, kernels, launches. */
#include "report/report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void report_fmt_ns(int64_t ns, char *buf, size_t size)
{
    /* Exact: ns divided by a power of ten, printed with all its digits, trailing zeros cut. */
    static const struct { int64_t div; int digits; const char *unit; } u[] = {
        {1000000000, 9, "s"}, {1000000, 6, "ms"}, {1000, 3, "us"}, {1, 0, "ns"}};
    int64_t a = ns < 0 ? -ns : ns;
    size_t k = 0;
    while (u[k].div > 1 && a < u[k].div)
        k++;
    if (u[k].div == 1) {
        snprintf(buf, size, "%" PRId64 " ns", ns);
        return;
    }
    char frac[16];
    snprintf(frac, sizeof frac, "%0*" PRId64, u[k].digits, a % u[k].div);
    for (size_t n = strlen(frac); n > 0 && frac[n - 1] == '0'; n--)
        frac[n - 1] = '\0';
    snprintf(buf, size, "%s%" PRId64 "%s%s %s", ns < 0 ? "-" : "", a / u[k].div,
             frac[0] ? "." : "", frac, u[k].unit);
}

/* A short-lived formatted duration for use inside one printf. */
typedef struct { char s[40]; } dur;

static dur D(int64_t ns)
{
    dur d;
    report_fmt_ns(ns, d.s, sizeof d.s);
    return d;
}

/* The shortest of %.15g / %.16g / %.17g that reads back as x: exact, and short when it can be. */
typedef struct { char s[32]; } real;

static real R(double x)
{
    real r;
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(r.s, sizeof r.s, "%.*g", prec, x);
        if (strtod(r.s, NULL) == x)
            break;
    }
    return r;
}

static size_t name_width(const rt_taskset *ts)
{
    size_t w = 4;
    for (size_t i = 0; i < ts->n_tasks; i++)
        if (strlen(ts->tasks[i].name) > w)
            w = strlen(ts->tasks[i].name);
    return w > 40 ? 40 : w;
}

static void verdict_line(const rt_report *r, FILE *out)
{
    const assign_result *a = r->assign;
    size_t n = r->ts->n_tasks;
    if (r->exit_status == 0)
        fprintf(out, "SCHEDULABLE: every deadline holds");
    else if (a && a->status == ASSIGN_INFEASIBLE)
        fprintf(out, "INFEASIBLE: no partitioning meets every deadline under the model");
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
    if (r->exit_status == 1 && r->eval) {
        fprintf(out, "Misses:");
        for (size_t i = 0; i < n; i++)
            if (!r->eval->rta[i].schedulable)
                fprintf(out, " %s", r->ts->tasks[i].name);
        fprintf(out, "\n");
    }
}

/* The search's proof in words: what the bound says, and the gap to the layout. */
static void assign_bound_text(const assign_result *a, FILE *out)
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
    if (a->first_seconds >= 0)
        fprintf(out, "; first layout after %.3f s, the returned one after %.3f s",
                a->first_seconds, a->best_seconds);
    fprintf(out, ".\n");
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
    fprintf(out, ", margin %.6g, alpha %.6g; priorities %s\n", o->margin, g->alpha,
            rt_prio_name(o->priorities));
    if (r->assign) {
        const assign_result *a = r->assign;
        char used[48] = "no schedulable layout found", limit[48] = "no time limit";
        if (a->layout)
            snprintf(used, sizeof used, "%" PRId64 " SMs used", a->sms_used);
        if (o->time_limit_s > 0)
            snprintf(limit, sizeof limit, "time limit %.6g s", o->time_limit_s);
        fprintf(out, "Assignment: search (min-sms): %s, %s, %ld MIP solves, "
                     "%.3f s (%s)%s%s\n",
                assign_status_name(a->status), used, a->iterations, a->seconds, limit, a->hit_time_limit ? ", time limit hit" : "",
                a->hit_iteration_limit ? ", iteration limit hit" : "");
        assign_bound_text(a, out);
    } else {
        fprintf(out, "Assignment: given by the task set\n");
    }
}

static void task_row(const rt_report *r, size_t i, int w, FILE *out)
{
    const rt_task *t = &r->ts->tasks[i];
    const rta_result *res = &r->eval->rta[i];
    char rbuf[40] = "unbounded", sbuf[40] = "-";
    if (res->status == RTA_BOUNDED) {
        report_fmt_ns(res->wcrt_ns, rbuf, sizeof rbuf);
        report_fmt_ns(t->deadline_ns - res->wcrt_ns, sbuf, sizeof sbuf);
    }
    fprintf(out, "  %-*.*s %5" PRId64 " %13s %13s %13s %13s %13s %13s  %s\n", w, w, t->name,
            r->layout->task_prio[i], D(t->period_ns).s, D(t->deadline_ns).s,
            D(r->eval->wcet.tasks[i].wcet_ns).s, D(res->blocking_ns).s, rbuf, sbuf,
            res->schedulable ? "ok" : (res->status == RTA_BOUNDED ? "MISS" : "MISS (unbounded)"));
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
}

static void kernels(const rt_report *r, FILE *out)
{
    fprintf(out, "\nKernels (isolated bounds per partition size, docs/model.md sec. 2):\n");
    for (size_t k = 0; k < r->ts->n_kernels; k++) {
        const model_kernel *mk = &r->m->kernels[k];
        fprintf(out, "  %s: %s, Ck(N) %s cycles, BW %.6g GB/s, Ubw %.6g, Sat %.6g, KAI %.6g, "
                     "L2 accesses %.6g\n",
                r->ts->kernels[k].name, model_class_name(mk->cls), R(mk->cycles_full).s,
                mk->bw_full_gbps, mk->u_bw, mk->sat, mk->kai, mk->l2_accesses);
        fprintf(out, "    %5s %16s %12s  %-8s  %s\n", "SMs", "cycles C(k,n)", "BW(k,n) GB/s",
                "source", "bw source");
        for (size_t s = 0; s < r->m->n_sizes; s++) {
            const model_point *p = &mk->table[s];
            fprintf(out, "    %5" PRId64 " %16.1f %12.3f  %-8s  %s\n", p->sms, p->cycles,
                    p->bw_gbps, model_source_name(p->source), model_source_name(p->bw_source));
        }
    }
}

/* Verbose reports print reals so that they round-trip (17 digits), as JSON does. */
static int real_digits(int verbosity)
{
    return verbosity > 0 ? 17 : 6;
}

static void window_line(const rt_report *r, const wcet_window *w, int verbosity, FILE *out)
{
    int dg = real_digits(verbosity);
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
                     "(M = %.*g%s), WCET %s\n",
                r->ts->tasks[i].name, j + 1, r->ts->kernels[ln->kernel].name, ln->sms,
                R(ln->isolated_cycles).s, R(ln->interference_cycles).s, real_digits(verbosity),
                ln->multiplier,
                ln->exhaustive ? "" : ", NOT exhaustive: combination cap hit", D(ln->wcet_ns).s);
        if (verbosity > 0)
            fprintf(out, "      WCET = ceil((1 + %s) * %s * 1000 / %s) + %" PRId64
                         " ns = %" PRId64 " ns\n",
                    R(r->o->margin).s, R(ln->interference_cycles).s, R(r->gpu->clock_mhz).s,
                    r->gpu->launch_overhead_ns, ln->wcet_ns);
        for (size_t w = 0; w < ln->n_windows; w++)
            window_line(r, &ln->windows[w], verbosity, out);
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
        fprintf(out, "    response time unbounded: %s\n", rta_status_name(res->status));
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

int report_text(const rt_report *r, FILE *out, int verbosity)
{
    verdict_line(r, out);
    if (verbosity < 0)
        return ferror(out) ? -1 : 0;
    header(r, out);
    if (r->layout && r->eval)
        partitions(r, out);
    kernels(r, out);
    if (r->layout && r->eval) {
        fprintf(out, "\nLaunches (WCET = ceil((1 + margin) * Tc * 1000 / f) + launch overhead):\n");
        for (size_t i = 0; i < r->ts->n_tasks; i++)
            launch_lines(r, i, verbosity, out);
        if (verbosity > 0) {
            fprintf(out, "\nResponse-time derivations (docs/analysis.md sec. 2):\n");
            for (size_t i = 0; i < r->ts->n_tasks; i++)
                rta_derivation(r, i, out);
        }
    }
    return ferror(out) ? -1 : 0;
}
