/* html_register: the two sections of the evidence report that a deployment answers to
 * (docs/evidence.md sec. 2): the interference-channel register (CAST-32A and AMC 20-193,
 * MCP_Resource_Usage_3), one row per channel with its mitigation, the section that shows it and
 * its status, and the configuration record (MCP_Resource_Usage_1), every setting the deployment
 * must reproduce. The statuses come from analysis/channels.h, the masks from analysis/deploy.h
 * (the same as --emit-partitions writes), the priorities from the analysed layout and flows;
 * this file words them and computes nothing. */
#include "report/html_register.h"

#include "report/html_sections.h"

#include <inttypes.h>
#include <stdio.h>

#include "report/deploy_write.h"

/* An in-page link <a href="#id">text</a>. */
static void anchor_link(xhtml *p, const char *id, const char *text)
{
    char href[64];
    snprintf(href, sizeof href, "#%s", id);
    xhtml_open(p, "a");
    xhtml_attr(p, "href", href);
    xhtml_text(p, text);
    xhtml_close(p);
}

/* Open a table and write its head row (align and cells as xhtml_head_row takes them). */
static void table_begin(xhtml *p, const char *align, const char *const *cells)
{
    xhtml_open(p, "table");
    xhtml_head_row(p, align, cells);
    xhtml_nl(p);
}

/* Close the element in progress (a row, a list item, a table, a list) and end the line. */
static void close_line(xhtml *p)
{
    xhtml_close(p);
    xhtml_nl(p);
}

/* Close the table or list in progress and write the paragraph under it. */
static void table_end(xhtml *p, const char *paragraph)
{
    close_line(p);
    xhtml_el(p, "p", NULL, paragraph);
}

/* ------------------------------------------------------------------ the register */

/* The two channels of steps on resources, [0] the copy engines and [1] the CPU cores: the steps,
 * the resource, how the holistic analysis takes each resource, and what is said when no step
 * uses the channel. */
typedef struct step_channel_words {
    const char *step, *resource, *how, *unused;
} step_channel_words;

static const step_channel_words step_channel[2] = {
    { "copy", "engine", "analysed as a non-preemptive resource (fifo: submission order)",
      "No step of the task set copies: no copy engine is analysed. Copies issued outside the "
      "task set are not bounded here." },
    { "CPU", "core", "a preemptive fixed-priority processor (SCHED_FIFO threads pinned to it)",
      "No step of the task set runs on a CPU core: the deadlines cover the GPU work only "
      "(docs/system.md gives end-to-end flows)." },
};

/* What the analysis does about channel c, in words. */
static void mitigation(const rt_report *r, rt_channel c, char *buf, size_t size)
{
    const rt_channels *ch = r->channels;
    bool used = ch->status[c] != RT_CHS_NOT_USED;
    switch (c) {
    case RT_CH_SMS:
        snprintf(buf, size, "Partitions are disjoint, TPC-aligned SM ranges: no SM runs the "
                 "kernels of two partitions. The masks of the configuration record create "
                 "exactly these ranges.");
        return;
    case RT_CH_MEMORY:
        snprintf(buf, size, r->channels->status[c] == RT_CHS_ASSUMED
                 ? "--interference none: each launch is bounded alone on its partition; "
                   "contention for L2 and DRAM with the other partitions is NOT in the bounds."
                 : "Each launch's WCET includes the slowdown from L2 and DRAM contention with "
                   "the other partitions' kernels, the worst case over every co-runner "
                   "combination (docs/model.md), case by case per launch.");
        return;
    case RT_CH_DISPATCH:
        snprintf(buf, size, r->o->gpu_kernel_preemption
                 ? "The steps of one partition are dispatched by fixed priority with "
                   "preemption deferred to kernel boundaries (docs/system.md sec. 4): blocking "
                   "and interference are in every response time."
                 : "The steps of one partition are dispatched by non-preemptive fixed priority "
                   "(Davis et al. 2007; docs/analysis.md): blocking and interference are in "
                   "every response time.");
        return;
    case RT_CH_COPY:
    case RT_CH_CPU: {
        const step_channel_words *w = &step_channel[c == RT_CH_CPU];
        size_t steps = c == RT_CH_CPU ? ch->cpu_steps : ch->copy_steps;
        size_t used_by = c == RT_CH_CPU ? ch->cores_used : ch->engines_used;
        if (used)
            snprintf(buf, size, "%zu %s step%s on %zu %s%s, each %s %s in the holistic analysis "
                     "(docs/system.md sec. 3).", steps, w->step, steps == 1 ? "" : "s", used_by,
                     w->resource, used_by == 1 ? "" : "s", w->resource, w->how);
        else
            snprintf(buf, size, "%s", w->unused);
        return;
    }
    case RT_CH_HOST_TRAFFIC:
        snprintf(buf, size, "None in the analysis: the interference model counts the kernels' "
                 "traffic only.");
        return;
    case RT_CH_LAUNCH:
        snprintf(buf, size, "The GPU file's launch overhead, %s, is added to every launch WCET. "
                 "Driver queues and submission from several threads are not modelled beyond it.",
                 D(r->gpu->launch_overhead_ns).s);
        return;
    case RT_CH_OS:
        snprintf(buf, size, "None in the analysis: no step is charged for interrupts, other "
                 "processes or the operating system.");
        return;
    case RT_CH_ACCELERATORS:
        snprintf(buf, size, "None in the analysis: only the GPU's SMs and the resources of the "
                 "GPU file are modelled.");
        return;
    case RT_CH_COUNT:
        break;
    }
    buf[0] = '\0';
}

static const char *const channel_name[RT_CH_COUNT] = {
    "SMs / TPCs between partitions", "L2 cache and DRAM bandwidth between partitions",
    "Dispatch within a partition", "Copy engines", "CPU cores",
    "CPU and copy traffic on DRAM against kernels", "Driver and launch path",
    "Host interrupts and operating system", "Other accelerators (DLA, video engines)",
};

/* The section that shows channel c: its id and its words. */
static void evidence(xhtml *p, const rt_report *r, rt_channel c)
{
    bool sys = r->eval && r->eval->system;
    switch (c) {
    case RT_CH_SMS:
        anchor_link(p, "system", "section 2 (SM map)");
        xhtml_text(p, ", ");
        anchor_link(p, "configuration", "configuration record");
        return;
    case RT_CH_MEMORY:
    case RT_CH_LAUNCH:
        anchor_link(p, "derivations", "section 5 (each launch)");
        return;
    case RT_CH_DISPATCH:
        anchor_link(p, "derivations", "section 5 (each response time)");
        return;
    case RT_CH_COPY:
    case RT_CH_CPU:
        if (sys && r->channels->status[c] != RT_CHS_NOT_USED)
            anchor_link(p, "flows", "section 4 (flows, resources)");
        else
            anchor_link(p, "system", "section 2 (tasks)");
        return;
    case RT_CH_HOST_TRAFFIC:
        anchor_link(p, "assume-dram", "stated below");
        return;
    case RT_CH_OS:
        anchor_link(p, "assume-os", "stated below");
        return;
    default:
        anchor_link(p, "assume-accelerators", "stated below");
        return;
    }
}

void html_register(xhtml *p, const rt_report *r, int number)
{
    char title[80], buf[700];
    snprintf(title, sizeof title, "%d. Interference-channel register", number);
    xhtml_section(p, "channels", title, false);
    xhtml_el(p, "p", NULL, "Every channel through which one task's work can delay another's on "
                           "this platform, what the analysis does about it, where this report "
                           "shows it, and its status (CAST-32A and AMC 20-193, "
                           "MCP_Resource_Usage_3).");
    if (!r->channels) {
        xhtml_el(p, "p", NULL, "Not computed by this caller.");
        xhtml_end_section(p);
        return;
    }
    table_begin(p, "llll", (const char *const[]){"channel", "mitigation", "evidence", "status",
                                                 NULL});
    for (int c = 0; c < RT_CH_COUNT; c++) {
        rt_channel_status st = r->channels->status[c];
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", channel_name[c]);
        mitigation(r, (rt_channel)c, buf, sizeof buf);
        xhtml_el(p, "td", "l", buf);
        xhtml_open(p, "td");
        xhtml_attr(p, "class", "l");
        evidence(p, r, (rt_channel)c);
        xhtml_close(p);
        xhtml_el(p, "td", "l", rt_channels_status_name(st));
        close_line(p);
    }
    table_end(p, "The stated assumptions: the deployment must make them true, as nothing in this "
                 "report bounds them.");
    xhtml_open(p, "ul");
    xhtml_attr(p, "class", "assume");
    static const struct { const char *id, *text; } assume[] = {
        { "assume-dram", "DRAM traffic of the CPU and of the copy engines does not lengthen a "
                         "kernel beyond its WCET (the interference model counts the kernels' "
                         "traffic only; only the margin is left to cover it)." },
        { "assume-os", "Interrupts, other processes and the operating system do not delay a "
                       "step beyond its WCET (e.g. the cores that run the steps are isolated, "
                       "interrupts routed elsewhere, or their cost is inside the CPU WCETs)." },
        { "assume-accelerators", "Other engines on the memory path (DLA, PVA, video and codec "
                                 "engines) are idle, or their traffic is negligible, while the "
                                 "task set runs." },
    };
    for (size_t k = 0; k < sizeof assume / sizeof assume[0]; k++) {
        xhtml_open(p, "li");
        xhtml_attr(p, "id", assume[k].id);
        xhtml_text(p, assume[k].text);
        close_line(p);
    }
    table_end(p, "Statuses: eliminated (cannot occur in the recorded deployment), bounded (inside "
                 "every bound of this report), not used (no step of the task set uses it), not "
                 "modelled: stated assumption (outside the bounds: the deployment must make the "
                 "assumption true), launch overhead only (bounded by the GPU file's launch "
                 "overhead and no more).");
    xhtml_end_section(p);
}

/* ------------------------------------------------------------------ the configuration record */

static void partitions_record(xhtml *p, const rt_report *r)
{
    const rt_deploy *d = r->deploy;
    bool masks = d->tpcs <= RT_DEPLOY_MAX_TPCS;
    xhtml_el(p, "h3", NULL, "Partition masks (the forms of --emit-partitions)");
    table_begin(p, "lllllll", (const char *const[]){"partition", "SMs", "TPCs",
                                   d->wide ? "libsmctrl disable mask (128-bit)"
                                           : "libsmctrl disable mask",
                                   "nvtaskset", "green context", "tasks", NULL});
    for (size_t k = 0; k < d->n_parts; k++) {
        const rt_deploy_part *dp = &d->parts[k];
        char hex[40];
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", dp->name);
        xhtml_elf(p, "td", "l", "%" PRId64 "-%" PRId64 " (%" PRId64 ")", dp->first_sm,
                  dp->last_sm, dp->sms);
        xhtml_elf(p, "td", "l", "%" PRId64 "-%" PRId64, dp->first_tpc, dp->last_tpc);
        if (masks)
            deploy_write_mask_hex(d, dp->disable, hex);
        xhtml_open(p, "td");
        xhtml_attr(p, "class", "l");
        xhtml_el(p, "code", NULL, masks ? hex : "none: more than 128 TPCs");
        xhtml_close(p);
        xhtml_open(p, "td");
        xhtml_attr(p, "class", "l");
        xhtml_elf(p, "code", NULL, "nvtaskset -t %" PRId64 "-%" PRId64, dp->first_tpc,
                  dp->last_tpc);
        xhtml_close(p);
        if (!d->has_gc_rule)
            xhtml_el(p, "td", "l", "compute capability not given");
        else if (dp->gc_legal)
            xhtml_elf(p, "td", "l", "%" PRId64 " SMs", dp->sms);
        else
            xhtml_elf(p, "td", "l", "%" PRId64 " SMs: not a legal count", dp->sms);
        xhtml_open(p, "td");
        xhtml_attr(p, "class", "l");
        for (size_t t = 0; t < dp->n_tasks; t++)
            xhtml_textf(p, "%s%s", t ? ", " : "", name_of(r, dp->tasks[t]));
        xhtml_close(p);
        close_line(p);
    }
    table_end(p, "A libsmctrl mask has a bit set for every TPC the partition may NOT use "
                 "(libsmctrl_set_stream_mask on each stream of its tasks). These are the values "
                 "--emit-partitions writes (docs/evidence.md sec. 4).");
}

/* Priority of the GPU steps of task i, each with its step number. */
static void gpu_priorities(xhtml *p, const rt_report *r, size_t i)
{
    const rt_system *s = r->eval ? r->eval->system : NULL;
    if (!s) {
        xhtml_elf(p, "td", NULL, "%" PRId64, r->layout->task_prio[i]);
        return;
    }
    xhtml_open(p, "td");
    const hol_task *t = &s->tasks[i];
    bool any = false;
    for (size_t k = 0; k < t->n_steps; k++) {
        const hol_step *h = &s->steps[t->first_step + k];
        if (s->resources[h->resource].kind != HOL_PARTITION)
            continue;
        xhtml_textf(p, "%s%" PRId64 " (step %zu)", any ? ", " : "", h->priority, k + 1);
        any = true;
    }
    xhtml_close(p);
}

static void streams_record(xhtml *p, const rt_report *r)
{
    const rt_deploy *d = r->deploy;
    xhtml_el(p, "h3", NULL, "Stream priorities (GPU steps)");
    table_begin(p, "llr", (const char *const[]){"partition", "task", "priority", NULL});
    for (size_t k = 0; k < d->n_parts; k++)
        for (size_t t = 0; t < d->parts[k].n_tasks; t++) {
            xhtml_open(p, "tr");
            xhtml_el(p, "td", "l", d->parts[k].name);
            xhtml_el(p, "td", "l", name_of(r, d->parts[k].tasks[t]));
            gpu_priorities(p, r, d->parts[k].tasks[t]);
            close_line(p);
        }
    table_end(p, "Each task's kernels go to its own stream on its partition. A smaller number "
                 "here must be a higher CUDA stream priority, equal numbers equal priorities.");
}

/* The CPU steps (kind RT_STEP_CPU) or the copies (RT_STEP_COPY) of a whole system, one row each. */
static void steps_record(xhtml *p, const rt_report *r, rt_step_kind kind)
{
    const rt_system *s = r->eval ? r->eval->system : NULL;
    bool cpu = kind == RT_STEP_CPU;
    xhtml_el(p, "h3", NULL, cpu ? "CPU threads: core pinning and priorities" : "Copies");
    if (!r->channels || r->channels->status[cpu ? RT_CH_CPU : RT_CH_COPY] == RT_CHS_NOT_USED ||
        !s) {
        xhtml_el(p, "p", NULL, cpu ? "Not used: no step of the task set runs on a CPU core."
                                   : "Not used: no step of the task set copies.");
        return;
    }
    char nb[32];
    table_begin(p, "lrllr", (const char *const[]){"task", "step", cpu ? "core" : "engine",
                                                  cpu ? "policy" : "engine policy", "priority",
                                                  NULL});
    for (size_t i = 0; i < r->ts->n_tasks; i++) {
        const rt_task *t = &r->ts->tasks[i];
        for (size_t k = 0; k < t->n_steps; k++) {
            if (t->steps[k].kind != kind)
                continue;
            const hol_step *h = &s->steps[s->tasks[i].first_step + k];
            xhtml_open(p, "tr");
            xhtml_el(p, "td", "l", t->name);
            xhtml_elf(p, "td", NULL, "%zu", k + 1);
            xhtml_el(p, "td", "l", rt_system_resource_name(s, r->gpu, r->layout, h->resource, nb,
                                                           sizeof nb));
            bool fifo = s->resources[h->resource].kind == HOL_COPY_ENGINE &&
                        s->resources[h->resource].fifo;
            xhtml_el(p, "td", "l", cpu ? "SCHED_FIFO" : rt_system_resource_policy(s, h->resource));
            if (fifo)
                xhtml_el(p, "td", NULL, "not used (fifo)");
            else
                xhtml_elf(p, "td", NULL, "%" PRId64, h->priority);
            close_line(p);
        }
    }
    table_end(p, cpu ? "Each CPU step runs in a SCHED_FIFO thread pinned to its core alone. A "
                       "smaller number here must be a higher SCHED_FIFO priority, equal numbers "
                       "equal priorities."
                     : "Each copy is submitted to its engine: a fifo engine serves copies in "
                       "submission order, a priority engine by the priority shown (smaller "
                       "number first).");
}

void html_register_configuration(xhtml *p, const rt_report *r, int number)
{
    char title[80];
    snprintf(title, sizeof title, "%d. Configuration record", number);
    xhtml_section(p, "configuration", title, false);
    xhtml_el(p, "p", NULL, "Every setting the deployment must reproduce for the bounds of this "
                           "report to hold (MCP_Resource_Usage_1).");
    xhtml_open(p, "table");
    xhtml_attr(p, "class", "kv");
    xhtml_kvf(p, "GPU clock", "%s MHz (clock-mhz of the GPU file): every WCET holds at this "
              "clock; lock the GPU at it", R(r->gpu->clock_mhz).s);
    xhtml_kv(p, "GPU preemption", r->o->gpu_kernel_preemption
                 ? "kernel: the partition may switch to a higher-priority step between two "
                   "kernels of a step (stream priorities on the partition), never inside a kernel"
                 : "job: a partition runs one GPU step at a time, its kernels back to back, "
                   "highest priority first when it frees");
    close_line(p);
    if (!r->layout || !r->deploy)
        xhtml_el(p, "p", NULL, r->layout ? "Partition masks: not computed by this caller."
                                         : "Partition masks and stream priorities: none, no "
                                           "layout was analysed.");
    else {
        partitions_record(p, r);
        streams_record(p, r);
    }
    steps_record(p, r, RT_STEP_CPU);
    steps_record(p, r, RT_STEP_COPY);
    xhtml_end_section(p);
}
