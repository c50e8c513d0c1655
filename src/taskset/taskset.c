/* taskset: the life of a task-set record: its deep copy and its free, side by side so that every
 * owned array the one duplicates the other releases, and the queries by name. */
#include "taskset/taskset.h"
#include "util/suggest.h"

#include <stdlib.h>
#include <string.h>

static void scenarios_free(rt_taskset *ts)
{
    for (size_t i = 0; i < ts->n_scenarios; i++) {
        free(ts->scenarios[i].name);
        free(ts->scenarios[i].submits);
    }
    free(ts->scenarios);
}

static void chains_free(rt_taskset *ts)
{
    for (size_t i = 0; i < ts->n_chains; i++) {
        free(ts->chains[i].name);
        free(ts->chains[i].tasks);
        free(ts->chains[i].task_lines);
    }
    free(ts->chains);
}

void rt_taskset_free(rt_taskset *ts)
{
    if (!ts)
        return;
    for (size_t i = 0; i < ts->n_kernels; i++) {
        free(ts->kernels[i].name);
        free(ts->kernels[i].measured);
    }
    for (size_t i = 0; i < ts->n_tasks; i++) {
        free(ts->tasks[i].name);
        free(ts->tasks[i].runs);
        free(ts->tasks[i].run_lines);
        free(ts->tasks[i].run_bcet_ns);
        for (size_t s = 0; s < ts->tasks[i].n_steps; s++)
            free(ts->tasks[i].steps[s].engine);
        free(ts->tasks[i].steps);
    }
    for (size_t i = 0; i < ts->n_partitions; i++) {
        free(ts->partitions[i].name);
        free(ts->partitions[i].tasks);
    }
    scenarios_free(ts);
    chains_free(ts);
    free(ts->kernels);
    free(ts->tasks);
    free(ts->partitions);
    free(ts->name);
    free(ts->path);
    free(ts);
}

/* A copy of the string s (NULL stays NULL); *ok cleared when out of memory. */
static char *dup_str(const char *s, bool *ok)
{
    char *d = s ? strdup(s) : NULL;
    *ok &= !s || d;
    return d;
}

/* A copy of n elements of size bytes at p (none: NULL); *ok cleared when out of memory. */
static void *dup_mem(const void *p, size_t n, size_t size, bool *ok)
{
    if (!p || n == 0)
        return NULL;
    void *d = calloc(n, size);
    if (d)
        memcpy(d, p, n * size);
    *ok &= d != NULL;
    return d;
}

/* An array of n zeroed records of size bytes: its count stays 0 unless it was allocated, so that
 * rt_taskset_free can release a copy that stopped half way. */
static void *new_array(size_t n, size_t size, size_t *count, bool *ok)
{
    *count = 0;
    if (n == 0)
        return NULL;
    void *a = calloc(n, size);
    if (a)
        *count = n;
    *ok &= a != NULL;
    return a;
}

rt_taskset *rt_taskset_copy(const rt_taskset *src)
{
    rt_taskset *ts = calloc(1, sizeof *ts);
    if (!ts)
        return NULL;
    bool ok = true;
    memcpy(ts->sha256, src->sha256, sizeof ts->sha256);
    ts->path = dup_str(src->path, &ok);
    ts->name = dup_str(src->name, &ok);
    ts->kernels = new_array(src->n_kernels, sizeof *ts->kernels, &ts->n_kernels, &ok);
    ts->tasks = new_array(src->n_tasks, sizeof *ts->tasks, &ts->n_tasks, &ok);
    ts->partitions = new_array(src->n_partitions, sizeof *ts->partitions, &ts->n_partitions, &ok);
    ts->scenarios = new_array(src->n_scenarios, sizeof *ts->scenarios, &ts->n_scenarios, &ok);
    ts->chains = new_array(src->n_chains, sizeof *ts->chains, &ts->n_chains, &ok);
    /* each record is copied whole, then every pointer it holds replaced by its own copy */
    for (size_t i = 0; i < ts->n_kernels; i++) {
        rt_kernel *k = &ts->kernels[i];
        *k = src->kernels[i];
        k->name = dup_str(k->name, &ok);
        k->measured = dup_mem(k->measured, k->n_measured, sizeof *k->measured, &ok);
    }
    for (size_t i = 0; i < ts->n_tasks; i++) {
        rt_task *t = &ts->tasks[i];
        *t = src->tasks[i];
        t->name = dup_str(t->name, &ok);
        t->runs = dup_mem(t->runs, t->n_runs, sizeof *t->runs, &ok);
        t->run_lines = dup_mem(t->run_lines, t->n_runs, sizeof *t->run_lines, &ok);
        t->run_bcet_ns = dup_mem(t->run_bcet_ns, t->n_runs, sizeof *t->run_bcet_ns, &ok);
        t->steps = dup_mem(t->steps, t->n_steps, sizeof *t->steps, &ok);
        if (!t->steps)
            t->n_steps = 0;  /* none copied: no engine name to free */
        for (size_t s = 0; s < t->n_steps; s++)
            t->steps[s].engine = dup_str(t->steps[s].engine, &ok);
    }
    for (size_t i = 0; i < ts->n_partitions; i++) {
        rt_partition *p = &ts->partitions[i];
        *p = src->partitions[i];
        p->name = dup_str(p->name, &ok);
        p->tasks = dup_mem(p->tasks, p->n_tasks, sizeof *p->tasks, &ok);
    }
    for (size_t i = 0; i < ts->n_scenarios; i++) {
        rt_scenario *s = &ts->scenarios[i];
        *s = src->scenarios[i];
        s->name = dup_str(s->name, &ok);
        s->submits = dup_mem(s->submits, s->n_submits, sizeof *s->submits, &ok);
    }
    for (size_t i = 0; i < ts->n_chains; i++) {
        rt_chain *c = &ts->chains[i];
        *c = src->chains[i];
        c->name = dup_str(c->name, &ok);
        c->tasks = dup_mem(c->tasks, c->n_tasks, sizeof *c->tasks, &ok);
        c->task_lines = dup_mem(c->task_lines, c->n_tasks, sizeof *c->task_lines, &ok);
    }
    if (!ok) {
        rt_taskset_free(ts);
        return NULL;
    }
    return ts;
}

bool rt_taskset_has_system_steps(const rt_taskset *ts)
{
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const rt_task *t = &ts->tasks[i];
        if (t->n_steps > 1 || (t->n_steps == 1 && t->steps[0].kind != RT_STEP_GPU))
            return true;
    }
    return false;
}

const rt_step *rt_taskset_first_system_step(const rt_taskset *ts, const rt_task **task)
{
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const rt_task *t = &ts->tasks[i];
        for (size_t s = 0; s < t->n_steps; s++)
            if (s > 0 || t->steps[s].kind != RT_STEP_GPU) {
                *task = t;
                return &t->steps[s];
            }
    }
    *task = NULL;
    return NULL;
}

const char *rt_taskset_comm_name(rt_comm c)
{
    return c == RT_COMM_LET ? "let" : "implicit";
}

const char *rt_taskset_step_kind_name(rt_step_kind k)
{
    return k == RT_STEP_CPU ? "cpu" : k == RT_STEP_COPY ? "copy" : "gpu";
}

long rt_taskset_find_kernel(const rt_taskset *ts, const char *name)
{
    for (size_t i = 0; i < ts->n_kernels; i++)
        if (ts->kernels[i].name && strcmp(ts->kernels[i].name, name) == 0)
            return (long)i;
    return -1;
}

long rt_taskset_find_scenario(const rt_taskset *ts, const char *name)
{
    for (size_t i = 0; i < ts->n_scenarios; i++)
        if (ts->scenarios[i].name && strcmp(ts->scenarios[i].name, name) == 0)
            return (long)i;
    return -1;
}

long rt_taskset_find_task(const rt_taskset *ts, const char *name)
{
    for (size_t i = 0; i < ts->n_tasks; i++)
        if (ts->tasks[i].name && strcmp(ts->tasks[i].name, name) == 0)
            return (long)i;
    return -1;
}

const char *rt_taskset_hint_kernel(const rt_taskset *ts, const char *name, char *buf, size_t size)
{
    rt_suggest sg;
    rt_suggest_init(&sg, name);
    for (size_t i = 0; i < ts->n_kernels; i++)
        rt_suggest_add(&sg, ts->kernels[i].name);
    return rt_suggest_hint(&sg, buf, size);
}

const char *rt_taskset_hint_task(const rt_taskset *ts, const char *name, char *buf, size_t size)
{
    rt_suggest sg;
    rt_suggest_init(&sg, name);
    for (size_t i = 0; i < ts->n_tasks; i++)
        rt_suggest_add(&sg, ts->tasks[i].name);
    return rt_suggest_hint(&sg, buf, size);
}

const char *rt_taskset_hint_scenario(const rt_taskset *ts, const char *name, char *buf,
                                     size_t size)
{
    rt_suggest sg;
    rt_suggest_init(&sg, name);
    for (size_t i = 0; i < ts->n_scenarios; i++)
        rt_suggest_add(&sg, ts->scenarios[i].name);
    return rt_suggest_hint(&sg, buf, size);
}
