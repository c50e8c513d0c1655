/* html_inputs: the sections of the evidence report that say what the analysis stood on
 * (docs/evidence.md sec. 2): 2. the system analysed, 3. the assumptions and limits, 7. the
 * provenance of the inputs and the tool, 8. the measurements checked against the bounds. They
 * compute nothing. */
#include "report/html_inputs.h"

#include "report/html_sections.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "report/fig_sm_map.h"
#include "report/report_meas.h"

/* ------------------------------------------------------------------ 2. system */

static void gpu_table(xhtml *p, const rt_report *r)
{
    const rt_gpu *g = r->gpu;
    const model *m = r->m;
    xhtml_open(p, "table");
    xhtml_attr(p, "class", "kv");
    xhtml_kv(p, "Name", g->name ? g->name : "");
    xhtml_kvf(p, "SMs N", "%" PRId64, g->sms);
    xhtml_kvf(p, "Partition granularity g", "%" PRId64 " SM%s%s", g->granularity,
              g->granularity == 1 ? "" : "s", g->granularity > 1 ? " (one TPC)" : "");
    xhtml_kvf(p, "L2 banks", "%" PRId64, g->l2_banks);
    xhtml_kvf(p, "Sp = banks / N", "%s", R(m->sp).s);
    xhtml_kvf(p, "Missbanks = N - banks", "%" PRId64, m->miss_banks);
    xhtml_kvf(p, "BWmax (nominal)", "%s GB/s", R(g->bw_nominal_gbps).s);
    xhtml_kvf(p, "EMBW (effective)", "%s GB/s", R(g->bw_effective_gbps).s);
    xhtml_kvf(p, "BWthr = BWmax * Sp", "%s GB/s", R(m->bw_thr_gbps).s);
    xhtml_kvf(p, "Clock f", "%s MHz", R(g->clock_mhz).s);
    xhtml_kvf(p, "alpha (Sat steepness)", "%s", R(g->alpha).s);
    xhtml_kv(p, "Launch overhead", D(g->launch_overhead_ns).s);
    if (g->compute_capability)
        xhtml_kvf(p, "Compute capability", "%d.%d", g->compute_capability / 10,
                  g->compute_capability % 10);
    xhtml_close(p);
    xhtml_nl(p);
}

static void partitions_table(xhtml *p, const rt_report *r)
{
    const rt_layout *l = r->layout;
    int64_t g = r->gpu->granularity;
    xhtml_open(p, "table");
    xhtml_head_row(p, "lrrrrl", (const char *const[]){"partition", "first SM", "last SM", "SMs",
                                                      "TPCs", "tasks", NULL});
    for (size_t k = 0; k < l->n_parts; k++) {
        int64_t first = l->part_first_sm[k], last = first + l->part_sms[k] - 1;
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", l->part_name[k]);
        xhtml_elf(p, "td", NULL, "%" PRId64, first);
        xhtml_elf(p, "td", NULL, "%" PRId64, last);
        xhtml_elf(p, "td", NULL, "%" PRId64, l->part_sms[k]);
        xhtml_elf(p, "td", NULL, "%" PRId64 "-%" PRId64, first / g, last / g);
        xhtml_open(p, "td");
        xhtml_attr(p, "class", "l");
        bool any = false;
        for (size_t i = 0; i < l->n_tasks; i++)
            if (l->task_part[i] == k) {
                xhtml_textf(p, "%s%s", any ? ", " : "", name_of(r, i));
                any = true;
            }
        xhtml_close(p);
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

static void tasks_table(xhtml *p, const rt_report *r)
{
    xhtml_open(p, "table");
    xhtml_head_row(p, "llrrrrl", (const char *const[]){"task", "partition", "priority", "period T",
                                          "deadline D", "jitter J", "kernels, in order", NULL});
    for (size_t i = 0; i < r->ts->n_tasks; i++) {
        const rt_task *t = &r->ts->tasks[i];
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", t->name);
        /* a task in no partition (a CPU task of a whole system) shows "-" */
        bool placed = r->layout && r->layout->task_part[i] < r->layout->n_parts;
        xhtml_el(p, "td", "l", placed ? r->layout->part_name[r->layout->task_part[i]] : "-");
        if (r->layout)
            xhtml_elf(p, "td", NULL, "%" PRId64, r->layout->task_prio[i]);
        else
            xhtml_el(p, "td", NULL, "-");
        xhtml_el(p, "td", NULL, D(t->period_ns).s);
        xhtml_el(p, "td", NULL, D(t->deadline_ns).s);
        xhtml_el(p, "td", NULL, D(t->jitter_ns).s);
        xhtml_open(p, "td");
        xhtml_attr(p, "class", "l");
        for (size_t j = 0; j < t->n_runs; j++)
            xhtml_textf(p, "%s%s", j ? ", " : "", r->ts->kernels[t->runs[j]].name);
        xhtml_close(p);
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

static void kernels_table(xhtml *p, const rt_report *r)
{
    xhtml_open(p, "table");
    xhtml_head_row(p, "llrrrrrrr", (const char *const[]){"kernel", "class", "Ck(N) cycles",
                                                         "BWiso GB/s", "Ubw", "Sat", "KAI",
                                                         "L2 accesses", "measured points", NULL});
    for (size_t k = 0; k < r->ts->n_kernels; k++) {
        const model_kernel *mk = &r->m->kernels[k];
        const rt_kernel *kk = &r->ts->kernels[k];
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", kk->name);
        xhtml_el(p, "td", "l", model_class_name(mk->cls));
        xhtml_el(p, "td", NULL, R(mk->cycles_full).s);
        xhtml_el(p, "td", NULL, R(mk->bw_full_gbps).s);
        xhtml_el(p, "td", NULL, R(mk->u_bw).s);
        xhtml_el(p, "td", NULL, R(mk->sat).s);
        xhtml_el(p, "td", NULL, R(mk->kai).s);
        xhtml_elf(p, "td", NULL, "%s%s", R(mk->l2_accesses).s,
                  kk->has_l2_accesses ? "" : " (estimated: bytes / 32)");
        xhtml_elf(p, "td", NULL, "%zu", kk->n_measured);
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

void html_inputs_system(xhtml *p, const rt_report *r)
{
    xhtml_section(p, "system", "2. System", false);
    xhtml_el(p, "h3", NULL, "GPU");
    gpu_table(p, r);
    xhtml_open(p, "figure");
    xhtml_check(p, fig_sm_map(p->tw, r));
    xhtml_el(p, "figcaption", NULL, r->gpu->granularity > 1
           ? "The GPU's SMs, numbered from 0, coloured by partition; outlines group the SMs of "
             "one TPC (partitions are whole TPCs)."
           : "The GPU's SMs, numbered from 0, coloured by partition.");
    xhtml_close(p);
    xhtml_nl(p);
    if (r->layout) {
        xhtml_el(p, "h3", NULL, "Partitions");
        partitions_table(p, r);
    }
    xhtml_el(p, "h3", NULL, "Tasks");
    tasks_table(p, r);
    xhtml_el(p, "h3", NULL, "Kernels (profiled alone on all N SMs; docs/model.md sec. 1-2)");
    kernels_table(p, r);
    xhtml_end_section(p);
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

static void li(xhtml *p, const char *s)
{
    xhtml_el(p, "li", NULL, s);
    xhtml_nl(p);
}

void html_inputs_assumptions(xhtml *p, const rt_report *r)
{
    const rt_options *o = r->o;
    xhtml_section(p, "assumptions", "3. Assumptions and limits", false);
    xhtml_open(p, "ul");
    xhtml_attr(p, "class", "assume");
    xhtml_nl(p);
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
             rt_options_prio_name(o->priorities));
    li(p, buf);
    li(p, "Validation limits reported by the paper: eq. 8 had a mean error of 10.7% over 107 "
          "kernel groups (420 predictions) with an over-estimation bias, and under-estimated by "
          "up to 20% in 1 case of 420; eq. 4 alone ranged from -30% to +10% per kernel, "
          "memory-bound kernels being the worst. The margin is what covers such errors.");
    li(p, "Kernels are not preempted; a partition runs one kernel at a time; a job runs its "
          "launches in order on its task's partition; partitions never share SMs.");
    if (r->eval && r->eval->system)   /* a whole system, or --gpu-preemption kernel */
        li(p, o->gpu_kernel_preemption
              ? "Flows: the holistic analysis with best-case offsets (Tindell and Clark 1994; "
                "docs/system.md sec. 3): each step a sub-task of its resource with the jitter "
                "its predecessor leaves; CPU cores preemptive fixed priority (SCHED_FIFO threads "
                "pinned to one core), copy engines non-preemptive (fifo: submission order), "
                "partitions preemptive at kernel boundaries only (--gpu-preemption kernel, "
                "docs/system.md sec. 4). Deadlines and R are end to end."
              : "Flows: the holistic analysis with best-case offsets (Tindell and Clark 1994; "
                "docs/system.md sec. 3): each step a sub-task of its resource with the jitter "
                "its predecessor leaves; CPU cores preemptive fixed priority (SCHED_FIFO threads "
                "pinned to one core), copy engines and partitions non-preemptive (a fifo engine: "
                "submission order). Deadlines and R are end to end.");
    xhtml_open(p, "li");
    xhtml_text(p, "Choices of docs/model.md that affected numbers in this report:");
    xhtml_open(p, "ul");
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
    xhtml_close(p);   /* inner ul */
    xhtml_close(p);   /* li */
    xhtml_close(p);   /* ul.assume */
    xhtml_nl(p);
    xhtml_end_section(p);
}

/* ------------------------------------------------------------------ 7. provenance */

static void hex32(const unsigned char *h, char out[65])
{
    for (int i = 0; i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", h[i]);
}

void html_inputs_provenance(xhtml *p, const rt_report *r)
{
    const rt_provenance *pv = r->prov;
    char ts_hex[65], gpu_hex[65];
    hex32(r->ts->sha256, ts_hex);
    hex32(r->gpu->sha256, gpu_hex);
    xhtml_section(p, "provenance", "7. Provenance", false);
    xhtml_open(p, "table");
    xhtml_attr(p, "class", "kv");
    xhtml_kvf(p, "Tool", "%s %s", pv ? pv->tool : "rtgpu-analyze", r->tool_version);
    xhtml_kvf(p, "Model revision", "%d", RT_MODEL_REVISION);
    if (pv) {
        xhtml_kv(p, "Command line", pv->command_line);
        xhtml_kvf(p, "Date", "%s (%s)", pv->date,
                  pv->from_source_date_epoch ? "from SOURCE_DATE_EPOCH" : "the clock of the run");
    }
    xhtml_kvf(p, "Task set", "%s, SHA-256 %s", r->ts->path, ts_hex);
    xhtml_kvf(p, "GPU", "%s, SHA-256 %s", r->gpu->path, gpu_hex);
    if (pv)
        xhtml_kvf(p, "Libraries", "libxml2 %s, GLPK %s, jansson %s, %s", pv->libxml2, pv->glpk,
                  pv->jansson, pv->libc);
    xhtml_close(p);
    xhtml_nl(p);
    if (pv) {
        xhtml_el(p, "h3", NULL, "To reproduce");
        xhtml_el(p, "p", NULL, "Check the inputs, then run the same command with the same date:");
        xhtml_open(p, "pre");
        xhtml_textf(p, "sha256sum -c <<'EOF'\n%s  %s\n%s  %s\nEOF\nSOURCE_DATE_EPOCH=%" PRId64
                    " %s", ts_hex, r->ts->path, gpu_hex, r->gpu->path, pv->epoch_s,
                    pv->command_line);
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_end_section(p);
}

/* ------------------------------------------------------------------ 8. measurements */

static void meas_summary(xhtml *p, const rt_report *r)
{
    const meas_result *m = r->meas;
    const meas_stats *s = &m->stats;
    char hex[65];
    hex32(r->meas_in->sha256, hex);
    xhtml_open(p, "table");
    xhtml_attr(p, "class", "kv");
    xhtml_kvf(p, "File", "%s (sha256 %s)", r->meas_in->path, hex);
    xhtml_kvf(p, "Observations", "%zu %s", m->n,
              m->kind == RT_MEAS_JOBS ? "job response times" : "kernel times");
    xhtml_kv(p, "Checked against", m->kind == RT_MEAS_JOBS
             ? "the analysed worst-case response time R of the task (from its arrival)"
             : "the WCET of that launch beside those co-runners, each on its own partition: "
               "ceil((1 + margin) C(k,n) max over S of M*(k,S) 1000 / f) + launch overhead, "
               "worst-case windows");
    xhtml_kvf(p, "Above their bound", "%zu%s", m->n_above,
              m->n_above ? ": the model is invalid there" : "");
    if (m->kind == RT_MEAS_KERNELS)
        xhtml_kvf(p, "Above the model without the margin", "%zu", m->n_above_model);
    else
        xhtml_kvf(p, "Without a bound (unbounded R)", "%zu", m->n_unbounded);
    if (s->n)
        xhtml_kvf(p, "Tightness (observed / bound)", "min %.6f, median %.6f, p90 %.6f, p99 %.6f, "
                  "max %.6f, mean %.6f (%zu observations; nearest-rank quantiles)", s->min,
                  s->median, s->p90, s->p99, s->max, s->mean, s->n);
    xhtml_close(p);
    xhtml_nl(p);
    xhtml_el(p, "h3", NULL, "Tightness distribution");
    xhtml_open(p, "table");
    xhtml_open(p, "tr");
    xhtml_el(p, "th", "l", "observed / bound");
    for (size_t b = 0; b < MEAS_BINS; b++)
        xhtml_el(p, "th", NULL, report_meas_bin_name(b));
    xhtml_close(p);
    xhtml_open(p, "tr");
    xhtml_el(p, "th", "l", "observations");
    for (size_t b = 0; b < MEAS_BINS; b++)
        xhtml_elf(p, "td", b + 1 == MEAS_BINS && s->bins[b] ? "miss" : NULL, "%zu", s->bins[b]);
    xhtml_close(p);
    xhtml_close(p);
    xhtml_nl(p);
}

static void meas_row(xhtml *p, const rt_report *r, size_t i)
{
    char label[600];
    report_meas_label(r, i, label, sizeof label);
    xhtml_open(p, "tr");
    if (r->meas->kind == RT_MEAS_JOBS) {
        const meas_job_check *c = &r->meas->jobs[i];
        xhtml_elf(p, "td", NULL, "%ld", r->meas_in->jobs[i].line);
        xhtml_el(p, "td", "l", label);
        xhtml_el(p, "td", NULL, D(c->observed_ns).s);
        xhtml_el(p, "td", NULL, c->bounded ? D(c->bound_ns).s : "unbounded");
        xhtml_el(p, "td", NULL, c->bounded ? R(c->tightness).s : "");
        xhtml_el(p, "td", c->above ? "miss" : "ok", c->above ? "ABOVE" : "within");
    } else {
        const meas_kernel_check *c = &r->meas->kernels[i];
        xhtml_elf(p, "td", NULL, "%ld", r->meas_in->kernels[i].line);
        xhtml_el(p, "td", "l", label);
        xhtml_el(p, "td", NULL, D(c->observed_ns).s);
        xhtml_el(p, "td", NULL, D(c->bound_ns).s);
        xhtml_el(p, "td", NULL, R(c->tightness).s);
        xhtml_elf(p, "td", NULL, "%.6g", c->multiplier);
        xhtml_el(p, "td", "l", interference_case_name(c->sup_case));
        xhtml_el(p, "td", c->above ? "miss" : "ok", c->above ? "ABOVE" : "within");
    }
    xhtml_close(p);
    xhtml_nl(p);
}

static void meas_table(xhtml *p, const rt_report *r, bool only_above)
{
    static const char *const kernel_cols[] = {"line", "observation", "observed", "bound",
                                              "tightness", "M", "case", "", NULL};
    static const char *const job_cols[] = {"line", "observation", "response", "bound R",
                                           "tightness", "", NULL};
    xhtml_open(p, "table");
    xhtml_head_row(p, r->meas->kind == RT_MEAS_JOBS ? "rlrrrl" : "rlrrrrll",
                   r->meas->kind == RT_MEAS_JOBS ? job_cols : kernel_cols);
    for (size_t i = 0; i < r->meas->n; i++) {
        bool above = r->meas->kind == RT_MEAS_JOBS ? r->meas->jobs[i].above
                                                   : r->meas->kernels[i].above;
        if (above || !only_above)
            meas_row(p, r, i);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

void html_inputs_measurements(xhtml *p, const rt_report *r)
{
    if (!r->meas)
        return;
    xhtml_section(p, "measurements", "8. Measurements against the bounds", false);
    xhtml_open(p, "div");
    xhtml_attr(p, "class", r->meas->n_above ? "verdict fail" : "verdict pass");
    if (r->meas->n_above)
        xhtml_textf(p, "MODEL INVALID: %zu of %zu observations exceed their bound",
                    r->meas->n_above, r->meas->n);
    else
        xhtml_textf(p, "All %zu observations with a bound are within it",
                    r->meas->n - r->meas->n_unbounded);
    xhtml_close(p);
    xhtml_nl(p);
    meas_summary(p, r);
    xhtml_el(p, "h3", NULL, "Observations above their bound");
    if (r->meas->n_above)
        meas_table(p, r, true);
    else
        xhtml_el(p, "p", NULL, "None.");
    xhtml_el(p, "h3", NULL, "Every observation");
    xhtml_open(p, "details");
    if (r->meas->n <= FOLD_ROWS)
        xhtml_attr(p, "open", "open");
    xhtml_elf(p, "summary", NULL, "%zu observations", r->meas->n);
    meas_table(p, r, false);
    xhtml_close(p);
    xhtml_end_section(p);
}
