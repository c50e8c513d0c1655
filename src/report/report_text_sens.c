/* report_text_sens: the sensitivity in the text report (docs/evidence.md sec. 1): the scaling
 * factors, the largest margin, each partition's smallest size, each task's slack and headroom
 * (a whole system: each step's) and why each missing task misses. */
#include "report/report_text_sens.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#include "report/report_text_tasks.h"
#include "report/sens_words.h"
#include "util/fmt.h"

/* A duration and a real for people, as values inside one printf (util/fmt.h). */
#define D(ns) fmt_dur_of(ns)
#define R(x) fmt_real_of(x)

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
    int w = (int)report_text_tasks_width(r->ts);
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
                    k > 0 ? "" : t->has_slack ? D(t->slack_ns).s : "unbounded", k + 1,
                    tk->n_steps ? rt_taskset_step_kind_name(tk->steps[k].kind) : "gpu",
                    rt_system_resource_name(sys, r->gpu, r->layout, h->resource, nb, sizeof nb),
                    D(h->wcet_ns).s,
                    s->steps[x].has_headroom ? D(s->steps[x].headroom_ns).s : "none (misses)");
        }
    }
    for (size_t i = 0; i < s->n_tasks; i++)
        if (s->tasks[i].explain)
            sens_explanation(r, i, &s->tasks[i], out);
}

void report_text_sens(const rt_report *r, FILE *out)
{
    const sens_result *s = r->sens;
    const rt_layout *l = r->layout;
    char k[32];
    fprintf(out, "\nSensitivity (docs/evidence.md sec. 1; %" PRIu64 " candidate analyses%s):\n",
            s->analyses, s->exhaustive ? "" : ", some NOT exhaustive: combination cap hit");
    if (s->system && s->has_scaling) {
        sens_k_text(s->scaling_k, k, sizeof k);
        fprintf(out, "  Scaling factor of every step's WCET (CPU, copy, every GPU launch; BCETs as "
                     "given): %s%s (to 1e-4, rounded down)\n",
                s->scaling_k == SENS_SCALE_MAX_K ? "at least " : "", k);
    } else if (s->system) {
        sens_k_text(s->scaling_min_k, k, sizeof k);
        fprintf(out, "  Scaling factor of every step's WCET: none: a deadline is missed even at "
                     "%s, the smallest factor that keeps every WCET at least its BCET\n", k);
    } else if (s->has_scaling) {
        sens_k_text(s->scaling_k, k, sizeof k);
        fprintf(out, "  Scaling factor of every launch WCET: %s%s (to 1e-4, rounded down)\n",
                s->scaling_k == SENS_SCALE_MAX_K ? "at least " : "", k);
    } else {
        fprintf(out, "  Scaling factor: none: a deadline is missed even with zero WCETs\n");
    }
    for (size_t x = 0; x < s->n_chains; x++) {
        char words[300];
        sens_words_chain(r, x, words, sizeof words);
        fprintf(out, "  Scaling factor of chain %s (same WCETs; its requirements): %s\n",
                r->ts->chains[x].name, words);
    }
    if (s->has_margin) {
        sens_k_text(s->margin_k, k, sizeof k);
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
    int w = (int)report_text_tasks_width(r->ts);
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
