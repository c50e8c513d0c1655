/* html_sensitivity: the sensitivity in section 4 of the evidence report (docs/evidence.md
 * sec. 1): the critical scaling factor, the largest margin, each partition's smallest size, a
 * whole system's step headrooms, and why each missing task misses. */
#include "report/html_sensitivity.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#include "report/html_sections.h"
#include "report/sens_words.h"
#include "util/fmt.h"

/* A whole system's WCET headroom per step (docs/evidence.md sec. 1, "Whole systems"). */
static void step_headrooms(xhtml *p, const rt_report *r)
{
    const sens_result *s = r->sens;
    const rt_system *sys = r->eval->system;
    if (!sys || !s)   /* the caller's: a whole system with its sensitivity */
        return;
    char nb[32];
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
            xhtml_el(p, "td", "l", tk->n_steps ? rt_taskset_step_kind_name(tk->steps[k].kind) : "gpu");
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
        sens_k_text(s->scaling_k, k, sizeof k);
        xhtml_kvf(p, "Critical scaling factor", "%s%s: every step's WCET (CPU, copy, every GPU "
                  "launch) w becomes ceil(a w), the best cases as given; precision 1e-4, rounded "
                  "down", s->scaling_k == SENS_SCALE_MAX_K ? "at least " : "", k);
    } else if (s->system) {
        sens_k_text(s->scaling_min_k, k, sizeof k);
        xhtml_kvf(p, "Critical scaling factor", "none: a deadline is missed even at %s, the "
                  "smallest factor that keeps every WCET at least its best case", k);
    } else if (s->has_scaling) {
        sens_k_text(s->scaling_k, k, sizeof k);
        xhtml_kvf(p, "Critical scaling factor", "%s%s: every launch WCET w becomes ceil(a w); "
                  "precision 1e-4, rounded down",
                  s->scaling_k == SENS_SCALE_MAX_K ? "at least " : "", k);
    } else {
        xhtml_kv(p, "Critical scaling factor", "none: a deadline is missed even with zero WCETs");
    }
    for (size_t x = 0; x < s->n_chains; x++) {
        char key[300], words[300];
        snprintf(key, sizeof key, "Scaling factor of chain %s", r->ts->chains[x].name);
        sens_words_chain(r, x, words, sizeof words);
        xhtml_kvf(p, key, "%s%s", words, s->chains[x].has_scaling
                                              ? ": every WCET scaled as above, the chain's "
                                                "requirements kept"
                                              : "");
    }
    if (s->has_margin) {
        sens_k_text(s->margin_k, k, sizeof k);
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

void html_sensitivity(xhtml *p, const rt_report *r)
{
    sensitivity_block(p, r);
    for (size_t i = 0; i < r->ts->n_tasks; i++)
        if (r->sens->tasks[i].explain)
            explanation(p, r, i);
}
