/* report_html: the certification evidence report (docs/evidence.md sec. 2), one self-contained
 * polyglot XHTML5 page: well-formed XML that browsers read as HTML, inline CSS and SVG, no script,
 * no external reference. Every element goes through libxml2's xmlTextWriter, which escapes text
 * and attributes; no markup is assembled by hand. Nothing here computes a number: the page shows
 * the analysis, the sensitivity and the provenance it is given, so the same inputs, options and
 * date give the same bytes. */
#include "report/report.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "report/figures.h"

/* Rows of a busy-period table shown open; longer ones are folded in <details>, never cut. */
#define FOLD_ROWS 12

static const char css[] =
    "body{font-family:DejaVu Sans,Helvetica Neue,Arial,sans-serif;color:#1a1a1a;"
    "line-height:1.45;max-width:1120px;margin:1.5em auto;padding:0 1.2em;font-size:15px}"
    "h1{font-size:1.55em;margin:.2em 0}h2{font-size:1.25em;border-bottom:2px solid #333;"
    "padding-bottom:.15em;margin-top:2.2em}h3{font-size:1.05em;margin:1.4em 0 .4em}"
    "p.sub{color:#555;margin:.1em 0 1em}"
    "table{border-collapse:collapse;margin:.5em 0 1em;font-size:.88em}"
    "th,td{border:1px solid #c8c8c8;padding:.22em .5em;text-align:right;vertical-align:top}"
    "th{background:#f0f0f0}th.l,td.l{text-align:left}td.miss{color:#c0151a;font-weight:bold}"
    "td.ok{color:#1b7837}table.kv th{text-align:left;width:16em}table.kv td{text-align:left}"
    ".verdict{padding:.7em 1em;border-radius:6px;font-size:1.15em;font-weight:bold;margin:.6em 0}"
    ".pass{background:#e7f4ea;border:2px solid #1b7837}.fail{background:#fdeceb;"
    "border:2px solid #c0151a}.undecided{background:#fff4e2;border:2px solid #d9822b}"
    ".warn{background:#fff8e8;border-left:4px solid #d9822b;padding:.3em .7em;margin:.3em 0}"
    "code,pre{font-family:DejaVu Sans Mono,Menlo,Consolas,monospace;font-size:.85em}"
    "pre{background:#f5f6f8;padding:.6em .8em;white-space:pre-wrap;word-break:break-all}"
    "figure{margin:.8em 0 1.4em}figcaption{font-size:.85em;color:#444;max-width:60em}"
    "svg{max-width:100%;height:auto}details{margin:.4em 0}summary{cursor:pointer;color:#0b5394}"
    "ul.assume li{margin:.25em 0}"
    "@page{size:A4;margin:14mm}"
    "@media print{body{max-width:none;margin:0;padding:0;font-size:11px}"
    "section{break-before:page}section.first{break-before:auto}"
    "details::details-content{content-visibility:visible;display:block}"
    "tr,figure,pre{break-inside:avoid}h2,h3{break-after:avoid}}";

/* An XHTML writer: the first libxml2 failure sticks, so callers check once at the end. */
typedef struct page {
    xmlTextWriterPtr tw;
    int rc;
} page;

static void ck(page *p, int r)
{
    if (r < 0)
        p->rc = -1;
}

static void open_el(page *p, const char *tag)
{
    ck(p, xmlTextWriterStartElement(p->tw, (const xmlChar *)tag));
}

/* Close with an end tag (<td></td>, never <td/>, which HTML reads as an open tag). */
static void close_el(page *p)
{
    ck(p, xmlTextWriterFullEndElement(p->tw));
}

static void attr(page *p, const char *name, const char *value)
{
    ck(p, xmlTextWriterWriteAttribute(p->tw, (const xmlChar *)name, (const xmlChar *)value));
}

/* Text, made valid for XML: bytes that are not UTF-8 and control characters (possible in a
 * command line or a path) are shown as \xNN. */
static void text(page *p, const char *s)
{
    if (xmlCheckUTF8((const unsigned char *)s) && !strpbrk(s, "\x01\x02\x03\x04\x05\x06\x07\x08"
                                                              "\x0b\x0c\x0e\x0f\x10\x11\x12\x13"
                                                              "\x14\x15\x16\x17\x18\x19\x1a\x1b"
                                                              "\x1c\x1d\x1e\x1f\x7f")) {
        ck(p, xmlTextWriterWriteString(p->tw, (const xmlChar *)s));
        return;
    }
    size_t n = strlen(s);
    char *safe = malloc(4 * n + 1), *o = safe;
    if (!safe) {
        p->rc = -1;
        return;
    }
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c < 0x20 || *c >= 0x7f)
            o += sprintf(o, "\\x%02X", *c);
        else
            *o++ = (char)*c;
    *o = '\0';
    ck(p, xmlTextWriterWriteString(p->tw, (const xmlChar *)safe));
    free(safe);
}

static void textf(page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void textf(page *p, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    text(p, buf);
}

static void nl(page *p)
{
    ck(p, xmlTextWriterWriteRaw(p->tw, (const xmlChar *)"\n"));
}

/* <tag class=cls>text</tag> (cls may be NULL). */
static void el(page *p, const char *tag, const char *cls, const char *s)
{
    open_el(p, tag);
    if (cls)
        attr(p, "class", cls);
    text(p, s);
    close_el(p);
}

static void elf(page *p, const char *tag, const char *cls, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void elf(page *p, const char *tag, const char *cls, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    el(p, tag, cls, buf);
}

/* One <tr> of header cells; align[i] is 'l' for a left-aligned (text) column, else 'r'. */
static void head_row(page *p, const char *align, const char *const *cells)
{
    open_el(p, "tr");
    for (size_t i = 0; cells[i]; i++)
        el(p, "th", align[i] == 'l' ? "l" : NULL, cells[i]);
    close_el(p);
}

/* A key-value row of a two-column table. */
static void kv(page *p, const char *key, const char *value)
{
    open_el(p, "tr");
    el(p, "th", NULL, key);
    el(p, "td", NULL, value);
    close_el(p);
    nl(p);
}

static void kvf(page *p, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void kvf(page *p, const char *key, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    kv(p, key, buf);
}

typedef struct { char s[40]; } dur;

static dur D(int64_t ns)
{
    dur d;
    report_fmt_ns(ns, d.s, sizeof d.s);
    return d;
}

typedef struct { char s[32]; } real;

static real R(double x)
{
    real r;
    report_fmt_real(x, r.s, sizeof r.s);
    return r;
}

static void section(page *p, const char *id, const char *title, bool first)
{
    open_el(p, "section");
    attr(p, "id", id);
    if (first)
        attr(p, "class", "first");
    nl(p);
    el(p, "h2", NULL, title);
    nl(p);
}

static void end_section(page *p)
{
    close_el(p);
    nl(p);
}

static const char *name_of(const rt_report *r, size_t task)
{
    return r->ts->tasks[task].name;
}

/* ------------------------------------------------------------------ 1. verdict */

/* The sizes the search was allowed (--deploy, --min-partition-sms; docs/assignment.md
 * sec. 12): no row when neither was given. */
static void sizes_row(page *p, const rt_options *o, const rt_gpu *g)
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
        kvf(p, "Partition sizes", "at least %" PRId64 " SMs, a multiple of %" PRId64 " SMs (%s): "
            "the layout, the bound and the proof are about such layouts only",
            o->part_min_sms > g->granularity ? o->part_min_sms : g->granularity,
            o->part_step_sms > 1 ? o->part_step_sms : g->granularity, why);
    else if (o->deploy != RT_DEPLOY_ANY)
        kvf(p, "Partition sizes", "any multiple of the granularity (%" PRId64 " SMs), as %s "
            "creates every TPC-aligned size", g->granularity, rt_deploy_target_name(o->deploy));
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

static void warnings_of(page *p, const rt_diags *d, size_t *n)
{
    for (size_t i = 0; d && i < rt_diags_count(d); i++) {
        const rt_diag *g = rt_diags_get(d, i);
        if (g->kind == RT_DIAG_ERROR)
            continue;
        open_el(p, "p");
        attr(p, "class", "warn");
        if (g->file && g->line)
            textf(p, "%s:%ld: ", g->file, g->line);
        else if (g->file)
            textf(p, "%s: ", g->file);
        textf(p, "warning: %s", g->msg);
        close_el(p);
        nl(p);
        (*n)++;
    }
}

static void sec_verdict(page *p, const rt_report *r)
{
    section(p, "verdict", "1. Verdict", true);
    const assign_result *a = r->assign;
    size_t n = r->ts->n_tasks;
    open_el(p, "div");
    if (report_budget_out(r)) {
        attr(p, "class", "verdict undecided");
        if (r->budget->step == BUDGET_STEP_SENSITIVITY && r->eval && r->eval->decided)
            /* as the text report: the analysis decided; only the margins are missing */
            textf(p, "UNDECIDED: the work budget of %llu units ran out in %s: no sensitivity "
                  "figures (the analysis itself: %s)",
                  (unsigned long long)r->budget->limit_units, budget_step_text(r->budget->step),
                  r->eval->schedulable ? "every deadline holds" : "a deadline can be missed");
        else
            textf(p, "UNDECIDED: the work budget of %llu units ran out in %s; no verdict",
                  (unsigned long long)r->budget->limit_units, budget_step_text(r->budget->step));
    } else if (r->exit_status == 0) {
        attr(p, "class", "verdict pass");
        text(p, "SCHEDULABLE: every deadline holds under the model");
    } else if (a && a->status == ASSIGN_INFEASIBLE) {
        attr(p, "class", "verdict fail");
        text(p, "INFEASIBLE: no partitioning meets every deadline under the model");
    } else if (r->exit_status == 1) {
        attr(p, "class", "verdict fail");
        textf(p, "NOT SCHEDULABLE: %zu of %zu tasks can miss their deadline",
              r->eval ? r->eval->n_misses : 0, n);
    } else {
        attr(p, "class", "verdict undecided");
        text(p, "UNDECIDED: the search stopped at a limit before finding a schedulable layout");
    }
    close_el(p);
    nl(p);
    open_el(p, "table");
    attr(p, "class", "kv");
    static const char *const meaning[] = {
        "0: every deadline holds", "1: a deadline can be missed, or no partitioning meets them",
        "2: invalid input or usage",
        "3: undecided (a search limit or the work budget) or a solver failure"};
    int xs = report_exit_status(r);
    if (r->meas && r->meas->n_above)
        kvf(p, "Exit status", "1: %zu of %zu measurements exceed their bound (section 8)",
            r->meas->n_above, r->meas->n);
    else
        kv(p, "Exit status", meaning[xs >= 0 && xs <= 3 ? xs : 3]);
    kvf(p, "Task set", "%s: %zu tasks, %zu kernels", r->ts->name ? r->ts->name : "", n,
        r->ts->n_kernels);
    kvf(p, "GPU", "%s: %" PRId64 " SMs", r->gpu->name ? r->gpu->name : "", r->gpu->sms);
    if (r->eval) {
        char misses[900] = "";
        size_t len = 0;
        for (size_t i = 0; i < n && len < sizeof misses - 1; i++)
            if (!r->eval->rta[i].schedulable)
                len += (size_t)snprintf(misses + len, sizeof misses - len, "%s%s",
                                        len ? ", " : "", name_of(r, i));
        kv(p, "Missed deadlines", len ? misses : "none");
    }
    if (a) {
        char used[64] = "no schedulable layout";
        if (a->layout)
            snprintf(used, sizeof used, "%" PRId64 " of %" PRId64 " SMs used", a->sms_used,
                     r->gpu->sms);
        char secs[40] = "";   /* no wall-clock seconds under SOURCE_DATE_EPOCH */
        if (report_wall_times(r))
            snprintf(secs, sizeof secs, ", %.3f s", a->seconds);
        kvf(p, "Assignment", "search (%s): %s; %ld MIP solves%s%s%s",
            rt_objective_name(r->o->objective), used, a->iterations, secs,
            a->hit_time_limit ? ", time limit hit" : "",
            a->hit_iteration_limit ? ", iteration limit hit" : "");
    } else {
        kv(p, "Assignment", "given by the task set");
    }
    if (a)
        sizes_row(p, r->o, r->gpu);
    kv(p, "Proof statement", proof_statement(r));
    close_el(p);
    nl(p);
    el(p, "h3", NULL, "Warnings");
    size_t nw = 0;
    if (r->eval && !r->eval->exhaustive) {
        el(p, "p", "warn", "The co-runner combinations of some launch exceed the combination cap: "
                           "its bound is the coarser sound fallback (2 I(S_max) or 1 + f), not "
                           "the exhaustive maximum (exhaustive: false).");
        nw++;
    }
    warnings_of(p, r->diags, &nw);
    warnings_of(p, r->search_diags, &nw);
    if (nw == 0)
        el(p, "p", NULL, "None.");
    end_section(p);
}

/* ------------------------------------------------------------------ 2. system */

static void gpu_table(page *p, const rt_report *r)
{
    const rt_gpu *g = r->gpu;
    const model *m = r->m;
    open_el(p, "table");
    attr(p, "class", "kv");
    kv(p, "Name", g->name ? g->name : "");
    kvf(p, "SMs N", "%" PRId64, g->sms);
    kvf(p, "Partition granularity g", "%" PRId64 " SM%s%s", g->granularity,
        g->granularity == 1 ? "" : "s", g->granularity > 1 ? " (one TPC)" : "");
    kvf(p, "L2 banks", "%" PRId64, g->l2_banks);
    kvf(p, "Sp = banks / N", "%s", R(m->sp).s);
    kvf(p, "Missbanks = N - banks", "%" PRId64, m->miss_banks);
    kvf(p, "BWmax (nominal)", "%s GB/s", R(g->bw_nominal_gbps).s);
    kvf(p, "EMBW (effective)", "%s GB/s", R(g->bw_effective_gbps).s);
    kvf(p, "BWthr = BWmax * Sp", "%s GB/s", R(m->bw_thr_gbps).s);
    kvf(p, "Clock f", "%s MHz", R(g->clock_mhz).s);
    kvf(p, "alpha (Sat steepness)", "%s", R(g->alpha).s);
    kv(p, "Launch overhead", D(g->launch_overhead_ns).s);
    if (g->compute_capability)
        kvf(p, "Compute capability", "%d.%d", g->compute_capability / 10,
            g->compute_capability % 10);
    close_el(p);
    nl(p);
}

static void partitions_table(page *p, const rt_report *r)
{
    const rt_layout *l = r->layout;
    int64_t g = r->gpu->granularity;
    open_el(p, "table");
    head_row(p, "lrrrrl", (const char *const[]){"partition", "first SM", "last SM", "SMs", "TPCs",
                                          "tasks", NULL});
    for (size_t k = 0; k < l->n_parts; k++) {
        int64_t first = l->part_first_sm[k], last = first + l->part_sms[k] - 1;
        open_el(p, "tr");
        el(p, "td", "l", l->part_name[k]);
        elf(p, "td", NULL, "%" PRId64, first);
        elf(p, "td", NULL, "%" PRId64, last);
        elf(p, "td", NULL, "%" PRId64, l->part_sms[k]);
        elf(p, "td", NULL, "%" PRId64 "-%" PRId64, first / g, last / g);
        open_el(p, "td");
        attr(p, "class", "l");
        bool any = false;
        for (size_t i = 0; i < l->n_tasks; i++)
            if (l->task_part[i] == k) {
                textf(p, "%s%s", any ? ", " : "", name_of(r, i));
                any = true;
            }
        close_el(p);
        close_el(p);
        nl(p);
    }
    close_el(p);
    nl(p);
}

static void tasks_table(page *p, const rt_report *r)
{
    open_el(p, "table");
    head_row(p, "llrrrrl", (const char *const[]){"task", "partition", "priority", "period T",
                                          "deadline D", "jitter J", "kernels, in order", NULL});
    for (size_t i = 0; i < r->ts->n_tasks; i++) {
        const rt_task *t = &r->ts->tasks[i];
        open_el(p, "tr");
        el(p, "td", "l", t->name);
        el(p, "td", "l", r->layout ? r->layout->part_name[r->layout->task_part[i]] : "-");
        if (r->layout)
            elf(p, "td", NULL, "%" PRId64, r->layout->task_prio[i]);
        else
            el(p, "td", NULL, "-");
        el(p, "td", NULL, D(t->period_ns).s);
        el(p, "td", NULL, D(t->deadline_ns).s);
        el(p, "td", NULL, D(t->jitter_ns).s);
        open_el(p, "td");
        attr(p, "class", "l");
        for (size_t j = 0; j < t->n_runs; j++)
            textf(p, "%s%s", j ? ", " : "", r->ts->kernels[t->runs[j]].name);
        close_el(p);
        close_el(p);
        nl(p);
    }
    close_el(p);
    nl(p);
}

static void kernels_table(page *p, const rt_report *r)
{
    open_el(p, "table");
    head_row(p, "llrrrrrrr", (const char *const[]){"kernel", "class", "Ck(N) cycles", "BWiso GB/s",
                                          "Ubw", "Sat", "KAI", "L2 accesses", "measured points",
                                          NULL});
    for (size_t k = 0; k < r->ts->n_kernels; k++) {
        const model_kernel *mk = &r->m->kernels[k];
        const rt_kernel *kk = &r->ts->kernels[k];
        open_el(p, "tr");
        el(p, "td", "l", kk->name);
        el(p, "td", "l", model_class_name(mk->cls));
        el(p, "td", NULL, R(mk->cycles_full).s);
        el(p, "td", NULL, R(mk->bw_full_gbps).s);
        el(p, "td", NULL, R(mk->u_bw).s);
        el(p, "td", NULL, R(mk->sat).s);
        el(p, "td", NULL, R(mk->kai).s);
        elf(p, "td", NULL, "%s%s", R(mk->l2_accesses).s,
            kk->has_l2_accesses ? "" : " (estimated: bytes / 32)");
        elf(p, "td", NULL, "%zu", kk->n_measured);
        close_el(p);
        nl(p);
    }
    close_el(p);
    nl(p);
}

static void sec_system(page *p, const rt_report *r)
{
    section(p, "system", "2. System", false);
    el(p, "h3", NULL, "GPU");
    gpu_table(p, r);
    open_el(p, "figure");
    ck(p, fig_sm_map(p->tw, r));
    el(p, "figcaption", NULL, r->gpu->granularity > 1
           ? "The GPU's SMs, numbered from 0, coloured by partition; outlines group the SMs of "
             "one TPC (partitions are whole TPCs)."
           : "The GPU's SMs, numbered from 0, coloured by partition.");
    close_el(p);
    nl(p);
    if (r->layout) {
        el(p, "h3", NULL, "Partitions");
        partitions_table(p, r);
    }
    el(p, "h3", NULL, "Tasks");
    tasks_table(p, r);
    el(p, "h3", NULL, "Kernels (profiled alone on all N SMs; docs/model.md sec. 1-2)");
    kernels_table(p, r);
    end_section(p);
}

/* ------------------------------------------------------------------ 3. assumptions */

static bool any_source(const rt_report *r, model_source s)
{
    if (!r->eval)
        return false;
    for (size_t i = 0; i < r->eval->wcet.n_tasks; i++)
        for (size_t j = 0; j < r->eval->wcet.tasks[i].n_launches; j++) {
            const wcet_launch *ln = &r->eval->wcet.tasks[i].launches[j];
            if (model_at(r->m, ln->kernel, ln->sms)->source == s)
                return true;
        }
    return false;
}

static bool any_corunning(const rt_report *r)
{
    for (size_t i = 0; r->eval && i < r->eval->wcet.n_tasks; i++)
        for (size_t j = 0; j < r->eval->wcet.tasks[i].n_launches; j++) {
            const wcet_launch *ln = &r->eval->wcet.tasks[i].launches[j];
            for (size_t w = 0; w < ln->n_windows; w++)
                if (ln->windows[w].n_kernels > 1)
                    return true;
        }
    return false;
}

static void li(page *p, const char *s)
{
    el(p, "li", NULL, s);
    nl(p);
}

static void sec_assumptions(page *p, const rt_report *r)
{
    const rt_options *o = r->o;
    section(p, "assumptions", "3. Assumptions and limits", false);
    open_el(p, "ul");
    attr(p, "class", "assume");
    nl(p);
    char buf[900];
    snprintf(buf, sizeof buf, "Model: the memory-aware WCET model of Masola et al. (JSSPP 2023), "
             "revision %d of this project's reading (docs/model.md).", RT_MODEL_REVISION);
    li(p, buf);
    li(p, o->windows == RT_WINDOWS_WORST_CASE
              ? "Windows: worst-case. Each launch is charged the supremum, over every window "
                "length and every combination of one kernel per other partition, of its "
                "interference multiplier M*(k,S): a bound for any release pattern of the "
                "other partitions."
              : "Windows: synchronous. Windows come from the paper's scenario (every task "
                "released at 0, each partition's launches back to back in priority order). "
                "This is NOT a bound for other release patterns: use worst-case windows for "
                "a guarantee.");
    if (o->interference == RT_INTF_MASOLA)
        li(p, "Interference: masola (eq. 5-16): L2 contention I(w) and the bandwidth penalty "
              "Pi(k,w), M = I * Pi, with Pi clamped to [1, 2] and M = 1 for a kernel alone.");
    else if (o->interference == RT_INTF_NAIVE) {
        snprintf(buf, sizeof buf, "Interference: naive (sec. 7.2): M = 1 + f with f = %s in every "
                 "window shared with another partition's kernel. The paper reports 42.38%% mean "
                 "error for this method against 5%% for eq. 8.", R(o->naive_factor).s);
        li(p, buf);
    } else {
        li(p, "Interference: none (M = 1): isolated bounds only. They are NOT bounds for "
              "kernels that share the GPU with other partitions; use them to see the cost of "
              "interference.");
    }
    snprintf(buf, sizeof buf, "Margin: %s, applied to Tc(k,n,W): WCET = ceil((1 + margin) * Tc "
             "* 1000 / f) + launch overhead, rounded up to whole ns (only representation noise "
             "of at most min(1e-12 x, 0.001) ns is forgiven).", R(o->margin).s);
    li(p, buf);
    snprintf(buf, sizeof buf, "Priorities: %s; non-preemptive fixed-priority scheduling per "
             "partition, response times by Davis et al. (2007) with a 1 ns tick "
             "(docs/analysis.md). Equal priorities interfere with each other.",
             rt_prio_name(o->priorities));
    li(p, buf);
    li(p, "Validation limits reported by the paper: eq. 8 had a mean error of 10.7% over 107 "
          "kernel groups (420 predictions) with an over-estimation bias, and under-estimated by "
          "up to 20% in 1 case of 420; eq. 4 alone ranged from -30% to +10% per kernel, "
          "memory-bound kernels being the worst. The margin is what covers such errors.");
    li(p, "Kernels are not preempted; a partition runs one kernel at a time; a job runs its "
          "launches in order on its task's partition; partitions never share SMs.");
    open_el(p, "li");
    text(p, "Choices of docs/model.md that affected numbers in this report:");
    open_el(p, "ul");
    if (any_source(r, MODEL_SRC_FLOOR))
        li(p, "floor: eq. 4 predicted some kernel faster on its partition than on all N SMs; "
              "the value used is Ck(N) (table rows with source \"floor\").");
    bool est = false;
    for (size_t k = 0; k < r->ts->n_kernels; k++)
        est |= !r->ts->kernels[k].has_l2_accesses;
    if (est && o->interference == RT_INTF_MASOLA)
        li(p, "L2 accesses: not given for some kernel, estimated as bytes moved / 32 (only "
              "ratios of L2 counts enter the model).");
    if (o->interference == RT_INTF_MASOLA && any_corunning(r)) {
        li(p, "bounds on Pi: eq. 15 applied as printed and clamped to [1, 2].");
        li(p, "which n: inside sums over the kernels of a window, each kernel uses its own "
              "partition size.");
    }
    li(p, "alone: a kernel alone in a window has M = 1 (C(k,n) already holds its own "
          "bandwidth).");
    li(p, "margin on Tc: the paper states the margin for eq. 4; it is applied to Tc(k,n,W), "
          "which is never smaller.");
    close_el(p);   /* inner ul */
    close_el(p);   /* li */
    close_el(p);   /* ul.assume */
    nl(p);
    end_section(p);
}

/* ------------------------------------------------------------------ 4. results */

static void results_partition(page *p, const rt_report *r, size_t k)
{
    const rt_layout *l = r->layout;
    const sens_result *s = r->sens;
    elf(p, "h3", NULL, "Partition %s: SMs %" PRId64 "-%" PRId64 " (%" PRId64 " SMs)",
        l->part_name[k], l->part_first_sm[k], l->part_first_sm[k] + l->part_sms[k] - 1,
        l->part_sms[k]);
    open_el(p, "table");
    head_row(p, "lrrrrrrrrl", (const char *const[]){"task", "prio", "T", "D", "C", "B", "R", "slack D-R",
                                          "WCET headroom", "verdict", NULL});
    nl(p);
    for (size_t i = 0; i < l->n_tasks; i++) {
        if (l->task_part[i] != k)
            continue;
        const rt_task *t = &r->ts->tasks[i];
        const rta_result *res = &r->eval->rta[i];
        bool bounded = res->status == RTA_BOUNDED;
        open_el(p, "tr");
        el(p, "td", "l", t->name);
        elf(p, "td", NULL, "%" PRId64, l->task_prio[i]);
        el(p, "td", NULL, D(t->period_ns).s);
        el(p, "td", NULL, D(t->deadline_ns).s);
        el(p, "td", NULL, D(r->eval->wcet.tasks[i].wcet_ns).s);
        el(p, "td", NULL, D(res->blocking_ns).s);
        el(p, "td", NULL, bounded ? D(res->wcrt_ns).s : "unbounded");
        el(p, "td", NULL, bounded ? D(t->deadline_ns - res->wcrt_ns).s : "-");
        el(p, "td", NULL, s && s->tasks[i].has_headroom ? D(s->tasks[i].headroom_ns).s
                                                         : "none");
        el(p, "td", res->schedulable ? "l ok" : "l miss",
           res->schedulable ? "ok" : bounded ? "MISS" : "MISS (unbounded)");
        close_el(p);
        nl(p);
    }
    close_el(p);
    nl(p);
}

static void fmt_k(int64_t k, char *buf, size_t size)
{
    snprintf(buf, size, "%" PRId64 ".%04" PRId64, k / SENS_UNIT, k % SENS_UNIT);
}

static void sensitivity_block(page *p, const rt_report *r)
{
    const sens_result *s = r->sens;
    const rt_layout *l = r->layout;
    char k[32];
    el(p, "h3", NULL, "Sensitivity (docs/evidence.md sec. 1)");
    elf(p, "p", NULL, "Every figure below was checked by analysing the changed system (%" PRIu64
        " candidate analyses%s): the value passes and the next step beyond it fails.",
        s->analyses, s->exhaustive ? "" : "; some NOT exhaustive: combination cap hit");
    open_el(p, "table");
    attr(p, "class", "kv");
    if (s->has_scaling) {
        fmt_k(s->scaling_k, k, sizeof k);
        kvf(p, "Critical scaling factor", "%s%s: every launch WCET w becomes ceil(a w); "
            "precision 1e-4, rounded down", s->scaling_k == SENS_SCALE_MAX_K ? "at least " : "", k);
    } else {
        kv(p, "Critical scaling factor", "none: a deadline is missed even with zero WCETs");
    }
    if (s->has_margin) {
        fmt_k(s->margin_k, k, sizeof k);
        kvf(p, "Largest margin", "%s%s (analysed with %s); precision 1e-4, rounded down",
            s->margin_k == SENS_MARGIN_MAX_K ? "at least " : "", k, R(r->o->margin).s);
    } else {
        kv(p, "Largest margin", "none: a deadline is missed even with margin 0");
    }
    for (size_t q = 0; q < s->n_parts; q++) {
        char key[300];
        snprintf(key, sizeof key, "Smallest size of %s", l->part_name[q]);
        if (s->has_min_sms[q])
            kvf(p, key, "%" PRId64 " SMs (now %" PRId64 "; other partitions and the mapping "
                "unchanged)", s->min_sms[q], l->part_sms[q]);
        else if (s->scan_last_sms[q] < s->scan_first_sms[q])
            kvf(p, key, "none: the other partitions leave fewer than %" PRId64 " SMs",
                s->scan_first_sms[q]);
        else
            kvf(p, key, "none passes in %" PRId64 "..%" PRId64 " SMs (a larger size would "
                "overlap the other partitions; other partitions and the mapping unchanged)",
                s->scan_first_sms[q], s->scan_last_sms[q]);
    }
    close_el(p);
    nl(p);
    el(p, "p", NULL, "WCET headroom: the largest d (exact, 1 ns) such that C_i + d keeps every "
                     "deadline of the task's partition, everything else unchanged.");
}

static void explanation(page *p, const rt_report *r, size_t i)
{
    const sens_task *t = &r->sens->tasks[i];
    const sens_job *j = &t->job;
    const sens_explain *x = t->explain;
    size_t q = r->layout->task_part[i];
    elf(p, "h3", NULL, "Why %s misses its deadline", name_of(r, i));
    open_el(p, "table");
    attr(p, "class", "kv");
    if (j->bounded) {
        kv(p, "R - D", D(x->excess_ns).s);
        kvf(p, "Worst job", "q = %" PRId64, j->q);
        kv(p, "Jitter J", D(j->jitter_ns).s);
        kvf(p, "Blocking B", "%s%s%s", D(j->blocking_ns).s,
            j->blocking_task == SIZE_MAX ? "" : " by ",
            j->blocking_task == SIZE_MAX ? "" : name_of(r, j->blocking_task));
        kv(p, "Earlier own jobs q C", D(j->own_earlier_ns).s);
        for (size_t h = 0; h < j->n_hp; h++) {
            char key[300];
            snprintf(key, sizeof key, "Higher priority %s", name_of(r, j->hp[h].task));
            kvf(p, key, "%" PRId64 " jobs: %s", j->hp[h].jobs, D(j->hp[h].ns).s);
        }
        kv(p, "Own WCET C", D(j->own_ns).s);
        kv(p, "minus q T", D(j->release_offset_ns).s);
        kv(p, "R = J + B + q C + hp + C - q T", D(j->wcrt_ns).s);
    } else {
        kv(p, "Response time", "unbounded: the utilisation of the task and those of higher or "
                               "equal priority reaches 1, or a fixpoint passed its bound");
    }
    kv(p, "Without interference",
       !x->without_intf_bounded ? "R still unbounded"
       : x->without_intf_meets ? "the deadline holds: interference causes this miss"
                               : "still a miss: interference alone does not cause it");
    if (x->without_intf_bounded)
        kv(p, "R without interference", D(x->without_intf_ns).s);
    if (t->has_pass_sms)
        kvf(p, "Size at which it passes", "%s with %" PRId64 " SMs (now %" PRId64 "; the "
            "other partitions and the mapping unchanged)", r->layout->part_name[q], t->pass_sms,
            r->layout->part_sms[q]);
    else
        kvf(p, "Size at which it passes", "none: no size of %s alone makes it meet its deadline",
            r->layout->part_name[q]);
    if (r->sens->has_min_sms[q])
        kvf(p, "Size at which every deadline holds", "%s with %" PRId64 " SMs",
            r->layout->part_name[q], r->sens->min_sms[q]);
    else
        kvf(p, "Size at which every deadline holds", "none by resizing %s alone",
            r->layout->part_name[q]);
    close_el(p);
    nl(p);
}

/* The block-level models (docs/concurrency.md): occupancy, the leftover check per partition,
 * the launch mapping; notes beside the verdict, computed in analysis/concurrency.c. */
static void limiting_cell(page *p, unsigned lim)
{
    char buf[160] = "";
    size_t n = 0;
    for (int f = 0; f < OCC_N_FACTORS && n < sizeof buf; f++)
        if (lim & (1u << f))
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", n ? ", " : "",
                                  occ_factor_name((occ_factor)f));
    el(p, "td", "l", buf);
}

static void conc_occupancy(page *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    bool any = false;
    for (size_t k = 0; k < c->n_kernels; k++)
        any |= c->has_occ[k];
    if (!any)
        return;
    el(p, "h4", NULL, "Occupancy (isolated, per SM)");
    open_el(p, "table");
    head_row(p, "lrlrrrr", (const char *const[]){"kernel", "blocks/SM", "limited by",
                                           "occupancy", "warps/block", "registers/block",
                                           "shared memory/block (bytes)", NULL});
    for (size_t k = 0; k < c->n_kernels; k++) {
        if (!c->has_occ[k])
            continue;
        const occ_result *o = &c->occ[k];
        open_el(p, "tr");
        el(p, "td", "l", r->ts->kernels[k].name);
        elf(p, "td", NULL, "%" PRId64, o->active_blocks);
        limiting_cell(p, o->limiting);
        elf(p, "td", NULL, "%" PRId64 "/%" PRId64, o->occ_num, o->occ_den);
        elf(p, "td", NULL, "%" PRId64, o->d.warps);
        elf(p, "td", NULL, "%" PRId64 "%s", o->d.registers,
            o->d.registers_assumed ? " (not given: 0)" : "");
        elf(p, "td", NULL, "%" PRId64 "%s", o->d.shared_memory_block,
            o->d.shared_memory_assumed ? " (not given: 0)" : "");
        close_el(p);
        nl(p);
    }
    close_el(p);
    nl(p);
}

static void conc_leftover(page *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    if (!c->has_sm || c->n_notes == 0)
        return;
    elf(p, "h4", NULL, "Leftover check (Cruz et al., blocks %s)",
        lo_distribution_name(c->distribution));
    open_el(p, "table");
    head_row(p, "lrrrl", (const char *const[]){"partition", "SMs", "kernels launched",
                                         "ordered pairs that would overlap", "note", NULL});
    for (size_t i = 0; i < c->n_notes; i++) {
        const conc_note *n = &c->notes[i];
        open_el(p, "tr");
        el(p, "td", "l", n->partition ? n->partition : "GPU");
        elf(p, "td", NULL, "%" PRId64, n->sms);
        elf(p, "td", NULL, "%zu", n->n_kernels);
        if (n->over_cap)
            elf(p, "td", NULL, "not checked (over %d pairs)", CONC_MAX_PAIRS);
        else if (n->n_pairs == 0)
            el(p, "td", NULL, "-");
        else
            elf(p, "td", NULL, "%zu of %zu", n->n_overlap, n->n_pairs);
        el(p, "td", "l", n->over_cap ? "too many pairs to check"
                         : n->n_pairs == 0 ? "fewer than two kernels: no pair to check"
                         : n->n_overlap ? "on separate streams some kernels would run together; "
                                          "the analysis serializes a partition's launches, so "
                                          "the verdict stands"
                                        : "no pair would overlap (all case C)");
        close_el(p);
        nl(p);
    }
    close_el(p);
    nl(p);
}

/* Every ordered pair k1 -> k2 checked, folded: case and k2's slowdown (Cruz et al.). */
static void conc_pairs(page *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    if (!c->has_sm || c->n_pairs == 0)
        return;
    open_el(p, "details");
    elf(p, "summary", NULL, "all %zu ordered pairs", c->n_pairs);
    open_el(p, "table");
    head_row(p, "llllr", (const char *const[]){"k1 (first)", "k2 (second)", "partition", "case",
                                         "k2 slowdown", NULL});
    for (size_t i = 0; i < c->n_pairs; i++) {
        const conc_pair *q = &c->pairs[i];
        open_el(p, "tr");
        el(p, "td", "l", r->ts->kernels[q->first].name);
        el(p, "td", "l", r->ts->kernels[q->second].name);
        elf(p, "td", "l", "%s (%" PRId64 " SMs)", q->partition ? q->partition : "GPU", q->sms);
        if (q->range_error) {
            el(p, "td", "l", "not computed (64-bit overflow)");
            el(p, "td", NULL, "-");
        } else {
            el(p, "td", "l", lo_case_name(q->r.kase));
            if (q->r.has_slowdown)
                elf(p, "td", NULL, "%" PRId64 "/%" PRId64 " (%.3f)", q->r.slowdown_num,
                    q->r.slowdown_den, q->r.slowdown);
            else
                el(p, "td", NULL, "-");
        }
        close_el(p);
        nl(p);
    }
    close_el(p);
    close_el(p);
    nl(p);
}

static void conc_maps(page *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    if (c->n_maps == 0)
        return;
    el(p, "h4", NULL, "Launch mapping (Janzen et al.)");
    open_el(p, "table");
    head_row(p, "llrrrr", (const char *const[]){"kernel", "partition (SMs)", "blocks/SM",
                                          "launched blocks", "workers", "rounds", NULL});
    for (size_t i = 0; i < c->n_maps; i++) {
        const conc_mapping *mp = &c->maps[i];
        open_el(p, "tr");
        el(p, "td", "l", r->ts->kernels[mp->kernel].name);
        elf(p, "td", "l", "%s (%" PRId64 "-%" PRId64 ")", mp->partition ? mp->partition : "GPU",
            mp->first_sm, mp->first_sm + mp->sms - 1);
        if (mp->range_error) {
            el(p, "td", NULL, "-");
            el(p, "td", NULL, "-");
            el(p, "td", NULL, "-");
            el(p, "td", NULL, "not computed (64-bit overflow)");
        } else {
            elf(p, "td", NULL, "%" PRId64, mp->m.blocks_per_sm);
            elf(p, "td", NULL, "%" PRId64, mp->m.launched_blocks);
            elf(p, "td", NULL, "%" PRId64, mp->m.workers);
            elf(p, "td", NULL, "%" PRId64, mp->m.rounds);
        }
        close_el(p);
        nl(p);
    }
    close_el(p);
    nl(p);
}

/* The skipped models, folded as in the text report: one paragraph per model and reason. */
static void conc_skips(page *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    for (size_t i = 0; i < c->n_skips; i++) {
        const conc_skip *s = &c->skips[i];
        if (s->kernel < 0) {
            elf(p, "p", NULL, "Not computed: %s: %s.", s->model, s->reason);
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
        elf(p, "p", NULL, "Not computed: %s for %s %s: %s.", s->model,
            n == 1 ? "kernel" : "kernels", names, s->reason);
    }
}

static void conc_block(page *p, const rt_report *r)
{
    const rt_concurrency *c = r->conc;
    if (!c)
        return;
    el(p, "h3", NULL, "Block-level notes");
    el(p, "p", NULL, "How the hardware would place the kernels' thread blocks (the models of "
                     "docs/concurrency.md). These are notes beside the verdict: none of them "
                     "changes a WCET or a response time above.");
    conc_occupancy(p, r);
    conc_leftover(p, r);
    conc_pairs(p, r);
    conc_maps(p, r);
    conc_skips(p, r);
}

static void sec_results(page *p, const rt_report *r)
{
    section(p, "results", "4. Results", false);
    if (!r->layout || !r->eval) {
        el(p, "p", NULL, "No layout was analysed: the search found no schedulable layout.");
        end_section(p);
        return;
    }
    for (size_t k = 0; k < r->layout->n_parts; k++)
        results_partition(p, r, k);
    if (r->sens) {
        sensitivity_block(p, r);
        for (size_t i = 0; i < r->ts->n_tasks; i++)
            if (r->sens->tasks[i].explain)
                explanation(p, r, i);
    }
    conc_block(p, r);
    end_section(p);
}

/* ------------------------------------------------------------------ 5. derivations */

static void window_row(page *p, const rt_report *r, const wcet_window *w)
{
    open_el(p, "tr");
    elf(p, "td", NULL, "[%s, %s)", R(w->start_cycles).s, R(w->end_cycles).s);
    open_el(p, "td");
    attr(p, "class", "l");
    for (size_t i = 0; i < w->n_kernels; i++)
        textf(p, "%s%s", i ? " + " : "", r->ts->kernels[w->kernels[i]].name);
    close_el(p);
    el(p, "td", "l", r->o->windows == RT_WINDOWS_WORST_CASE ? intf_case_name(w->sup_case) : "-");
    el(p, "td", NULL, R(w->bw_gbps).s);
    el(p, "td", NULL, R(w->I).s);
    el(p, "td", NULL, R(w->Pi).s);
    el(p, "td", NULL, R(w->M).s);
    close_el(p);
    nl(p);
}

static void launch_derivation(page *p, const rt_report *r, size_t i, size_t j)
{
    const wcet_launch *ln = &r->eval->wcet.tasks[i].launches[j];
    const model_point *pt = model_at(r->m, ln->kernel, ln->sms);
    elf(p, "p", NULL, "Run %zu: kernel %s on %" PRId64 " SMs: C(k,n) = %s cycles (source %s; "
        "bandwidth %s GB/s, source %s)%s", j + 1, r->ts->kernels[ln->kernel].name, ln->sms,
        R(ln->isolated_cycles).s, model_source_name(pt->source), R(pt->bw_gbps).s,
        model_source_name(pt->bw_source),
        ln->exhaustive ? "" : "; NOT exhaustive: combination cap hit, fallback bound");
    open_el(p, "table");
    head_row(p, "rllrrrr", (const char *const[]){"window (cycles)", "kernels K(w): S*", "case",
                                          "B(w) GB/s", "I", "Pi", "M", NULL});
    for (size_t w = 0; w < ln->n_windows; w++)
        window_row(p, r, &ln->windows[w]);
    close_el(p);
    nl(p);
    open_el(p, "pre");
    textf(p, "Tc(k,n,W) = sum of size(w) * M(k,w) = %s cycles (M = Tc / C = %s)\n"
          "WCET = ceil((1 + margin) * Tc * 1000 / f) + launch overhead\n"
          "     = ceil((1 + %s) * %s * 1000 / %s) + %" PRId64 " ns = %" PRId64 " ns (%s)",
          R(ln->interference_cycles).s, R(ln->multiplier).s, R(r->o->margin).s,
          R(ln->interference_cycles).s, R(r->gpu->clock_mhz).s, r->gpu->launch_overhead_ns,
          ln->wcet_ns, D(ln->wcet_ns).s);
    close_el(p);
    nl(p);
}

static void steps_table(page *p, const rta_result *res)
{
    open_el(p, "table");
    head_row(p, "rrr", (const char *const[]){"q", "w(q) ns", "R(q) = J + w - qT + C ns", NULL});
    for (size_t s = 0; s < res->n_steps; s++) {
        open_el(p, "tr");
        elf(p, "td", NULL, "%" PRId64, res->steps[s].q);
        elf(p, "td", NULL, "%" PRId64, res->steps[s].w_ns);
        elf(p, "td", NULL, "%" PRId64, res->steps[s].r_ns);
        close_el(p);
        nl(p);
    }
    close_el(p);
    nl(p);
}

static void rta_derivation(page *p, const rt_report *r, size_t i)
{
    const rta_result *res = &r->eval->rta[i];
    const rt_task *t = &r->ts->tasks[i];
    open_el(p, "pre");
    textf(p, "C = %" PRId64 " ns, T = %" PRId64 " ns, D = %" PRId64 " ns, J = %" PRId64
          " ns, B = max C of lower priority = %" PRId64 " ns",
          r->eval->wcet.tasks[i].wcet_ns, t->period_ns, t->deadline_ns, t->jitter_ns,
          res->blocking_ns);
    if (res->status == RTA_BOUNDED)
        textf(p, "\nbusy period t = %" PRId64 " ns, Q = ceil((t + J) / T) = %" PRId64 " jobs\n"
              "R = max over q of R(q) = %" PRId64 " ns (q = %" PRId64 ")", res->busy_ns,
              res->q_jobs, res->wcrt_ns, res->worst_q);
    else
        textf(p, "\nresponse time unbounded: %s", rta_status_name(res->status));
    close_el(p);
    nl(p);
    if (res->status != RTA_BOUNDED || res->n_steps == 0)
        return;
    if (res->n_steps <= FOLD_ROWS) {
        steps_table(p, res);
        return;
    }
    open_el(p, "details");
    elf(p, "summary", NULL, "all %zu jobs of the busy period", res->n_steps);
    steps_table(p, res);
    close_el(p);
    nl(p);
}

static void sec_derivations(page *p, const rt_report *r)
{
    section(p, "derivations", "5. Derivations", false);
    if (!r->eval) {
        el(p, "p", NULL, "No layout was analysed.");
        end_section(p);
        return;
    }
    el(p, "p", NULL, "Every operand of every WCET and response time, in the order the analysis "
                     "computed them (docs/model.md, docs/analysis.md).");
    for (size_t i = 0; i < r->ts->n_tasks; i++) {
        elf(p, "h3", NULL, "%s (partition %s)", name_of(r, i),
            r->layout->part_name[r->layout->task_part[i]]);
        for (size_t j = 0; j < r->eval->wcet.tasks[i].n_launches; j++)
            launch_derivation(p, r, i, j);
        elf(p, "p", NULL, "C = sum of the launch WCETs = %" PRId64 " ns",
            r->eval->wcet.tasks[i].wcet_ns);
        rta_derivation(p, r, i);
    }
    end_section(p);
}

/* ------------------------------------------------------------------ 6. figures */

static void sec_figures(page *p, const rt_report *r)
{
    section(p, "figures", "6. Figures", false);
    if (r->eval && r->sens) {
        el(p, "h3", NULL, "Worst-case scenario of each task's critical job");
        for (size_t i = 0; i < r->ts->n_tasks; i++) {
            open_el(p, "figure");
            if (r->sens->tasks[i].job.bounded) {
                ck(p, fig_scenario(p->tw, r, i));
                elf(p, "figcaption", NULL, "%s: its critical job (q = %" PRId64 ") as the "
                    "response-time analysis accounts for it: the blocking job, then the "
                    "earlier jobs of %s and the higher-priority jobs (shown back to back in "
                    "priority order; any order gives the same finish), then the job itself.",
                    name_of(r, i), r->sens->tasks[i].job.q, name_of(r, i));
            } else {
                elf(p, "figcaption", NULL, "%s: no scenario: its response time is unbounded.",
                    name_of(r, i));
            }
            close_el(p);
            nl(p);
        }
    }
    el(p, "h3", NULL, "Isolated scaling of each kernel");
    for (size_t k = 0; k < r->ts->n_kernels; k++) {
        open_el(p, "figure");
        ck(p, fig_kernel_curves(p->tw, r, k));
        elf(p, "figcaption", NULL, "%s: C(k,n) and BW(k,n) for every allowed partition size n "
            "(docs/model.md sec. 2); black dots are measured points.", r->ts->kernels[k].name);
        close_el(p);
        nl(p);
    }
    if (r->assign)
        el(p, "p", NULL, "The layouts tried by the search are not recorded by this version; the "
                         "search's result and proof statement are in section 1.");
    end_section(p);
}

/* ------------------------------------------------------------------ 7. provenance */

static void hex32(const unsigned char *h, char out[65])
{
    for (int i = 0; i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", h[i]);
}

static void sec_provenance(page *p, const rt_report *r)
{
    const rt_provenance *pv = r->prov;
    char ts_hex[65], gpu_hex[65];
    hex32(r->ts->sha256, ts_hex);
    hex32(r->gpu->sha256, gpu_hex);
    section(p, "provenance", "7. Provenance", false);
    open_el(p, "table");
    attr(p, "class", "kv");
    kvf(p, "Tool", "%s %s", pv ? pv->tool : "rtgpu-analyze", r->tool_version);
    kvf(p, "Model revision", "%d", RT_MODEL_REVISION);
    if (pv) {
        kv(p, "Command line", pv->command_line);
        kvf(p, "Date", "%s (%s)", pv->date,
            pv->from_source_date_epoch ? "from SOURCE_DATE_EPOCH" : "the clock of the run");
    }
    kvf(p, "Task set", "%s, SHA-256 %s", r->ts->path, ts_hex);
    kvf(p, "GPU", "%s, SHA-256 %s", r->gpu->path, gpu_hex);
    if (pv)
        kvf(p, "Libraries", "libxml2 %s, GLPK %s, jansson %s, %s", pv->libxml2, pv->glpk,
            pv->jansson, pv->libc);
    close_el(p);
    nl(p);
    if (pv) {
        el(p, "h3", NULL, "To reproduce");
        el(p, "p", NULL, "Check the inputs, then run the same command with the same date:");
        open_el(p, "pre");
        textf(p, "sha256sum -c <<'EOF'\n%s  %s\n%s  %s\nEOF\nSOURCE_DATE_EPOCH=%" PRId64 " %s",
              ts_hex, r->ts->path, gpu_hex, r->gpu->path, pv->epoch_s, pv->command_line);
        close_el(p);
        nl(p);
    }
    end_section(p);
}

/* ------------------------------------------------------------------ 8. measurements */

static void meas_summary(page *p, const rt_report *r)
{
    const meas_result *m = r->meas;
    const meas_stats *s = &m->stats;
    char hex[65];
    hex32(r->meas_in->sha256, hex);
    open_el(p, "table");
    attr(p, "class", "kv");
    kvf(p, "File", "%s (sha256 %s)", r->meas_in->path, hex);
    kvf(p, "Observations", "%zu %s", m->n,
        m->kind == RT_MEAS_JOBS ? "job response times" : "kernel times");
    kv(p, "Checked against", m->kind == RT_MEAS_JOBS
       ? "the analysed worst-case response time R of the task (from its arrival)"
       : "the WCET of that launch beside those co-runners, each on its own partition: "
         "ceil((1 + margin) C(k,n) max over S of M*(k,S) 1000 / f) + launch overhead, "
         "worst-case windows");
    kvf(p, "Above their bound", "%zu%s", m->n_above,
        m->n_above ? ": the model is invalid there" : "");
    if (m->kind == RT_MEAS_KERNELS)
        kvf(p, "Above the model without the margin", "%zu", m->n_above_model);
    else
        kvf(p, "Without a bound (unbounded R)", "%zu", m->n_unbounded);
    if (s->n)
        kvf(p, "Tightness (observed / bound)", "min %.6f, median %.6f, p90 %.6f, p99 %.6f, "
            "max %.6f, mean %.6f (%zu observations; nearest-rank quantiles)", s->min, s->median,
            s->p90, s->p99, s->max, s->mean, s->n);
    close_el(p);
    nl(p);
    el(p, "h3", NULL, "Tightness distribution");
    open_el(p, "table");
    open_el(p, "tr");
    el(p, "th", "l", "observed / bound");
    for (size_t b = 0; b < MEAS_BINS; b++)
        el(p, "th", NULL, report_meas_bin_name(b));
    close_el(p);
    open_el(p, "tr");
    el(p, "th", "l", "observations");
    for (size_t b = 0; b < MEAS_BINS; b++)
        elf(p, "td", b + 1 == MEAS_BINS && s->bins[b] ? "miss" : NULL, "%zu", s->bins[b]);
    close_el(p);
    close_el(p);
    nl(p);
}

static void meas_row(page *p, const rt_report *r, size_t i)
{
    char label[600];
    report_meas_label(r, i, label, sizeof label);
    open_el(p, "tr");
    if (r->meas->kind == RT_MEAS_JOBS) {
        const meas_job_check *c = &r->meas->jobs[i];
        elf(p, "td", NULL, "%ld", r->meas_in->jobs[i].line);
        el(p, "td", "l", label);
        el(p, "td", NULL, D(c->observed_ns).s);
        el(p, "td", NULL, c->bounded ? D(c->bound_ns).s : "unbounded");
        el(p, "td", NULL, c->bounded ? R(c->tightness).s : "");
        el(p, "td", c->above ? "miss" : "ok", c->above ? "ABOVE" : "within");
    } else {
        const meas_kernel_check *c = &r->meas->kernels[i];
        elf(p, "td", NULL, "%ld", r->meas_in->kernels[i].line);
        el(p, "td", "l", label);
        el(p, "td", NULL, D(c->observed_ns).s);
        el(p, "td", NULL, D(c->bound_ns).s);
        el(p, "td", NULL, R(c->tightness).s);
        elf(p, "td", NULL, "%.6g", c->multiplier);
        el(p, "td", "l", intf_case_name(c->sup_case));
        el(p, "td", c->above ? "miss" : "ok", c->above ? "ABOVE" : "within");
    }
    close_el(p);
    nl(p);
}

static void meas_table(page *p, const rt_report *r, bool only_above)
{
    static const char *const kernel_cols[] = {"line", "observation", "observed", "bound",
                                              "tightness", "M", "case", "", NULL};
    static const char *const job_cols[] = {"line", "observation", "response", "bound R",
                                           "tightness", "", NULL};
    open_el(p, "table");
    head_row(p, r->meas->kind == RT_MEAS_JOBS ? "rlrrrl" : "rlrrrrll",
             r->meas->kind == RT_MEAS_JOBS ? job_cols : kernel_cols);
    for (size_t i = 0; i < r->meas->n; i++) {
        bool above = r->meas->kind == RT_MEAS_JOBS ? r->meas->jobs[i].above
                                                   : r->meas->kernels[i].above;
        if (above || !only_above)
            meas_row(p, r, i);
    }
    close_el(p);
    nl(p);
}

static void sec_measurements(page *p, const rt_report *r)
{
    if (!r->meas)
        return;
    section(p, "measurements", "8. Measurements against the bounds", false);
    open_el(p, "div");
    attr(p, "class", r->meas->n_above ? "verdict fail" : "verdict pass");
    if (r->meas->n_above)
        textf(p, "MODEL INVALID: %zu of %zu observations exceed their bound", r->meas->n_above,
              r->meas->n);
    else
        textf(p, "All %zu observations with a bound are within it",
              r->meas->n - r->meas->n_unbounded);
    close_el(p);
    nl(p);
    meas_summary(p, r);
    el(p, "h3", NULL, "Observations above their bound");
    if (r->meas->n_above)
        meas_table(p, r, true);
    else
        el(p, "p", NULL, "None.");
    el(p, "h3", NULL, "Every observation");
    open_el(p, "details");
    if (r->meas->n <= FOLD_ROWS)
        attr(p, "open", "open");
    elf(p, "summary", NULL, "%zu observations", r->meas->n);
    meas_table(p, r, false);
    close_el(p);
    end_section(p);
}

/* ------------------------------------------------------------------ page */

static void head(page *p, const rt_report *r)
{
    open_el(p, "head");
    open_el(p, "meta");
    attr(p, "charset", "UTF-8");
    ck(p, xmlTextWriterEndElement(p->tw));   /* void element: <meta .../> */
    open_el(p, "title");
    textf(p, "Schedulability evidence: %s on %s", r->ts->name ? r->ts->name : "task set",
          r->gpu->name ? r->gpu->name : "GPU");
    close_el(p);
    open_el(p, "style");
    text(p, css);
    close_el(p);
    close_el(p);
    nl(p);
}

static void body(page *p, const rt_report *r)
{
    open_el(p, "body");
    nl(p);
    elf(p, "h1", NULL, "Schedulability evidence: %s", r->ts->name ? r->ts->name : "task set");
    elf(p, "p", "sub", "on %s; %s %s, model revision %d%s%s",
        r->gpu->name ? r->gpu->name : "GPU", r->prov ? r->prov->tool : "rtgpu-analyze",
        r->tool_version, RT_MODEL_REVISION, r->prov ? "; " : "", r->prov ? r->prov->date : "");
    nl(p);
    sec_verdict(p, r);
    sec_system(p, r);
    sec_assumptions(p, r);
    sec_results(p, r);
    sec_derivations(p, r);
    sec_figures(p, r);
    sec_provenance(p, r);
    sec_measurements(p, r);
    close_el(p);
}

int report_html(const rt_report *r, FILE *out)
{
    xmlBufferPtr buf = xmlBufferCreate();
    page p = { .tw = buf ? xmlNewTextWriterMemory(buf, 0) : NULL, .rc = 0 };
    if (!p.tw) {
        xmlBufferFree(buf);
        return -1;
    }
    /* No XML declaration (polyglot markup has none); the HTML doctype, as an XML DTD node. */
    ck(&p, xmlTextWriterWriteDTD(p.tw, (const xmlChar *)"html", NULL, NULL, NULL));
    nl(&p);
    open_el(&p, "html");
    attr(&p, "xmlns", "http://www.w3.org/1999/xhtml");
    attr(&p, "lang", "en");
    attr(&p, "xml:lang", "en");
    nl(&p);
    head(&p, r);
    body(&p, r);
    close_el(&p);
    nl(&p);
    ck(&p, xmlTextWriterFlush(p.tw));
    int rc = p.rc;
    xmlFreeTextWriter(p.tw);   /* does not free buf */
    if (rc == 0 && fwrite(xmlBufferContent(buf), 1, (size_t)xmlBufferLength(buf), out) !=
                       (size_t)xmlBufferLength(buf))
        rc = -1;
    xmlBufferFree(buf);
    return rc;
}
