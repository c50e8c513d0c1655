/* report_text_derive: the derivations of the verbose text report: every kernel's isolated
 * bounds per partition size, every launch's WCET with its windows, every response time's busy
 * period and jobs (docs/model.md, docs/analysis.md). */
#include "report/report_text_derive.h"

#include <inttypes.h>
#include <stdio.h>

#include "report/report_concurrency.h"
#include "util/fmt.h"

/* A duration and a real for people, as values inside one printf (util/fmt.h). */
#define D(ns) fmt_dur_of(ns)
#define R(x) fmt_real_of(x)

void report_text_derive_kernels(const rt_report *r, FILE *out)
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
                        concurrency_efficiency(c, k, s, p->sms));
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
        fprintf(out, " (%s)", interference_case_name(w->sup_case));
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

void report_text_derive_launches(const rt_report *r, int verbosity, FILE *out)
{
    fprintf(out, "\nLaunches (WCET = ceil((1 + margin) * Tc * 1000 / f) + launch overhead):\n");
    for (size_t i = 0; i < r->ts->n_tasks; i++)
        launch_lines(r, i, verbosity, out);
}

void report_text_derive_rtas(const rt_report *r, FILE *out)
{
    fprintf(out, "\nResponse-time derivations (docs/analysis.md sec. 2):\n");
    for (size_t i = 0; i < r->ts->n_tasks; i++)
        rta_derivation(r, i, out);
}
