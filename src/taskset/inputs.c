/* inputs: semantic checks that need both the task set and the GPU (docs/model.md secs. 1 and 2). */
#include "taskset/inputs.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "taskset/kernel_params.h"
#include "taskset/partspan.h"
#include "taskset/units.h"
#include "util/ckint.h"
#include "util/fmt.h"
#include "util/suggest.h"
#include "util/textesc.h"

/* Quote a possibly-NULL name for a message. */
static const char *qname(const char *s, char *buf, size_t size)
{
    return rt_textesc_quote(s ? s : "", buf, size);
}

static void check_measured(const rt_taskset *ts, const rt_kernel *k, const rt_gpu *gpu,
                           rt_diags *d)
{
    char q[100];
    for (size_t i = 0; i < k->n_measured; i++) {
        const rt_measured *m = &k->measured[i];
        long long n = (long long)m->sms;
        if (m->sms < 1 || m->sms > gpu->sms)
            rt_diag_error(d, ts->path, m->line, "kernel \"%s\": measured sms \"%lld\" is outside "
                          "1..%lld (the GPU has %lld SMs)", qname(k->name, q, sizeof q), n,
                          (long long)gpu->sms, (long long)gpu->sms);
        else if (m->sms == gpu->sms)
            rt_diag_error(d, ts->path, m->line, "kernel \"%s\": measured sms \"%lld\" is the whole "
                          "GPU; the kernel's time or cycles and bw-gbps are its measurement on all "
                          "SMs (remove this point)", qname(k->name, q, sizeof q), n);
        else if (m->sms % gpu->granularity != 0)
            rt_diag_error(d, ts->path, m->line, "kernel \"%s\": measured sms \"%lld\" is not a "
                          "multiple of the GPU's partition-granularity %lld",
                          qname(k->name, q, sizeof q), n, (long long)gpu->granularity);
    }
}

/* Ck(N) must be usable, and eq. 4's denominator N - KAI*Ubw positive (docs/model.md sec. 2). */
static void check_kernel_domain(const rt_taskset *ts, const rt_kernel *k, const rt_gpu *gpu,
                                rt_diags *d)
{
    char q[100];
    double cycles = rt_kernel_params_cycles_full(k, gpu);
    double ns = cycles / gpu->clock_mhz * 1e3;   /* on all SMs: the shortest it runs */
    if (!isfinite(cycles) || !(cycles > 0))
        rt_diag_error(d, ts->path, k->line, "kernel \"%s\": its time at clock-mhz %.17g gives "
                      "%.17g cycles, which is out of range", qname(k->name, q, sizeof q),
                      gpu->clock_mhz, cycles);
    else if (!(ns < 0x1p62))
        rt_diag_error(d, ts->path, k->line, "kernel \"%s\": %.6g cycles at clock-mhz %.17g take "
                      "%.6g ns on all %lld SMs, beyond the 2^62 ns (about 146 years) a time may "
                      "have", qname(k->name, q, sizeof q), cycles, gpu->clock_mhz, ns,
                      (long long)gpu->sms);
    double kai = rt_kernel_params_kai(k);
    double ubw = k->bw_gbps / gpu->bw_nominal_gbps; /* eq. 1 */
    double den = (double)gpu->sms - kai * ubw;      /* eq. 4 denominator */
    if (!(den > 0) || !isfinite(den))
        rt_diag_error(d, ts->path, k->line, "kernel \"%s\" is outside the model's domain: "
                      "N - KAI*Ubw = %lld - %.6g*%.6g = %.6g must be positive (eq. 4; Ubw = "
                      "bw-gbps / bw-nominal-gbps)", qname(k->name, q, sizeof q),
                      (long long)gpu->sms, kai, ubw, den);
}

/* Partition i has no first-sm and is out of the GPU because those before it (back to one with a
 * first-sm, or to the first) fill it: ": without first-sm each partition starts where the
 * one before it ends: A 12 + B 20 + C 8 = 40 SMs from SM 0", into buf. */
static void packed_sum(const rt_taskset *ts, size_t i, char *buf, size_t size)
{
    size_t k = i;
    while (k > 0 && !ts->partitions[k].has_first_sm)
        k--;
    if (ts->partitions[k].has_first_sm && k < i)
        k++;
    buf[0] = '\0';
    if (k == i)
        return;     /* the partition alone is too large: its own size says it */
    for (size_t j = k + 1; j <= i; j++)
        if (ts->partitions[j].first_sm != partspan_end(&ts->partitions[j - 1]))
            return; /* not placed one after another (a record built in memory) */
    int64_t start = k > 0 ? partspan_end(&ts->partitions[k - 1]) : 0, total = 0;
    size_t len = (size_t)snprintf(buf, size, ": without first-sm each partition starts where the "
                                  "one before it ends: ");
    char q[60];
    for (size_t j = k; j <= i && len < size; j++) {
        const rt_partition *p = &ts->partitions[j];
        total += p->sms;
        len += (size_t)snprintf(buf + len, size - len, "%s%s %lld", j > k ? " + " : "",
                                qname(p->name, q, sizeof q), (long long)p->sms);
    }
    if (len < size)
        snprintf(buf + len, size - len, " = %lld SMs from SM %lld", (long long)total,
                 (long long)start);
}

/* Sizes and starts on the granularity, inside the GPU. (With no overlap, this also keeps
 * the total within N.) Root causes only: a partition without first-sm starts where the ones
 * before it end, so once one of them is out of the GPU, the later ones without first-sm are out
 * only because it pushed them, and are not reported again. */
static void check_partition_fit(const rt_taskset *ts, const rt_gpu *gpu, rt_diags *d)
{
    char q[100];
    long long g = (long long)gpu->granularity, n = (long long)gpu->sms;
    bool pushed = false;   /* a partition before this one is out of the GPU */
    for (size_t i = 0; i < ts->n_partitions; i++) {
        const rt_partition *p = &ts->partitions[i];
        const char *name = qname(p->name, q, sizeof q);
        if (p->sms % gpu->granularity != 0)
            rt_diag_error(d, ts->path, p->line, "partition \"%s\": sms \"%lld\" is not a multiple "
                          "of the GPU's partition-granularity %lld", name, (long long)p->sms, g);
        if (p->first_sm % gpu->granularity != 0)
            rt_diag_error(d, ts->path, p->line, "partition \"%s\": first-sm %lld is not a multiple "
                          "of the GPU's partition-granularity %lld", name, (long long)p->first_sm, g);
        bool out = p->first_sm < 0 || p->sms < 1 || partspan_end(p) > gpu->sms;
        char sum[400] = "";
        if (out && !p->has_first_sm && p->sms >= 1 && p->first_sm >= 0)
            packed_sum(ts, i, sum, sizeof sum);
        if (out && !(pushed && !p->has_first_sm))
            rt_diag_error(d, ts->path, p->line, "partition \"%s\" (SMs %lld..%lld) does not fit "
                          "the GPU's %lld SMs (0..%lld)%s", name, (long long)p->first_sm,
                          (long long)(partspan_end(p) - 1), n, n - 1, sum);
        pushed |= out;
    }
}

/* No SM in two partitions (partspan_overlaps). */
static void report_overlap(rt_diags *d, const char *path, const rt_partition *p,
                           const rt_partition *far)
{
    char q1[100], q2[100];
    rt_diag_error(d, path, p->line, "partition \"%s\" overlaps partition \"%s\"",
                  qname(p->name, q1, sizeof q1), qname(far->name, q2, sizeof q2));
}

/* A bandwidth above the GPU's nominal bandwidth cannot have been measured on it: the usual cause
 * is a profile taken on another GPU. Warned, not refused (the model stays defined). */
static void check_kernel_bandwidth(const rt_taskset *ts, const rt_kernel *k, const rt_gpu *gpu,
                                   rt_diags *d)
{
    char q[100];
    if (k->bw_gbps > gpu->bw_nominal_gbps)
        rt_diag_warning(d, ts->path, k->line, "kernel \"%s\": bw-gbps %.17g is above the GPU's "
                        "bw-nominal-gbps %.17g (was it profiled on another GPU?)",
                        qname(k->name, q, sizeof q), k->bw_gbps, gpu->bw_nominal_gbps);
    for (size_t i = 0; i < k->n_measured; i++) {
        const rt_measured *m = &k->measured[i];
        if (m->has_bw && m->bw_gbps > gpu->bw_nominal_gbps)
            rt_diag_warning(d, ts->path, m->line, "kernel \"%s\": measured bw-gbps %.17g on "
                            "%lld SMs is above the GPU's bw-nominal-gbps %.17g (was it profiled "
                            "on another GPU?)", qname(k->name, q, sizeof q), m->bw_gbps,
                            (long long)m->sms, gpu->bw_nominal_gbps);
    }
}

/* A kernel that no task runs and no scenario submits is analysed by nobody: usually a
 * misspelt <run> elsewhere was meant to name it, or a task was deleted. Warned, not refused. */
static void check_unused_kernels(const rt_taskset *ts, rt_diags *d)
{
    if (ts->n_kernels == 0)
        return;
    bool *used = calloc(ts->n_kernels, sizeof *used);
    if (!used) {
        rt_diag_error(d, ts->path, 0, "out of memory");
        return;
    }
    for (size_t t = 0; t < ts->n_tasks; t++)
        for (size_t r = 0; r < ts->tasks[t].n_runs; r++)
            if (ts->tasks[t].runs[r] < ts->n_kernels)
                used[ts->tasks[t].runs[r]] = true;
    for (size_t s = 0; s < ts->n_scenarios; s++)
        for (size_t i = 0; i < ts->scenarios[s].n_submits; i++)
            if (ts->scenarios[s].submits[i].kernel < ts->n_kernels)
                used[ts->scenarios[s].submits[i].kernel] = true;
    char q[100];
    for (size_t k = 0; k < ts->n_kernels; k++)
        if (!used[k])
            rt_diag_warning(d, ts->path, ts->kernels[k].line, "kernel \"%s\" is run by no task "
                            "(no <run kernel> names it): nothing analyses it",
                            qname(ts->kernels[k].name, q, sizeof q));
    free(used);
}

/* A kernel whose time alone on the whole GPU, Ck(N) / f (its fastest: on a partition it is
 * slower), exceeds its task's deadline or period makes that task miss whatever the layout: most
 * often a unit slip (20us for 20ms). Warned at the <run>; the analysis then says "miss". */
static void check_kernel_vs_task(const rt_taskset *ts, const rt_gpu *gpu, rt_diags *d)
{
    char q1[100], q2[100];
    for (size_t t = 0; t < ts->n_tasks; t++) {
        const rt_task *task = &ts->tasks[t];
        bool dl = task->deadline_ns <= task->period_ns;
        int64_t limit = dl ? task->deadline_ns : task->period_ns;
        for (size_t r = 0; r < task->n_runs; r++) {
            if (task->runs[r] >= ts->n_kernels)
                continue;
            const rt_kernel *k = &ts->kernels[task->runs[r]];
            double ns = rt_kernel_params_cycles_full(k, gpu) / gpu->clock_mhz * 1000.0;
            if (isfinite(ns) && ns > (double)limit)
                rt_diag_warning(d, ts->path, task->run_lines[r], "task \"%s\": kernel \"%s\" "
                                "takes %s alone on all %lld SMs, longer than the task's %s "
                                "of %s: the task misses it on any partition",
                                qname(task->name, q1, sizeof q1), qname(k->name, q2, sizeof q2),
                                ns < 9.2e18 ? fmt_dur_of((int64_t)ceil(ns)).s : "over 2^63 ns",
                                (long long)gpu->sms, dl ? "deadline" : "period",
                                fmt_dur_of(limit).s);
        }
    }
}

int rt_inputs_copy_wcet_ns(const rt_copy_engine *e, const rt_step *st, int64_t *out)
{
    if (st->kind != RT_STEP_COPY || st->has_bytes == st->has_time)
        return -1;
    if (st->has_time) {
        *out = st->time_ns;
        return 0;
    }
    if (!e || st->bytes < 0 || e->gbps_num <= 0 || e->gbps_den <= 0 || e->setup_ns < 0)
        return -1;
    /* bytes / (num / den) GB/s = bytes * den / num ns, rounded up: never shorter than the copy */
    int64_t scaled, ns;
    if (ck_mul(st->bytes, e->gbps_den, &scaled) ||
        ck_add(e->setup_ns, ck_ceil_div(scaled, e->gbps_num), &ns))
        return -1;
    *out = ns;
    return 0;
}

/* The engine's rate as written: num / den in lowest terms, den dividing 10^9. */
static void gbps_text(const rt_copy_engine *e, char *buf, size_t size)
{
    int digits = 0;
    int64_t den = 1;
    while (den % e->gbps_den != 0 && digits < UNITS_DEC_MAX_DIGITS) {
        den *= 10;
        digits++;
    }
    if (den % e->gbps_den != 0)
        snprintf(buf, size, "%lld/%lld", (long long)e->gbps_num, (long long)e->gbps_den);
    else
        units_decimal_text(e->gbps_num * (den / e->gbps_den), digits, buf, size);
}

/* A GPU file without <cpu> (or without any <copy-engine>) fails every step of that kind for one
 * cause: one error, at the first such step, whose end lists the others ("; 2 more cpu steps
 * need it too: lines 11 and 15"; a copy's engine after its line), into buf; "" when none. */
static bool step_needs(const rt_step *st, rt_step_kind kind)
{
    return st->kind == kind && (kind == RT_STEP_CPU || st->engine);
}

static void others_needing(const rt_taskset *ts, rt_step_kind kind, const rt_step *first,
                           char *buf, size_t size)
{
    size_t n = 0, len = 0, shown = 0;
    for (size_t i = 0; i < ts->n_tasks; i++)
        for (size_t s = 0; s < ts->tasks[i].n_steps; s++)
            n += step_needs(&ts->tasks[i].steps[s], kind) && &ts->tasks[i].steps[s] != first;
    buf[0] = '\0';
    if (n == 0)
        return;
    len = (size_t)snprintf(buf, size, "; %zu more %s need%s it too: line%s ", n,
                           kind == RT_STEP_CPU ? (n > 1 ? "cpu steps" : "cpu step")
                                               : (n > 1 ? "copies" : "copy"),
                           n > 1 ? "" : "s", n > 1 ? "s" : "");
    for (size_t i = 0; i < ts->n_tasks && len < size; i++)
        for (size_t s = 0; s < ts->tasks[i].n_steps && len < size; s++) {
            const rt_step *st = &ts->tasks[i].steps[s];
            if (!step_needs(st, kind) || st == first)
                continue;
            shown++;
            char q[60] = "";
            if (kind == RT_STEP_COPY)
                qname(st->engine, q, sizeof q);
            len += (size_t)snprintf(buf + len, size - len, "%s%ld%s%s%s",
                                    shown == 1 ? "" : shown == n ? " and " : ", ", st->line,
                                    q[0] ? " (engine \"" : "", q, q[0] ? "\")" : "");
        }
}

/* A copy step: its engine exists (else a hint), and with bytes its WCET fits and bcet <= it. */
static void check_copy_step(const rt_taskset *ts, const rt_task *t, const rt_step *st,
                            const rt_gpu *gpu, rt_diags *d)
{
    char q1[100], q2[100], h[140];
    if (!st->engine)
        return;
    long e = rt_gpu_find_engine(gpu, st->engine);
    if (e < 0 && gpu->n_engines == 0) {
        char more[300];
        others_needing(ts, RT_STEP_COPY, st, more, sizeof more);
        rt_diag_error(d, ts->path, st->line, "task \"%s\": copy on engine \"%s\", but the GPU "
                      "file %s has no <copy-engine> (add one named so, e.g. <copy-engine "
                      "name=\"%s\" gbps=\"25\" setup=\"8us\"/>)%s",
                      qname(t->name, q1, sizeof q1), qname(st->engine, q2, sizeof q2), gpu->path,
                      q2, more);
        return;
    }
    if (e < 0) {
        rt_suggest sg;
        rt_suggest_init(&sg, st->engine);
        for (size_t i = 0; i < gpu->n_engines; i++)
            rt_suggest_add(&sg, gpu->engines[i].name);
        rt_diag_error(d, ts->path, st->line, "task \"%s\": copy engine \"%s\" does not name a "
                      "copy-engine of the GPU file %s%s", qname(t->name, q1, sizeof q1),
                      qname(st->engine, q2, sizeof q2), gpu->path,
                      rt_suggest_hint(&sg, h, sizeof h));
        return;
    }
    if (!st->has_bytes || st->has_time)
        return;
    const rt_copy_engine *ce = &gpu->engines[e];
    int64_t wcet;
    char g[48];
    gbps_text(ce, g, sizeof g);
    if (rt_inputs_copy_wcet_ns(ce, st, &wcet) != 0)
        rt_diag_error(d, ts->path, st->line, "task \"%s\": copy of %lld bytes at %s GB/s on "
                      "engine \"%s\" takes longer than the int64 range of nanoseconds",
                      qname(t->name, q1, sizeof q1), (long long)st->bytes, g,
                      qname(st->engine, q2, sizeof q2));
    else if (st->bcet_ns > wcet)
        rt_diag_error(d, ts->path, st->line, "task \"%s\": copy bcet %s exceeds its WCET "
                      "%s (setup %s + ceil(%lld bytes / %s GB/s) on engine \"%s\"; the "
                      "best case must not exceed the worst case)",
                      qname(t->name, q1, sizeof q1), fmt_dur_of(st->bcet_ns).s, fmt_dur_of(wcet).s,
                      fmt_dur_of(ce->setup_ns).s, (long long)st->bytes, g,
                      qname(st->engine, q2, sizeof q2));
}

/* A CPU step needs the GPU file's <cpu> and a core below its cores. */
static void check_cpu_step(const rt_taskset *ts, const rt_task *t, const rt_step *st,
                           const rt_gpu *gpu, rt_diags *d)
{
    char q[100];
    char more[300];
    if (!gpu->has_cpu) {
        others_needing(ts, RT_STEP_CPU, st, more, sizeof more);
        rt_diag_error(d, ts->path, st->line, "task \"%s\": cpu step on core %lld, but the GPU "
                      "file %s has no <cpu> (add <cpu cores=\"N\"/> to it)%s",
                      qname(t->name, q, sizeof q), (long long)st->core, gpu->path, more);
    }
    else if (gpu->cpu_cores >= 1 && st->core >= gpu->cpu_cores)
        rt_diag_error(d, ts->path, st->line, "task \"%s\": cpu core %lld is not a core of the GPU "
                      "file's <cpu> (cores=\"%lld\": expected 0 to %lld)",
                      qname(t->name, q, sizeof q), (long long)st->core,
                      (long long)gpu->cpu_cores, (long long)gpu->cpu_cores - 1);
}

/* Every step can be served by the platform of the GPU file (docs/formats.md sec. 5). */
static void check_steps(const rt_taskset *ts, const rt_gpu *gpu, rt_diags *d)
{
    const rt_step *first_cpu = NULL, *first_copy = NULL;
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const rt_task *t = &ts->tasks[i];
        for (size_t s = 0; s < t->n_steps; s++) {
            const rt_step *st = &t->steps[s];
            bool no_cpu = st->kind == RT_STEP_CPU && !gpu->has_cpu;
            bool no_engines = step_needs(st, RT_STEP_COPY) && gpu->n_engines == 0;
            const rt_step **first = no_cpu ? &first_cpu : no_engines ? &first_copy : NULL;
            if (first && *first)
                continue;               /* the first one's error names this one */
            if (first)
                *first = st;
            if (st->kind == RT_STEP_CPU)
                check_cpu_step(ts, t, st, gpu, d);
            else if (st->kind == RT_STEP_COPY)
                check_copy_step(ts, t, st, gpu, d);
        }
    }
}

/* The shortest a step can take alone (docs/system.md): a CPU step its WCET, a copy its WCET on
 * its engine, a GPU step the sum of its kernels' Ck(N) / f on the whole GPU; -1 when unknown (an
 * engine that check_steps reports). */
static double step_alone_ns(const rt_taskset *ts, const rt_gpu *gpu, const rt_task *t,
                            const rt_step *st)
{
    int64_t ns = 0;
    switch (st->kind) {
    case RT_STEP_CPU:
        return (double)st->wcet_ns;
    case RT_STEP_COPY: {
        long e = st->engine ? rt_gpu_find_engine(gpu, st->engine) : -1;
        if (e < 0 || rt_inputs_copy_wcet_ns(&gpu->engines[e], st, &ns) != 0)
            return -1;
        return (double)ns;
    }
    default: {
        double sum = 0;
        for (size_t r = st->first_run; r < st->first_run + st->n_runs && r < t->n_runs; r++)
            if (t->runs[r] < ts->n_kernels)
                sum += rt_kernel_params_cycles_full(&ts->kernels[t->runs[r]], gpu) /
                       gpu->clock_mhz * 1000.0;
        return sum;
    }
    }
}

/* As check_kernel_vs_task for the steps of a whole system: a CPU or copy step longer alone than
 * its task's deadline (or period), or steps that are each shorter but longer in sum, make the
 * analysis find the task missing it whatever the layout. Warned at the step, or at the task. */
static void check_steps_vs_task(const rt_taskset *ts, const rt_gpu *gpu, rt_diags *d)
{
    char q[100];
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const rt_task *t = &ts->tasks[i];
        bool dl = t->deadline_ns <= t->period_ns;
        int64_t limit = dl ? t->deadline_ns : t->period_ns;
        double sum = 0;
        bool one = false, known = true;
        for (size_t s = 0; s < t->n_steps; s++) {
            const rt_step *st = &t->steps[s];
            double ns = step_alone_ns(ts, gpu, t, st);
            known &= ns >= 0 && isfinite(ns);
            sum += ns;
            if (st->kind != RT_STEP_GPU && ns > (double)limit) {
                one = true;
                rt_diag_warning(d, ts->path, st->line, "task \"%s\": its %s step takes %s "
                                "alone, longer than the task's %s of %s: the analysis finds the "
                                "task missing it whatever the layout",
                                qname(t->name, q, sizeof q),
                                st->kind == RT_STEP_CPU ? "cpu" : "copy",
                                fmt_dur_of((int64_t)ns).s, dl ? "deadline" : "period",
                                fmt_dur_of(limit).s);
            }
        }
        if (t->n_steps > 1 && known && !one && sum > (double)limit && sum < 9.2e18)
            rt_diag_warning(d, ts->path, t->line, "task \"%s\": its %zu steps take %s in sum "
                            "alone%s, longer than the task's %s of %s: the analysis finds the "
                            "task missing it whatever the layout",
                            qname(t->name, q, sizeof q), t->n_steps,
                            fmt_dur_of((int64_t)ceil(sum)).s,
                            t->n_runs ? " (its kernels on the whole GPU)" : "",
                            dl ? "deadline" : "period", fmt_dur_of(limit).s);
    }
}

int rt_inputs_check(const rt_taskset *ts, const rt_gpu *gpu, rt_diags *d)
{
    size_t before = rt_diag_errors(d);
    if (gpu->sms < 1 || gpu->granularity < 1 || !(gpu->bw_nominal_gbps > 0)) {
        rt_diag_error(d, gpu->path, gpu->line, "GPU description is incomplete");
        return 1;
    }
    for (size_t i = 0; i < ts->n_kernels; i++) {
        check_measured(ts, &ts->kernels[i], gpu, d);
        check_kernel_domain(ts, &ts->kernels[i], gpu, d);
        check_kernel_bandwidth(ts, &ts->kernels[i], gpu, d);
    }
    check_partition_fit(ts, gpu, d);
    partspan_overlaps(ts, d, report_overlap);
    check_unused_kernels(ts, d);
    check_kernel_vs_task(ts, gpu, d);
    check_steps(ts, gpu, d);
    check_steps_vs_task(ts, gpu, d);
    if (gpu->l2_banks >= gpu->sms) {
        char q[100];
        rt_diag_warning(d, gpu->path, gpu->line, "gpu \"%s\": l2-banks %lld >= sms %lld: the "
                        "model was calibrated on a GPU with fewer L2 banks than SMs; eq. 17 then "
                        "uses Missbanks = 1 and results are outside the calibrated range",
                        qname(gpu->name, q, sizeof q), (long long)gpu->l2_banks,
                        (long long)gpu->sms);
    }
    size_t errors = rt_diag_errors(d) - before;
    return errors > 1000000 ? 1000000 : (int)errors;
}
