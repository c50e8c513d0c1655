/* taskset_load: read a task-set file into plain records and check everything that does not
 * need the GPU (values, unique names, references, priorities, partition membership and
 * placement); each <kernel> is read by kernel_load.c, the <scenario>s and <chain>s by their own
 * loaders. Every problem is recorded with its line; the loader goes on to find them all. */
#include "taskset/taskset_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taskset/chain_load.h"
#include "taskset/docname.h"
#include "taskset/kernel_load.h"
#include "taskset/partspan.h"
#include "taskset/scenario_load.h"
#include "taskset/xmlattr.h"
#include "taskset/xmlsafe.h"
#include "util/ckint.h"
#include "util/fmt.h"
#include "util/sort.h"
#include "util/suggest.h"
#include "util/analyzer.h"
#include "util/textesc.h"

/* ---- names: sorted index for unique-name checks and reference lookup ---- */

typedef struct name_ix {
    const char *name;
    size_t idx;   /* position in file order */
    long line;
} name_ix;

static int name_ix_cmp(const void *a, const void *b)
{
    const name_ix *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : sort_cmp_size(x->idx, y->idx);
}

/* First entry named name in the sorted index, or NULL. */
static const name_ix *name_ix_find(const name_ix *ix, size_t n, const char *name)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(ix[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && strcmp(ix[lo].name, name) == 0 ? &ix[lo] : NULL;
}

/* Sort the index and report every name defined more than once. */
static void name_ix_sort_check(name_ix *ix, size_t n, const char *kind, const char *path,
                               rt_diags *d)
{
    qsort(ix, n, sizeof *ix, name_ix_cmp);
    size_t first = 0;
    for (size_t i = 1; i < n; i++) {
        if (strcmp(ix[i].name, ix[first].name) != 0) {
            first = i;
            continue;
        }
        char q[100];
        rt_diag_error(d, path, ix[i].line, "%s \"%s\" is defined twice (first at line %ld)", kind,
                      rt_textesc_quote(ix[i].name, q, sizeof q), ix[first].line);
    }
}

/* ---- loader state ---- */

typedef struct loader {
    const char *path;
    rt_diags *d;
    rt_taskset *ts;
    name_ix *kernel_ix, *task_ix;
    size_t n_kernel_ix, n_task_ix;
} loader;

static void *alloc_array(loader *ld, size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        rt_diag_error(ld->d, ld->path, 0, "out of memory");
    return p;
}

/* ---- tasks ---- */

/* A step's optional bcet and priority. */
static void read_step_common(const xmlattr_at *sat, rt_step *st)
{
    xmlattr_get_duration_ns(sat, "bcet", 0, &st->bcet_ns);
    st->has_priority = xmlattr_get_int(sat, "priority", 0, &st->priority) == 1;
}

/* <cpu core wcet bcet priority>: bcet must not exceed wcet (both known here). */
static void read_cpu_step(const xmlattr_at *sat, rt_step *st)
{
    st->kind = RT_STEP_CPU;
    xmlattr_get_int(sat, "core", 0, &st->core);
    int w = xmlattr_get_duration_ns(sat, "wcet", 1, &st->wcet_ns);
    if (w == 0)
        xmlattr_error(sat, "has no wcet");
    read_step_common(sat, st);
    if (w == 1 && st->bcet_ns > st->wcet_ns)
        xmlattr_error(sat, "bcet %s exceeds wcet %s (the best case must not exceed the worst "
                      "case)", fmt_dur_of(st->bcet_ns).s, fmt_dur_of(st->wcet_ns).s);
}

/* <copy engine bytes|time bcet priority>: exactly one of bytes and time; with time, bcet must
 * not exceed it (with bytes the WCET needs the engine: rt_inputs_check). */
static void read_copy_step(const xmlattr_at *sat, rt_step *st)
{
    st->kind = RT_STEP_COPY;
    bool failed = false;
    st->engine = xmlattr_dup(sat, "engine", &failed);
    if (!st->engine && !failed)
        xmlattr_error(sat, "has no engine");
    else if (st->engine && !*st->engine)
        xmlattr_error(sat, "engine is empty");
    bool bytes = xmlattr_has(sat, "bytes"), time = xmlattr_has(sat, "time");
    if (bytes && time)
        xmlattr_error(sat, "has both bytes and time (give exactly one: bytes, timed by the "
                      "engine's gbps and setup, or time, the copy's WCET)");
    else if (!bytes && !time)
        xmlattr_error(sat, "has neither bytes nor time (give exactly one: bytes, timed by the "
                      "engine's gbps and setup, or time, the copy's WCET)");
    st->has_bytes = xmlattr_get_int(sat, "bytes", 1, &st->bytes) == 1;
    st->has_time = xmlattr_get_duration_ns(sat, "time", 1, &st->time_ns) == 1;
    read_step_common(sat, st);
    if (st->has_time && !bytes && st->bcet_ns > st->time_ns)
        xmlattr_error(sat, "bcet %s exceeds time %s (the best case must not exceed the worst "
                      "case)", fmt_dur_of(st->bcet_ns).s, fmt_dur_of(st->time_ns).s);
}

/* One <run> into the GPU step st (opened by the caller at the first run of the step): its
 * kernel, bcet (summed into the step's) and priority (the same on every run of the step). */
static void read_run(loader *ld, const xmlattr_at *rat, rt_task *t, rt_step *st, long *prio_line)
{
    bool failed = false;
    char *kname = xmlattr_dup(rat, "kernel", &failed);
    const name_ix *e = kname ? name_ix_find(ld->kernel_ix, ld->n_kernel_ix, kname) : NULL;
    int64_t bcet = 0;
    xmlattr_get_duration_ns(rat, "bcet", 0, &bcet);
    if (ck_add(st->bcet_ns, bcet, &st->bcet_ns)) {
        xmlattr_error(rat, "the bcet of the runs of this GPU step add up beyond the int64 range");
        st->bcet_ns = 0;
    }
    int64_t prio = 0;
    bool has_prio = xmlattr_has(rat, "priority");
    int prc = xmlattr_get_int(rat, "priority", 0, &prio);
    if (*prio_line == 0) {
        st->has_priority = has_prio;
        st->priority = prio;
        *prio_line = rat->line;
    } else if (has_prio != st->has_priority || (prc == 1 && prio != st->priority)) {
        char mine[40], theirs[40];
        snprintf(mine, sizeof mine, has_prio ? "priority %lld" : "no priority", (long long)prio);
        snprintf(theirs, sizeof theirs, st->has_priority ? "priority %lld" : "no priority",
                 (long long)st->priority);
        xmlattr_error(rat, "has %s, but the run at line %ld of the same GPU step has %s (the "
                      "consecutive runs of one GPU step share one priority)", mine, *prio_line,
                      theirs);
    }
    if (e) {
        t->runs[t->n_runs] = e->idx;
        t->run_bcet_ns[t->n_runs] = bcet;
        t->run_lines[t->n_runs++] = rat->line;
        st->n_runs++;
    } else if (kname) {
        char q[100], h[140];
        xmlattr_error(rat, "kernel \"%s\" does not name a kernel%s",
                      rt_textesc_quote(kname, q, sizeof q),
                      rt_taskset_hint_kernel(ld->ts, kname, h, sizeof h));
    } else if (!failed) {
        xmlattr_error(rat, "has no kernel");
    }
    free(kname);
}

/* The task's steps in file order: <cpu>, <copy>, and each maximal run of consecutive <run>s as
 * one GPU step; runs[] holds every launch of every GPU step. */
static void read_steps(loader *ld, const xmlattr_at *at, xmlNodePtr n, rt_task *t)
{
    size_t nr = xmlsafe_count(n, "run");
    size_t ns = nr + xmlsafe_count(n, "cpu") + xmlsafe_count(n, "copy");
    if (!(t->runs = alloc_array(ld, nr, sizeof *t->runs)) ||
        !(t->run_lines = alloc_array(ld, nr, sizeof *t->run_lines)) ||
        !(t->run_bcet_ns = alloc_array(ld, nr, sizeof *t->run_bcet_ns)) ||
        !(t->steps = alloc_array(ld, ns, sizeof *t->steps)))
        return;
    rt_step *gpu = NULL;   /* the GPU step being read, while the runs follow each other */
    long prio_line = 0;    /* line of its first run */
    for (xmlNodePtr c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        bool run = xmlsafe_is(c, "run");
        if (!run && !xmlsafe_is(c, "cpu") && !xmlsafe_is(c, "copy"))
            continue;
        xmlattr_at sat;
        xmlattr_at_child(&sat, at, c, run ? "run" : xmlsafe_is(c, "cpu") ? "cpu" : "copy");
        if (run && !gpu) {
            gpu = &t->steps[t->n_steps++];
            gpu->kind = RT_STEP_GPU;
            gpu->line = sat.line;
            gpu->first_run = t->n_runs;
            prio_line = 0;
        }
        if (run) {
            read_run(ld, &sat, t, gpu, &prio_line);
            continue;
        }
        gpu = NULL;
        rt_step *st = &t->steps[t->n_steps++];
        st->line = sat.line;
        if (xmlsafe_is(c, "cpu"))
            read_cpu_step(&sat, st);
        else
            read_copy_step(&sat, st);
    }
}

/* True if task t has a GPU step (it may then be listed in a partition). */
static bool has_gpu_step(const rt_task *t)
{
    for (size_t s = 0; s < t->n_steps; s++)
        if (t->steps[s].kind == RT_STEP_GPU)
            return true;
    return false;
}

static void read_task(loader *ld, xmlNodePtr n, rt_task *t)
{
    xmlattr_at at;
    xmlattr_at_init(&at, ld->path, ld->d, n, "task");
    t->line = at.line;
    xmlattr_get_name(&at, &t->name);
    if (xmlattr_get_duration_ns(&at, "period", 1, &t->period_ns) == 0)
        xmlattr_error(&at, "has no period");
    if (xmlattr_get_duration_ns(&at, "deadline", 1, &t->deadline_ns) == 0)
        t->deadline_ns = t->period_ns;
    xmlattr_get_duration_ns(&at, "jitter", 0, &t->jitter_ns);
    xmlattr_get_duration_ns(&at, "offset", 0, &t->offset_ns);
    t->has_priority = xmlattr_get_int(&at, "priority", 0, &t->priority) == 1;
    if (xmlattr_has(&at, "priority"))
        t->has_priority = true; /* given, even if invalid: the all-or-none rule counts it */
    read_steps(ld, &at, n, t);
}

/* Priority on every task or on none. */
static void check_priorities(loader *ld)
{
    const rt_taskset *ts = ld->ts;
    const rt_task *with = NULL;
    for (size_t i = 0; i < ts->n_tasks && !with; i++)
        if (ts->tasks[i].has_priority)
            with = &ts->tasks[i];
    if (!with)
        return;
    char q1[100], q2[100];
    for (size_t i = 0; i < ts->n_tasks; i++)
        if (!ts->tasks[i].has_priority)
            rt_diag_error(ld->d, ld->path, ts->tasks[i].line, "task \"%s\" has no priority, but "
                          "task \"%s\" has one (give priority on every task or on none)",
                          rt_textesc_quote(ts->tasks[i].name ? ts->tasks[i].name : "", q1, sizeof q1),
                          rt_textesc_quote(with->name ? with->name : "", q2, sizeof q2));
}

/* ---- partitions ---- */

/* Per task: the partition holding it (-1: none yet). */
typedef struct membership {
    long *part;
} membership;

static void add_task_ref(loader *ld, const xmlattr_at *rat, const xmlattr_at *pat, size_t p,
                         const name_ix *e, membership *mb)
{
    rt_taskset *ts = ld->ts;
    char q1[100], q2[100], q3[100];
    if (mb->part[e->idx] == (long)p) {
        xmlattr_error(pat, "task \"%s\" is listed twice", rt_textesc_quote(e->name, q1, sizeof q1));
        return;
    }
    if (mb->part[e->idx] >= 0) {
        const char *other = ts->partitions[mb->part[e->idx]].name;
        rt_diag_error(ld->d, ld->path, rat->line, "task \"%s\" is in partitions \"%s\" and \"%s\" "
                      "(a task must be in exactly one)", rt_textesc_quote(e->name, q1, sizeof q1),
                      rt_textesc_quote(other ? other : "", q2, sizeof q2),
                      rt_textesc_quote(ts->partitions[p].name ? ts->partitions[p].name : "", q3,
                               sizeof q3));
        return;
    }
    if (!has_gpu_step(&ts->tasks[e->idx])) {
        rt_diag_error(ld->d, ld->path, rat->line, "task \"%s\" has no <run>: it is a CPU task, "
                      "which belongs to no partition (list only tasks with GPU work)",
                      rt_textesc_quote(e->name, q1, sizeof q1));
        return;
    }
    mb->part[e->idx] = (long)p;
    ts->partitions[p].tasks[ts->partitions[p].n_tasks++] = e->idx;
}

/* gcc 12 -fanalyzer reports a false leak here: the task list is stored in the partition and freed
 * by rt_taskset_free. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static void read_partition(loader *ld, xmlNodePtr n, size_t p, membership *mb)
{
    rt_partition *pt = &ld->ts->partitions[p];
    xmlattr_at at;
    xmlattr_at_init(&at, ld->path, ld->d, n, "partition");
    pt->line = at.line;
    xmlattr_get_name(&at, &pt->name);
    xmlattr_get_int(&at, "sms", 1, &pt->sms);
    pt->has_first_sm = xmlattr_get_int(&at, "first-sm", 0, &pt->first_sm) == 1;
    if (!(pt->tasks = alloc_array(ld, xmlsafe_count(n, "task-ref"), sizeof *pt->tasks)))
        return;
    for (xmlNodePtr c = n->children; c; c = c->next) {
        if (!xmlsafe_is(c, "task-ref"))
            continue;
        xmlattr_at rat;
        xmlattr_at_child(&rat, &at, c, "task-ref");
        bool failed = false;
        char *tname = xmlattr_dup(&rat, "name", &failed);
        const name_ix *e = tname ? name_ix_find(ld->task_ix, ld->n_task_ix, tname) : NULL;
        if (e) {
            add_task_ref(ld, &rat, &at, p, e, mb);
        } else if (tname) {
            char q[100], h[140];
            xmlattr_error(&rat, "\"%s\" does not name a task%s", rt_textesc_quote(tname, q, sizeof q),
                          rt_taskset_hint_task(ld->ts, tname, h, sizeof h));
        } else if (!failed) {
            xmlattr_error(&rat, "has no name");
        }
        free(tname);
    }
}
RT_ANALYZER_ON

/* When partitions are given, every task with GPU work is in one. */
static void check_membership(loader *ld, const membership *mb)
{
    const rt_taskset *ts = ld->ts;
    char q[100];
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const char *name = ts->tasks[i].name;
        const name_ix *e = name ? name_ix_find(ld->task_ix, ld->n_task_ix, name) : NULL;
        if (mb->part[i] >= 0 || !e || e->idx != i || !has_gpu_step(&ts->tasks[i]))
            continue; /* in a partition, a duplicate name (already reported), or a CPU task */
        rt_diag_error(ld->d, ld->path, ts->tasks[i].line, "task \"%s\" is in no partition "
                      "(when partitions are given, every task must be in exactly one)",
                      rt_textesc_quote(name, q, sizeof q));
    }
}

/* Default first-sm: packed in file order, each partition after the previous one's end. */
static void pack_partitions(loader *ld)
{
    rt_taskset *ts = ld->ts;
    int64_t next = 0;
    char q[100];
    for (size_t i = 0; i < ts->n_partitions; i++) {
        rt_partition *p = &ts->partitions[i];
        if (!p->has_first_sm)
            p->first_sm = next;
        if (ck_add(p->first_sm, p->sms, &next)) {
            rt_diag_error(ld->d, ld->path, p->line, "partition \"%s\": first-sm + sms is out of "
                          "range", rt_textesc_quote(p->name ? p->name : "", q, sizeof q));
            next = 0;
        }
    }
}

/* No two partitions share an SM (partspan_overlaps). */
static void report_overlap(rt_diags *d, const char *path, const rt_partition *p,
                           const rt_partition *far)
{
    char q1[100], q2[100];
    rt_diag_error(d, path, p->line, "partition \"%s\" (SMs %lld..%lld) overlaps partition \"%s\" "
                  "(SMs %lld..%lld)", rt_textesc_quote(p->name ? p->name : "", q1, sizeof q1),
                  (long long)p->first_sm, (long long)(partspan_end(p) - 1),
                  rt_textesc_quote(far->name ? far->name : "", q2, sizeof q2), (long long)far->first_sm,
                  (long long)(partspan_end(far) - 1));
}

/* gcc 12 -fanalyzer reports a false leak here: the arrays are stored in the task set and freed by
 * rt_taskset_free. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static void read_partitions(loader *ld, xmlNodePtr root)
{
    rt_taskset *ts = ld->ts;
    membership mb = {NULL};
    size_t np = xmlsafe_count(root, "partition");
    if (np == 0)
        return;
    if (!(ts->partitions = alloc_array(ld, np, sizeof *ts->partitions)) ||
        !(mb.part = alloc_array(ld, ts->n_tasks, sizeof *mb.part)))
        goto done;
    ts->n_partitions = np;
    for (size_t i = 0; i < ts->n_tasks; i++)
        mb.part[i] = -1;
    size_t p = 0;
    for (xmlNodePtr c = root->children; c; c = c->next)
        if (xmlsafe_is(c, "partition"))
            read_partition(ld, c, p++, &mb);
    name_ix *ix = alloc_array(ld, np, sizeof *ix);
    if (ix) {
        size_t n = 0;
        for (size_t i = 0; i < np; i++)
            if (ts->partitions[i].name)
                ix[n++] = (name_ix){ts->partitions[i].name, i, ts->partitions[i].line};
        name_ix_sort_check(ix, n, "partition", ld->path, ld->d);
        free(ix);
    }
    check_membership(ld, &mb);
    pack_partitions(ld);
    partspan_overlaps(ts, ld->d, report_overlap);
done:
    free(mb.part);
}
RT_ANALYZER_ON

/* ---- the file ---- */

static name_ix *build_index(loader *ld, size_t n, const char *kind, size_t *n_out,
                            const char *(*name_of)(const rt_taskset *, size_t),
                            long (*line_of)(const rt_taskset *, size_t))
{
    name_ix *ix = alloc_array(ld, n, sizeof *ix);
    *n_out = 0;
    if (!ix)
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (name_of(ld->ts, i))
            ix[(*n_out)++] = (name_ix){name_of(ld->ts, i), i, line_of(ld->ts, i)};
    name_ix_sort_check(ix, *n_out, kind, ld->path, ld->d);
    return ix;
}

static const char *kernel_name(const rt_taskset *ts, size_t i) { return ts->kernels[i].name; }
static long kernel_line(const rt_taskset *ts, size_t i) { return ts->kernels[i].line; }
static const char *task_name(const rt_taskset *ts, size_t i) { return ts->tasks[i].name; }
static long task_line(const rt_taskset *ts, size_t i) { return ts->tasks[i].line; }

static void read_root(loader *ld, xmlNodePtr root)
{
    rt_taskset *ts = ld->ts;
    xmlattr_at at;
    xmlattr_at_init(&at, ld->path, ld->d, root, "taskset");
    if (!docname_read(&at, ld->path, &ts->name))
        rt_diag_error(ld->d, ld->path, 0, "out of memory");

    size_t nk = xmlsafe_count(root, "kernel"), nt = xmlsafe_count(root, "task");
    if (!(ts->kernels = alloc_array(ld, nk, sizeof *ts->kernels)) ||
        !(ts->tasks = alloc_array(ld, nt, sizeof *ts->tasks)))
        return;
    for (xmlNodePtr c = root->children; c; c = c->next)
        if (xmlsafe_is(c, "kernel"))
            kernel_load(ld->path, ld->d, c, &ts->kernels[ts->n_kernels++]);
    ld->kernel_ix = build_index(ld, nk, "kernel", &ld->n_kernel_ix, kernel_name, kernel_line);
    if (!ld->kernel_ix)
        return;
    for (xmlNodePtr c = root->children; c; c = c->next)
        if (xmlsafe_is(c, "task"))
            read_task(ld, c, &ts->tasks[ts->n_tasks++]);
    ld->task_ix = build_index(ld, nt, "task", &ld->n_task_ix, task_name, task_line);
    if (!ld->task_ix)
        return;
    check_priorities(ld);
    read_partitions(ld, root);
    scenario_load_read_all(ld->path, ld->d, root, ts);
    chain_load_read_all(ld->path, ld->d, root, ts);
}

rt_taskset *rt_taskset_load(const char *path, rt_diags *d)
{
    size_t errors_before = rt_diag_errors(d);
    loader ld = {path, d, NULL, NULL, NULL, 0, 0};
    unsigned char sha[32];
    xmlDocPtr doc = xmlsafe_load(path, XMLSAFE_TASKSET, d, sha);
    if (!doc)
        goto done;
    if (!(ld.ts = alloc_array(&ld, 1, sizeof *ld.ts)))
        goto done;
    memcpy(ld.ts->sha256, sha, sizeof sha);
    if (!(ld.ts->path = strdup(path))) {
        rt_diag_error(d, path, 0, "out of memory");
        goto done;
    }
    read_root(&ld, xmlDocGetRootElement(doc));
done:
    free(ld.task_ix);
    free(ld.kernel_ix);
    xmlFreeDoc(doc);
    if (ld.ts && rt_diag_errors(d) != errors_before) {
        rt_taskset_free(ld.ts);
        ld.ts = NULL;
    }
    return ld.ts;
}
