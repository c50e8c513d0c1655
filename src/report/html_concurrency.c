/* html_concurrency: the block-level notes in section 4 of the evidence report
 * (docs/concurrency.md): occupancy, the leftover check per partition and its pairs, the launch
 * mapping and the models not computed; notes beside the verdict, computed in
 * analysis/concurrency.c. */
#include "report/html_concurrency.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "report/html_sections.h"

static void limiting_cell(xhtml *p, unsigned lim)
{
    char buf[160] = "";
    size_t n = 0;
    for (int f = 0; f < OCC_N_FACTORS && n < sizeof buf; f++)
        if (lim & (1u << f))
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", n ? ", " : "",
                                  occupancy_factor_name((occ_factor)f));
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
              leftover_distribution_name(c->distribution));
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
            xhtml_el(p, "td", "l", leftover_case_name(q->r.kase));
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
            if (o->kernel < 0 || strcmp(o->model, s->model) != 0 ||
                strcmp(o->reason, s->reason) != 0)
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

void html_concurrency(xhtml *p, const rt_report *r)
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
