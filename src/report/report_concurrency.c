/* report_concurrency: text and JSON of the block-level models; prints rt_concurrency, computes
 * nothing. */
#include "report/report_concurrency.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/fmt.h"
#include "util/jw.h"

#define R(x) fmt_real_of(x)   /* a real for people (util/fmt.h) */

static const char *kname(const rt_report *r, size_t k)
{
    return r->ts->kernels[k].name;
}

static const char *scope_name(const char *partition)
{
    return partition ? partition : "GPU";
}

/* ---- text --------------------------------------------------------------------------- */

static void sm_lines(const rt_report *r, FILE *out)
{
    const rt_gpu *g = r->gpu;
    static const rt_sm_source order[] = {RT_SM_GIVEN, RT_SM_FROM_CC, RT_SM_DEFAULT};
    const char *cc = rt_gpu_cc_text(g);
    fprintf(out, "  <sm> values (docs/concurrency.md sec. 1), compute capability %s:\n",
            cc ? cc : "none");
    for (size_t o = 0; o < 3; o++) {
        bool any = false;
        for (int i = 0; i < RT_SM_N_ATTRS; i++) {
            if (g->sm.source[i] != order[o])
                continue;
            if (!any)
                fprintf(out, "    %s%s%s:", rt_gpu_sm_source_name(order[o]),
                        order[o] == RT_SM_FROM_CC ? " " : "",
                        order[o] == RT_SM_FROM_CC ? cc : "");
            fprintf(out, "%s %s %" PRId64, any ? "," : "", rt_gpu_sm_attr_name(i),
                    rt_gpu_sm_value(&g->sm, i));
            any = true;
        }
        if (any)
            fputc('\n', out);
    }
    fprintf(out, "    placement-order %s (%s; rtgpu-simulate --scenario, sec. 8)",
            rt_gpu_placement_order_name(g->placement_order),
            g->placement_order_given ? "given" : "default");
    for (int64_t i = 0; g->placement_sms && i < g->sms && i < 16; i++)
        fprintf(out, "%s%" PRId64, i ? "," : ": ", g->placement_sms[i]);
    fputs(g->placement_sms && g->sms > 16 ? ",...\n" : "\n", out);
    if (r->conc->plain_arithmetic)
        fprintf(out, "  warning: occupancy uses plain arithmetic, without CUDA allocation "
                     "granularities (give compute-capability, or register-unit, "
                     "warp-granularity and shared-memory-unit)\n");
}

static void limiting_text(unsigned lim, FILE *out)
{
    bool first = true;
    for (int f = 0; f < OCC_N_FACTORS; f++)
        if (lim & (1u << f)) {
            fprintf(out, "%s%s", first ? "" : ", ", occupancy_factor_name((occ_factor)f));
            first = false;
        }
}

static void occupancy_lines(const rt_report *r, FILE *out)
{
    const rt_concurrency *c = r->conc;
    bool header = false;
    for (size_t k = 0; k < c->n_kernels; k++) {
        if (!c->has_occ[k])
            continue;
        if (!header)
            fprintf(out, "  Occupancy (isolated, per SM; sec. 2):\n");
        header = true;
        const occ_result *o = &c->occ[k];
        fprintf(out, "    %s: %" PRId64 " blocks/SM (", kname(r, k), o->active_blocks);
        limiting_text(o->limiting, out);
        fprintf(out, "), occupancy %s = %" PRId64 "/%" PRId64 " warps; per block %" PRId64
                     " warps, %" PRId64 " registers, %" PRId64 " bytes of shared memory",
                R(o->occupancy).s, o->occ_num, o->occ_den, o->d.warps, o->d.registers,
                o->d.shared_memory_block);
        if (o->d.registers_assumed || o->d.shared_memory_assumed)
            fprintf(out, " [%s%s%s not given: 0 assumed]",
                    o->d.registers_assumed ? "registers" : "",
                    o->d.registers_assumed && o->d.shared_memory_assumed ? " and " : "",
                    o->d.shared_memory_assumed ? "shared-memory" : "");
        fputc('\n', out);
    }
}

static void pair_details(const rt_report *r, const conc_pair *p, FILE *out)
{
    const lo_result *x = &p->r;
    fprintf(out, "      ExecTime(%s) = ceil(%s cycles * 1000 / f) = %" PRId64 " ns %s "
                 "launch-overhead %" PRId64 " ns", kname(r, p->first), R(p->exec_time_cycles).s,
            p->exec_time_ns, x->evaluated ? ">" : "<=", p->launch_overhead_ns);
    if (x->evaluated)
        fprintf(out, "; cond1 %s (B1 %" PRId64 ", A1 %" PRId64 " x %" PRId64 " SMs)",
                x->cond1 ? "true" : "false", r->conc->occ[p->first].d.grid, x->active_first,
                p->sms);
    fprintf(out, "; Rounds(%s) %" PRId64 ", last round %" PRId64 " blocks\n", kname(r, p->first),
            x->rounds_first, x->last_round_blocks);
    if (!x->placed)
        return;
    fprintf(out, "      placement (%s):", leftover_distribution_name(r->conc->distribution));
    for (size_t g = 0; g < x->n_groups; g++)
        fprintf(out, "%s %" PRId64 " SMs with %" PRId64 " blocks of %s -> Alloc %" PRId64,
                g ? ";" : "", x->groups[g].sms, x->groups[g].first_blocks, kname(r, p->first),
                x->groups[g].alloc);
    fprintf(out, "; Cap %" PRId64 ", cond2 %s; Rounds(%s) %" PRId64, x->capacity,
            x->cond2 ? "true" : "false", kname(r, p->second), x->rounds_second);
    if (x->has_slowdown)
        fprintf(out, ", RoundsLimRes %" PRId64, x->rounds_lim_res);
    fputc('\n', out);
}

static void leftover_lines(const rt_report *r, int verbosity, FILE *out)
{
    const rt_concurrency *c = r->conc;
    if (!c->has_sm)
        return;
    fprintf(out, "  Leftover (Cruz et al., k1's blocks %s; sec. 3), ordered pairs per partition:\n",
            leftover_distribution_name(c->distribution));
    for (size_t i = 0; i < c->n_pairs; i++) {
        const conc_pair *p = &c->pairs[i];
        fprintf(out, "    %s -> %s on %s (%" PRId64 " SMs): ", kname(r, p->first),
                kname(r, p->second), scope_name(p->partition), p->sms);
        if (p->range_error) {
            fprintf(out, "not computed: a count does not fit in 64 bits\n");
            continue;
        }
        fprintf(out, "case %s", leftover_case_name(p->r.kase));
        if (p->r.has_slowdown)
            fprintf(out, ", %s slowdown %" PRId64 "/%" PRId64 " = %s", kname(r, p->second),
                    p->r.slowdown_num, p->r.slowdown_den, R(p->r.slowdown).s);
        else if (p->r.kase == LO_CASE_B)
            fprintf(out, " (overlap in %s's last round: %" PRId64 " blocks)", kname(r, p->first),
                    p->r.last_round_blocks);
        fputc('\n', out);
        if (verbosity > 0)
            pair_details(r, p, out);
    }
    for (size_t i = 0; i < c->n_notes; i++) {
        const conc_note *n = &c->notes[i];
        fprintf(out, "    note: %s (%" PRId64 " SMs): ", scope_name(n->partition), n->sms);
        if (n->over_cap)
            fprintf(out, "%zu kernels with a <launch>: more than %d ordered pairs, not "
                         "checked\n", n->n_kernels, CONC_MAX_PAIRS);
        else if (n->n_pairs == 0)
            fprintf(out, "%zu kernel%s with a <launch>, no pair to check\n", n->n_kernels,
                    n->n_kernels == 1 ? "" : "s");
        else if (n->n_overlap == 0)
            fprintf(out, "none of %zu ordered pairs would overlap on separate streams (all "
                         "case C)\n", n->n_pairs);
        else
            fprintf(out, "%zu of %zu ordered pairs would overlap if launched on separate "
                         "streams (case A or B); the analysis serializes a partition's "
                         "launches, so the verdict stands\n", n->n_overlap, n->n_pairs);
    }
}

static void mapping_lines(const rt_report *r, FILE *out)
{
    const rt_concurrency *c = r->conc;
    if (c->n_maps == 0)
        return;
    fprintf(out, "  Launch mapping (Janzen et al. Listings 1-2; sec. 4):\n");
    for (size_t i = 0; i < c->n_maps; i++) {
        const conc_mapping *mp = &c->maps[i];
        fprintf(out, "    %s on %s (SMs %" PRId64 "-%" PRId64 "): ", kname(r, mp->kernel),
                scope_name(mp->partition), mp->first_sm, mp->first_sm + mp->sms - 1);
        if (mp->range_error) {
            fprintf(out, "not computed: a count does not fit in 64 bits\n");
            continue;
        }
        fprintf(out, "%" PRId64 " blocks/SM, launch %" PRId64 " blocks, %" PRId64
                     " workers, %" PRId64 " round%s (%" PRId64 " workers run %" PRId64 ")\n",
                mp->m.blocks_per_sm, mp->m.launched_blocks, mp->m.workers, mp->m.rounds,
                mp->m.rounds == 1 ? "" : "s", mp->m.workers_at_rounds, mp->m.rounds);
    }
}

/* The skipped models, folded: one line per model and reason, naming its kernels. */
static void skip_lines(const rt_report *r, FILE *out)
{
    const rt_concurrency *c = r->conc;
    for (size_t i = 0; i < c->n_skips; i++) {
        const conc_skip *s = &c->skips[i];
        if (s->kernel < 0) {
            fprintf(out, "  skipped: %s: %s\n", s->model, s->reason);
            continue;
        }
        bool seen = false;
        size_t n = 0;
        for (size_t j = 0; j < c->n_skips; j++) {
            const conc_skip *o = &c->skips[j];
            if (o->kernel < 0 || strcmp(o->model, s->model) != 0 || strcmp(o->reason, s->reason) != 0)
                continue;
            seen |= j < i;
            n++;
        }
        if (seen)
            continue;
        if (n == 1) {
            fprintf(out, "  skipped: %s for kernel %s: %s\n", s->model,
                    kname(r, (size_t)s->kernel), s->reason);
            continue;
        }
        fprintf(out, "  skipped: %s for %zu kernels (%s): ", s->model, n, s->reason);
        size_t k = 0;
        for (size_t j = i; j < c->n_skips; j++) {
            const conc_skip *o = &c->skips[j];
            if (o->kernel >= 0 && strcmp(o->model, s->model) == 0 && strcmp(o->reason, s->reason) == 0)
                fprintf(out, "%s%s", k++ ? ", " : "", kname(r, (size_t)o->kernel));
        }
        fputc('\n', out);
    }
}

void report_concurrency_text(const rt_report *r, FILE *out, int verbosity)
{
    const rt_concurrency *c = r->conc;
    if (!c)
        return;
    if (verbosity <= 0) {
        fprintf(out, "\nBlock-level models (docs/concurrency.md; notes, the verdict does not "
                     "depend on them; -v prints them):\n");
        skip_lines(r, out);
        return;
    }
    fprintf(out, "\nBlock-level models (docs/concurrency.md; notes, the verdict does not "
                 "depend on them):\n");
    if (c->has_sm)
        sm_lines(r, out);
    occupancy_lines(r, out);
    leftover_lines(r, verbosity, out);
    mapping_lines(r, out);
    skip_lines(r, out);
}

/* ---- JSON --------------------------------------------------------------------------- */

/* A count, or null when it is not set (< 0) or the condition is false. */
static void kopt(jw *w, const char *key, bool have, int64_t x)
{
    jw_key(w, key);
    if (have && x >= 0)
        jw_int(w, x);
    else
        jw_null(w);
}

void report_concurrency_json_sm(const rt_report *r, jw *w)
{
    const rt_gpu *g = r->gpu;
    if (!r->conc) {   /* no block-level models: the key is there, null */
        jw_knull(w, "sm");
        return;
    }
    jw_key(w, "sm");
    if (!g->has_sm_limits) {
        jw_null(w);
        return;
    }
    jw_object_begin(w);
    jw_key(w, "placement_order");
    jw_object_begin(w);
    jw_kstr(w, "value", rt_gpu_placement_order_name(g->placement_order));
    jw_kstr(w, "source", g->placement_order_given ? "given" : "default");
    jw_key(w, "sms");
    if (g->placement_sms) {
        jw_array_begin(w);
        for (int64_t i = 0; i < g->sms; i++)
            jw_int(w, g->placement_sms[i]);
        jw_array_end(w);
    } else {
        jw_null(w);
    }
    jw_object_end(w);
    jw_kstr(w, "compute_capability", rt_gpu_cc_text(g));
    jw_kbool(w, "plain_arithmetic", r->conc->plain_arithmetic);
    jw_key(w, "values");
    jw_object_begin(w);
    for (int i = 0; i < RT_SM_N_ATTRS; i++) {
        jw_key(w, rt_gpu_sm_key_name(i));
        jw_object_begin(w);
        jw_kint(w, "value", rt_gpu_sm_value(&g->sm, i));
        jw_kstr(w, "source", rt_gpu_sm_source_name(g->sm.source[i]));
        jw_object_end(w);
    }
    jw_object_end(w);
    jw_object_end(w);
}

static void j_occupancy(jw *w, const rt_report *r, size_t k)
{
    const occ_result *o = &r->conc->occ[k];
    jw_object_begin(w);
    jw_kstr(w, "kernel", kname(r, k));
    jw_kint(w, "grid", o->d.grid);
    jw_kint(w, "threads_per_block", o->d.threads);
    jw_kint(w, "active_blocks", o->active_blocks);
    jw_kint(w, "warps_per_block", o->d.warps);
    jw_kint(w, "registers_per_warp", o->d.registers_per_warp);
    jw_kint(w, "registers_per_block", o->d.registers);
    jw_kint(w, "shared_memory_per_block", o->d.shared_memory_block);
    jw_key(w, "limits");
    jw_object_begin(w);
    for (int f = 0; f < OCC_N_FACTORS; f++)
        kopt(w, occupancy_factor_key((occ_factor)f), true, o->limit[f]);
    jw_object_end(w);
    jw_key(w, "limiting");
    jw_array_begin(w);
    for (int f = 0; f < OCC_N_FACTORS; f++)
        if (o->limiting & (1u << f))
            jw_str(w, occupancy_factor_key((occ_factor)f));
    jw_array_end(w);
    jw_kreal(w, "occupancy", o->occupancy);
    jw_key(w, "assumed_zero");
    jw_array_begin(w);
    if (o->d.registers_assumed)
        jw_str(w, "registers");
    if (o->d.shared_memory_assumed)
        jw_str(w, "shared_memory");
    jw_array_end(w);
    jw_object_end(w);
}

static void j_groups(jw *w, const conc_pair *p)
{
    jw_key(w, "groups");
    if (p->range_error || !p->r.placed) {
        jw_null(w);
        return;
    }
    jw_array_begin(w);
    for (size_t g = 0; g < p->r.n_groups; g++) {
        jw_object_begin(w);
        jw_kint(w, "sms", p->r.groups[g].sms);
        jw_kint(w, "first_blocks", p->r.groups[g].first_blocks);
        jw_kint(w, "alloc", p->r.groups[g].alloc);
        jw_object_end(w);
    }
    jw_array_end(w);
}

/* A boolean, or null when have is false. */
static void kbool_or_null(jw *w, const char *key, bool have, bool b)
{
    jw_key(w, key);
    if (have)
        jw_bool(w, b);
    else
        jw_null(w);
}

static void j_pair(jw *w, const rt_report *r, const conc_pair *p)
{
    const lo_result *x = &p->r;
    bool ok = !p->range_error, placed = ok && x->placed, slow = ok && x->has_slowdown;
    bool packed = placed && r->conc->distribution == LO_PACKED;
    char frac[64];
    snprintf(frac, sizeof frac, "%" PRId64 "/%" PRId64, x->slowdown_num, x->slowdown_den);
    jw_object_begin(w);
    jw_kstr(w, "first", kname(r, p->first));
    jw_kstr(w, "second", kname(r, p->second));
    jw_kstr(w, "partition", p->partition);
    jw_kint(w, "sms", p->sms);
    jw_kstr(w, "distribution", leftover_distribution_name(r->conc->distribution));
    jw_kstr(w, "case", ok ? leftover_case_name(x->kase) : NULL);
    jw_kreal(w, "exec_time_cycles", p->exec_time_cycles);
    jw_kint(w, "exec_time_ns", p->exec_time_ns);
    jw_kint(w, "launch_overhead_ns", p->launch_overhead_ns);
    kbool_or_null(w, "cond1", ok && x->evaluated, x->cond1);
    kbool_or_null(w, "cond2", placed, x->cond2);
    kopt(w, "active_blocks_first", ok, x->active_first);
    kopt(w, "active_blocks_second", ok, x->active_second);
    kopt(w, "rounds_first", ok, x->rounds_first);
    kopt(w, "last_round_blocks", ok, x->last_round_blocks);
    kopt(w, "full_sms", packed, x->full_sms);
    kopt(w, "partial_blocks", packed, x->partial_blocks);
    kopt(w, "free_sms", placed, x->free_sms);
    kopt(w, "alloc_full", packed, x->alloc_full);
    kopt(w, "alloc_partial", packed, x->alloc_partial);
    j_groups(w, p);
    kopt(w, "capacity", placed, x->capacity);
    kopt(w, "rounds_second", ok, x->rounds_second);
    kopt(w, "rounds_lim_res", slow, x->rounds_lim_res);
    jw_key(w, "slowdown");
    if (slow)
        jw_real(w, x->slowdown);
    else
        jw_null(w);
    jw_kstr(w, "slowdown_fraction", slow ? frac : NULL);
    jw_object_end(w);
}

static void j_note(jw *w, const conc_note *n)
{
    jw_object_begin(w);
    jw_kstr(w, "partition", n->partition);
    jw_kint(w, "sms", n->sms);
    jw_kint(w, "kernels", (int64_t)n->n_kernels);
    jw_kint(w, "pairs", (int64_t)n->n_pairs);
    jw_kint(w, "overlapping_pairs", (int64_t)n->n_overlap);
    jw_kbool(w, "over_cap", n->over_cap);
    jw_object_end(w);
}

static void j_mapping(jw *w, const rt_report *r, const conc_mapping *mp)
{
    bool ok = !mp->range_error;
    jw_object_begin(w);
    jw_kstr(w, "kernel", kname(r, mp->kernel));
    jw_kstr(w, "partition", mp->partition);
    jw_kint(w, "first_sm", mp->first_sm);
    jw_kint(w, "sms", mp->sms);
    kopt(w, "blocks_per_sm", ok, mp->m.blocks_per_sm);
    kopt(w, "launched_blocks", ok, mp->m.launched_blocks);
    jw_key(w, "per_sm");
    if (ok) {
        jw_array_begin(w);
        for (int64_t s = 0; s < r->gpu->sms; s++)
            jw_int(w, mp->per_sm[s]);
        jw_array_end(w);
    } else {
        jw_null(w);
    }
    kopt(w, "workers", ok, mp->m.workers);
    kopt(w, "rounds", ok, mp->m.rounds);
    kopt(w, "workers_at_rounds", ok, mp->m.workers_at_rounds);
    jw_object_end(w);
}

void report_concurrency_json(const rt_report *r, jw *w)
{
    const rt_concurrency *c = r->conc;
    if (!c) {   /* no block-level models: the keys are there, null */
        static const char *const keys[] = {"occupancy", "leftover", "leftover_notes", "mapping",
                                           "models_skipped"};
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
            jw_knull(w, keys[i]);
        return;
    }
    jw_key(w, "occupancy");
    jw_array_begin(w);
    for (size_t k = 0; k < c->n_kernels; k++)
        if (c->has_occ[k])
            j_occupancy(w, r, k);
    jw_array_end(w);
    jw_key(w, "leftover");
    jw_array_begin(w);
    for (size_t i = 0; i < c->n_pairs; i++)
        j_pair(w, r, &c->pairs[i]);
    jw_array_end(w);
    jw_key(w, "leftover_notes");
    jw_array_begin(w);
    for (size_t i = 0; c->has_sm && i < c->n_notes; i++)
        j_note(w, &c->notes[i]);
    jw_array_end(w);
    jw_key(w, "mapping");
    jw_array_begin(w);
    for (size_t i = 0; i < c->n_maps; i++)
        j_mapping(w, r, &c->maps[i]);
    jw_array_end(w);
    jw_key(w, "models_skipped");
    jw_array_begin(w);
    for (size_t i = 0; i < c->n_skips; i++) {
        jw_object_begin(w);
        jw_kstr(w, "model", c->skips[i].model);
        jw_kstr(w, "kernel", c->skips[i].kernel < 0 ? NULL : kname(r, (size_t)c->skips[i].kernel));
        jw_kstr(w, "reason", c->skips[i].reason);
        jw_object_end(w);
    }
    jw_array_end(w);
}
