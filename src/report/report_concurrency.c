/* report_concurrency: text and JSON of the block-level models; prints rt_concurrency, computes
 * nothing. */
#include "report/report_concurrency.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The shortest of %.15g / %.16g / %.17g that reads back as x. */
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
                fprintf(out, "    %s%s%s:", rt_sm_source_name(order[o]),
                        order[o] == RT_SM_FROM_CC ? " " : "",
                        order[o] == RT_SM_FROM_CC ? cc : "");
            fprintf(out, "%s %s %" PRId64, any ? "," : "", rt_sm_attr_name(i),
                    rt_sm_value(&g->sm, i));
            any = true;
        }
        if (any)
            fputc('\n', out);
    }
    fprintf(out, "    placement-order %s (%s; rtgpu-simulate --scenario, sec. 8)",
            rt_placement_order_name(g->placement_order),
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
            fprintf(out, "%s%s", first ? "" : ", ", occ_factor_name((occ_factor)f));
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
    fprintf(out, "      placement (%s):", lo_distribution_name(r->conc->distribution));
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
            lo_distribution_name(c->distribution));
    for (size_t i = 0; i < c->n_pairs; i++) {
        const conc_pair *p = &c->pairs[i];
        fprintf(out, "    %s -> %s on %s (%" PRId64 " SMs): ", kname(r, p->first),
                kname(r, p->second), scope_name(p->partition), p->sms);
        if (p->range_error) {
            fprintf(out, "not computed: a count does not fit in 64 bits\n");
            continue;
        }
        fprintf(out, "case %s", lo_case_name(p->r.kase));
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

void report_text_concurrency(const rt_report *r, FILE *out, int verbosity)
{
    const rt_concurrency *c = r->conc;
    if (!c)
        return;
    fprintf(out, "\nBlock-level models (docs/concurrency.md; notes, the verdict does not "
                 "depend on them):\n");
    if (c->has_sm)
        sm_lines(r, out);
    occupancy_lines(r, out);
    leftover_lines(r, verbosity, out);
    mapping_lines(r, out);
    for (size_t i = 0; i < c->n_skips; i++) {
        const conc_skip *s = &c->skips[i];
        if (s->kernel < 0)
            fprintf(out, "  skipped: %s: %s\n", s->model, s->reason);
        else
            fprintf(out, "  skipped: %s for kernel %s: %s\n", s->model,
                    kname(r, (size_t)s->kernel), s->reason);
    }
}

/* ---- JSON --------------------------------------------------------------------------- */

/* Set when a value could not be built (out of memory); the report then fails whole. */
static _Thread_local bool failed;

static json_t *jint(int64_t x)
{
    return json_integer((json_int_t)x);
}

static json_t *jreal(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *jstr(const char *s)
{
    return s ? json_string(s) : json_null();
}

/* A count, or null when it is not set (< 0) or the condition is false. */
static json_t *jopt(bool have, int64_t x)
{
    return have && x >= 0 ? jint(x) : json_null();
}

static void set(json_t *o, const char *key, json_t *v)
{
    if (!o || !v || json_object_set_new(o, key, v) != 0)
        failed = true;
}

static void push(json_t *a, json_t *v)
{
    if (!a || !v || json_array_append_new(a, v) != 0)
        failed = true;
}

static json_t *j_sm(const rt_report *r)
{
    const rt_gpu *g = r->gpu;
    if (!g->has_sm_limits)
        return json_null();
    json_t *vals = json_object(), *o = json_object();
    for (int i = 0; i < RT_SM_N_ATTRS; i++) {
        json_t *v = json_object();
        set(v, "value", jint(rt_sm_value(&g->sm, i)));
        set(v, "source", json_string(rt_sm_source_name(g->sm.source[i])));
        set(vals, rt_sm_attr_name(i), v);
    }
    json_t *po = json_object(), *perm = g->placement_sms ? json_array() : json_null();
    for (int64_t i = 0; g->placement_sms && i < g->sms; i++)
        push(perm, jint(g->placement_sms[i]));
    set(po, "value", json_string(rt_placement_order_name(g->placement_order)));
    set(po, "source", json_string(g->placement_order_given ? "given" : "default"));
    set(po, "sms", perm);
    set(o, "placement_order", po);
    set(o, "compute_capability", jstr(rt_gpu_cc_text(g)));
    set(o, "plain_arithmetic", json_boolean(r->conc->plain_arithmetic));
    set(o, "values", vals);
    return o;
}

static json_t *j_occupancy(const rt_report *r, size_t k)
{
    const occ_result *o = &r->conc->occ[k];
    json_t *j = json_object(), *lim = json_object(), *limiting = json_array(),
           *assumed = json_array();
    for (int f = 0; f < OCC_N_FACTORS; f++) {
        set(lim, occ_factor_key((occ_factor)f), jopt(true, o->limit[f]));
        if (o->limiting & (1u << f))
            push(limiting, json_string(occ_factor_key((occ_factor)f)));
    }
    if (o->d.registers_assumed)
        push(assumed, json_string("registers"));
    if (o->d.shared_memory_assumed)
        push(assumed, json_string("shared_memory"));
    set(j, "kernel", json_string(kname(r, k)));
    set(j, "grid", jint(o->d.grid));
    set(j, "threads_per_block", jint(o->d.threads));
    set(j, "active_blocks", jint(o->active_blocks));
    set(j, "warps_per_block", jint(o->d.warps));
    set(j, "registers_per_warp", jint(o->d.registers_per_warp));
    set(j, "registers_per_block", jint(o->d.registers));
    set(j, "shared_memory_per_block", jint(o->d.shared_memory_block));
    set(j, "limits", lim);
    set(j, "limiting", limiting);
    set(j, "occupancy", jreal(o->occupancy));
    set(j, "assumed_zero", assumed);
    return j;
}

static json_t *j_groups(const conc_pair *p)
{
    if (p->range_error || !p->r.placed)
        return json_null();
    json_t *a = json_array();
    for (size_t g = 0; g < p->r.n_groups; g++) {
        json_t *o = json_object();
        set(o, "sms", jint(p->r.groups[g].sms));
        set(o, "first_blocks", jint(p->r.groups[g].first_blocks));
        set(o, "alloc", jint(p->r.groups[g].alloc));
        push(a, o);
    }
    return a;
}

static json_t *j_pair(const rt_report *r, const conc_pair *p)
{
    const lo_result *x = &p->r;
    bool ok = !p->range_error, placed = ok && x->placed, slow = ok && x->has_slowdown;
    bool packed = placed && r->conc->distribution == LO_PACKED;
    json_t *j = json_object();
    char frac[64];
    snprintf(frac, sizeof frac, "%" PRId64 "/%" PRId64, x->slowdown_num, x->slowdown_den);
    set(j, "first", json_string(kname(r, p->first)));
    set(j, "second", json_string(kname(r, p->second)));
    set(j, "partition", jstr(p->partition));
    set(j, "sms", jint(p->sms));
    set(j, "distribution", json_string(lo_distribution_name(r->conc->distribution)));
    set(j, "case", ok ? json_string(lo_case_name(x->kase)) : json_null());
    set(j, "exec_time_cycles", jreal(p->exec_time_cycles));
    set(j, "exec_time_ns", jint(p->exec_time_ns));
    set(j, "launch_overhead_ns", jint(p->launch_overhead_ns));
    set(j, "cond1", ok && x->evaluated ? json_boolean(x->cond1) : json_null());
    set(j, "cond2", placed ? json_boolean(x->cond2) : json_null());
    set(j, "active_blocks_first", jopt(ok, x->active_first));
    set(j, "active_blocks_second", jopt(ok, x->active_second));
    set(j, "rounds_first", jopt(ok, x->rounds_first));
    set(j, "last_round_blocks", jopt(ok, x->last_round_blocks));
    set(j, "full_sms", jopt(packed, x->full_sms));
    set(j, "partial_blocks", jopt(packed, x->partial_blocks));
    set(j, "free_sms", jopt(placed, x->free_sms));
    set(j, "alloc_full", jopt(packed, x->alloc_full));
    set(j, "alloc_partial", jopt(packed, x->alloc_partial));
    set(j, "groups", j_groups(p));
    set(j, "capacity", jopt(placed, x->capacity));
    set(j, "rounds_second", jopt(ok, x->rounds_second));
    set(j, "rounds_lim_res", jopt(slow, x->rounds_lim_res));
    set(j, "slowdown", slow ? jreal(x->slowdown) : json_null());
    set(j, "slowdown_fraction", slow ? json_string(frac) : json_null());
    return j;
}

static json_t *j_note(const conc_note *n)
{
    json_t *j = json_object();
    set(j, "partition", jstr(n->partition));
    set(j, "sms", jint(n->sms));
    set(j, "kernels", jint((int64_t)n->n_kernels));
    set(j, "pairs", jint((int64_t)n->n_pairs));
    set(j, "overlapping_pairs", jint((int64_t)n->n_overlap));
    set(j, "over_cap", json_boolean(n->over_cap));
    return j;
}

static json_t *j_mapping(const rt_report *r, const conc_mapping *mp)
{
    json_t *j = json_object(), *per_sm = mp->range_error ? json_null() : json_array();
    bool ok = !mp->range_error;
    for (int64_t s = 0; ok && s < r->gpu->sms; s++)
        push(per_sm, jint(mp->per_sm[s]));
    set(j, "kernel", json_string(kname(r, mp->kernel)));
    set(j, "partition", jstr(mp->partition));
    set(j, "first_sm", jint(mp->first_sm));
    set(j, "sms", jint(mp->sms));
    set(j, "blocks_per_sm", jopt(ok, mp->m.blocks_per_sm));
    set(j, "launched_blocks", jopt(ok, mp->m.launched_blocks));
    set(j, "per_sm", per_sm);
    set(j, "workers", jopt(ok, mp->m.workers));
    set(j, "rounds", jopt(ok, mp->m.rounds));
    set(j, "workers_at_rounds", jopt(ok, mp->m.workers_at_rounds));
    return j;
}

int report_json_concurrency(const rt_report *r, json_t *root)
{
    const rt_concurrency *c = r->conc;
    if (!c)
        return 0;
    failed = false;
    json_t *occ = json_array(), *left = json_array(), *notes = json_array(),
           *maps = json_array(), *skips = json_array();
    for (size_t k = 0; k < c->n_kernels; k++)
        if (c->has_occ[k])
            push(occ, j_occupancy(r, k));
    for (size_t i = 0; i < c->n_pairs; i++)
        push(left, j_pair(r, &c->pairs[i]));
    for (size_t i = 0; c->has_sm && i < c->n_notes; i++)
        push(notes, j_note(&c->notes[i]));
    for (size_t i = 0; i < c->n_maps; i++)
        push(maps, j_mapping(r, &c->maps[i]));
    for (size_t i = 0; i < c->n_skips; i++) {
        json_t *s = json_object();
        set(s, "model", json_string(c->skips[i].model));
        set(s, "kernel", c->skips[i].kernel < 0 ? json_null()
                                                : json_string(kname(r, (size_t)c->skips[i].kernel)));
        set(s, "reason", json_string(c->skips[i].reason));
        push(skips, s);
    }
    set(json_object_get(root, "gpu"), "sm", j_sm(r));
    set(root, "occupancy", occ);
    set(root, "leftover", left);
    set(root, "leftover_notes", notes);
    set(root, "mapping", maps);
    set(root, "models_skipped", skips);
    return failed ? -1 : 0;
}
