/* system: a whole system as the holistic analysis sees it (docs/system.md secs. 1-3). */
#include "analysis/system.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taskset/inputs.h"
#include "util/ckint.h"

void rt_system_fini(rt_system *s)
{
    holistic_result_fini(&s->res);
    free(s->resources);
    free(s->tasks);
    free(s->steps);
    free(s->launch_wcet_ns);
    free(s->launch_bcet_ns);
    free(s->utilisation);
    free(s->res_steps);
    memset(s, 0, sizeof *s);
}

/* The steps of task t: its own, or (a task built in memory) one GPU step of all its runs. */
static size_t task_steps(const rt_task *t, const rt_step **steps, rt_step *one)
{
    if (t->n_steps > 0) {
        *steps = t->steps;
        return t->n_steps;
    }
    memset(one, 0, sizeof *one);
    one->kind = RT_STEP_GPU;
    one->n_runs = t->n_runs;
    *steps = one;
    return 1;
}

/* Step st of task i into h; its launches at wc/bc (the task's, from run 0). */
static int build_step(const rt_gpu *gpu, const rt_system *s, const rt_layout *l, size_t i,
                      const rt_task *t, const rt_step *st, const int64_t *wc, const int64_t *bc,
                      hol_step *h, size_t *bad_run)
{
    memset(h, 0, sizeof *h);
    h->priority = st->has_priority ? st->priority : l->task_prio[i];
    h->bcet_ns = st->bcet_ns;
    if (st->kind == RT_STEP_CPU) {
        h->resource = (size_t)st->core;
        h->wcet_ns = st->wcet_ns;
        return SYS_OK;
    }
    if (st->kind == RT_STEP_COPY) {
        long e = rt_gpu_find_engine(gpu, st->engine);
        if (e < 0 || rt_inputs_copy_wcet_ns(&gpu->engines[e], st, &h->wcet_ns) != 0)
            return SYS_ERANGE;     /* the inputs check refuses both first */
        h->resource = s->n_cores + (size_t)e;
        return SYS_OK;
    }
    h->resource = s->n_cores + s->n_engines + l->task_part[i];
    h->launch_wcet_ns = wc + st->first_run;
    h->launch_bcet_ns = bc + st->first_run;
    h->n_launches = st->n_runs;
    h->bcet_ns = 0;
    for (size_t j = st->first_run; j < st->first_run + st->n_runs && j < t->n_runs; j++) {
        if (bc[j] > wc[j]) {
            *bad_run = j;
            return SYS_EBCET;
        }
        if (ck_add(h->wcet_ns, wc[j], &h->wcet_ns) || ck_add(h->bcet_ns, bc[j], &h->bcet_ns))
            return SYS_ERANGE;
    }
    return SYS_OK;
}

static int build(const rt_gpu *gpu, const rt_taskset *ts, const rt_layout *l,
                 const wcet_result *w, rt_system *s, size_t *bad_task, size_t *bad_run)
{
    s->n_cores = gpu->cpu_cores > 0 ? (size_t)gpu->cpu_cores : 0;
    s->n_engines = gpu->n_engines;
    s->n_parts = l->n_parts;
    size_t n_res = s->n_cores + s->n_engines + s->n_parts, n_runs = 0;
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const rt_step *steps;
        rt_step one;
        s->n_steps += task_steps(&ts->tasks[i], &steps, &one);
        n_runs += ts->tasks[i].n_runs;
    }
    s->resources = calloc(n_res ? n_res : 1, sizeof *s->resources);
    s->tasks = calloc(ts->n_tasks ? ts->n_tasks : 1, sizeof *s->tasks);
    s->steps = calloc(s->n_steps ? s->n_steps : 1, sizeof *s->steps);
    s->launch_wcet_ns = calloc(n_runs ? n_runs : 1, sizeof *s->launch_wcet_ns);
    s->launch_bcet_ns = calloc(n_runs ? n_runs : 1, sizeof *s->launch_bcet_ns);
    s->utilisation = calloc(n_res ? n_res : 1, sizeof *s->utilisation);
    s->res_steps = calloc(n_res ? n_res : 1, sizeof *s->res_steps);
    if (!s->resources || !s->tasks || !s->steps || !s->launch_wcet_ns || !s->launch_bcet_ns ||
        !s->utilisation || !s->res_steps)
        return SYS_ENOMEM;
    for (size_t r = 0; r < n_res; r++)
        s->resources[r].kind = r < s->n_cores ? HOL_CPU_CORE
                             : r < s->n_cores + s->n_engines ? HOL_COPY_ENGINE : HOL_PARTITION;
    for (size_t e = 0; e < s->n_engines; e++)
        s->resources[s->n_cores + e].fifo = gpu->engines[e].fifo;
    size_t at = 0, run_at = 0;
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const rt_task *t = &ts->tasks[i];
        const wcet_task *wt = i < w->n_tasks ? &w->tasks[i] : NULL;
        if (t->n_runs > 0 && (!wt || wt->n_launches != t->n_runs))
            return SYS_ERANGE;     /* launch WCETs that are not this task's */
        int64_t *wc = s->launch_wcet_ns + run_at, *bc = s->launch_bcet_ns + run_at;
        for (size_t j = 0; j < t->n_runs; j++) {
            wc[j] = wt->launches[j].wcet_ns;
            bc[j] = t->run_bcet_ns ? t->run_bcet_ns[j] : 0;
        }
        run_at += t->n_runs;
        const rt_step *steps;
        rt_step one;
        size_t n = task_steps(t, &steps, &one);
        s->tasks[i] = (hol_task){ .period_ns = t->period_ns, .deadline_ns = t->deadline_ns,
                                  .jitter_ns = t->jitter_ns, .first_step = at, .n_steps = n };
        for (size_t k = 0; k < n; k++, at++) {
            int rc = build_step(gpu, s, l, i, t, &steps[k], wc, bc, &s->steps[at], bad_run);
            if (rc != SYS_OK) {
                *bad_task = i;
                return rc;
            }
            const hol_step *h = &s->steps[at];
            s->utilisation[h->resource] += (double)h->wcet_ns / (double)t->period_ns;
            s->res_steps[h->resource]++;
        }
    }
    s->sys = (hol_system){ .resources = s->resources, .n_resources = n_res, .tasks = s->tasks,
                           .n_tasks = ts->n_tasks, .steps = s->steps, .n_steps = s->n_steps };
    return SYS_OK;
}

int rt_system_build(const rt_gpu *gpu, const rt_taskset *ts, const rt_layout *l,
                    const wcet_result *w, bool kernel_preemption, rt_system *out,
                    size_t *bad_task, size_t *bad_run)
{
    memset(out, 0, sizeof *out);
    int rc = build(gpu, ts, l, w, out, bad_task, bad_run);
    for (size_t p = 0; rc == SYS_OK && p < out->n_parts; p++)
        out->resources[out->n_cores + out->n_engines + p].kernel_preemption = kernel_preemption;
    if (rc != SYS_OK)
        rt_system_fini(out);
    return rc;
}

int rt_system_analyse(rt_system *s, rt_budget *budget)
{
    holistic_result_fini(&s->res);
    return holistic_analyse(&s->sys, budget, &s->res) == 0 ? SYS_OK : SYS_ENOMEM;
}

const char *rt_system_resource_name(const rt_system *s, const rt_gpu *gpu, const rt_layout *l,
                                    size_t r, char *buf, size_t size)
{
    if (r < s->n_cores) {
        snprintf(buf, size, "core %zu", r);
        return buf;
    }
    if (r < s->n_cores + s->n_engines)
        return gpu->engines[r - s->n_cores].name;
    return l->part_name[r - s->n_cores - s->n_engines];
}

const char *rt_system_resource_kind(const rt_system *s, size_t r)
{
    hol_res_kind k = s->resources[r].kind;
    return k == HOL_CPU_CORE ? "cpu-core" : k == HOL_COPY_ENGINE ? "copy-engine" : "partition";
}

const char *rt_system_resource_policy(const rt_system *s, size_t r)
{
    const hol_resource *x = &s->resources[r];
    if (x->kind == HOL_CPU_CORE)
        return "preemptive-fp";
    if (x->kind == HOL_COPY_ENGINE)
        return x->fifo ? "fifo" : "np-fp";
    return x->kernel_preemption ? "deferred-preemption" : "np-fp";
}
