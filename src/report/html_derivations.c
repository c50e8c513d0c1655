/* html_derivations: section 5 of the evidence report (docs/evidence.md sec. 2), the derivations:
 * every operand of every launch's WCET and of every response time, in the analysis's order. */
#include "report/html_derivations.h"

#include <inttypes.h>
#include <stdint.h>

#include "report/html_flows.h"
#include "report/html_sections.h"

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
             r->o->windows == RT_WINDOWS_WORST_CASE ? interference_case_name(w->sup_case) : "-");
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
            html_flows_step_derivations(p, r, i);
            continue;
        }
        xhtml_elf(p, "p", NULL, "C = sum of the launch WCETs = %" PRId64 " ns",
                  r->eval->wcet.tasks[i].wcet_ns);
        rta_derivation(p, r, i);
    }
    xhtml_end_section(p);
}
