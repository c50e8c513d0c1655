/* sysview: a whole system as the partition search sees it (docs/assignment.md sec. 13).
 *
 * Why the view is a necessary condition. Take a layout the holistic analysis accepts and a task
 * i with one GPU step g (docs/system.md sec. 3). Every step s has rho_s >= J_s + C_s (its first
 * job alone), so R_(s+1) = O_s + Cb_s + rho_(s+1) >= O_s + Cb_s + (rho_s - Cb_s) + C_(s+1) =
 * R_s + C_(s+1): R_i >= R_g + the WCETs of the later steps >= O_g + rho_g + their BCETs, and
 * O_g is the sum of the earlier steps' BCETs. So rho_g <= D_i - (BCETs of the other steps),
 * the view's deadline. rho_g is the non-preemptive fixed-priority analysis of g's partition over
 * the GPU steps there (one per task: the same set of tasks as the view's partition), with
 * jitters J_x >= J_x's task release jitter (jitters only grow along a flow), the same launch
 * WCETs (those of the tasks with GPU work, the CPU tasks on no partition), the same priorities
 * and blocking; that analysis only grows with the jitters, so the view's response of i is at
 * most rho_g: the view's analysis accepts the layout too. A task with two GPU steps on one
 * partition breaks this (its steps block others one at a time, not as one region), as does
 * preemption at kernel boundaries (a step blocks higher ones by one launch): refused. */
#include "search/sysview.h"

#include <stdlib.h>
#include <string.h>

#include "analysis/layout.h"

/* GPU steps of t: a task built in memory (no steps) with runs has one. */
static size_t gpu_steps(const rt_task *t)
{
    if (t->n_steps == 0)
        return t->n_runs > 0;
    size_t n = 0;
    for (size_t k = 0; k < t->n_steps; k++)
        n += t->steps[k].kind == RT_STEP_GPU;
    return n;
}

const char *sysview_refusal(const rt_taskset *ts, const rt_options *o)
{
    if (o->gpu_kernel_preemption)
        return "the partition search does not take --gpu-preemption kernel: its necessary tests "
               "take each GPU step as one non-preemptive region, which blocks higher-priority "
               "steps longer than one kernel (docs/assignment.md sec. 13; give the partitions and "
               "use --assign given)";
    for (size_t i = 0; i < ts->n_tasks; i++)
        if (gpu_steps(&ts->tasks[i]) > 1)
            return "the partition search does not take a task with several GPU steps: its "
                   "necessary tests take a task's GPU work as one job, which blocks lower-"
                   "priority tasks longer than each of its steps does (docs/assignment.md "
                   "sec. 13; give the partitions and use --assign given)";
    return NULL;
}

void sysview_fini(sysview *v)
{
    free(v->ts.tasks);
    free(v->map);
    free(v->inv);
    memset(v, 0, sizeof *v);
}

int sysview_init(sysview *v, const rt_taskset *ts, const rt_options *o)
{
    memset(v, 0, sizeof *v);
    size_t n = ts->n_tasks, alloc = n ? n : 1;
    v->sys = ts;
    v->sys_o = o;
    v->ts = *ts;
    v->ts.partitions = NULL;
    v->ts.n_partitions = 0;
    v->ts.tasks = malloc(alloc * sizeof *v->ts.tasks);
    v->map = malloc(alloc * sizeof *v->map);
    v->inv = malloc(alloc * sizeof *v->inv);
    int64_t *prio = malloc(alloc * sizeof *prio);
    if (!v->ts.tasks || !v->map || !v->inv || !prio) {
        free(prio);
        sysview_fini(v);
        return -1;
    }
    /* the holistic analysis's task priorities (rt_eval_layout: rt_layout_prio_base on the system) */
    rt_layout_prio_base(ts, o->priorities == RT_PRIO_GIVEN, prio);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const rt_task *t = &ts->tasks[i];
        v->inv[i] = SIZE_MAX;
        if (t->n_runs == 0)
            continue;
        rt_task *w = &v->ts.tasks[k];
        *w = *t;
        w->steps = NULL;            /* one GPU step of all its runs */
        w->n_steps = 0;
        w->has_priority = true;
        w->priority = prio[i];
        int64_t other_bcet = 0;
        for (size_t s = 0; s < t->n_steps; s++) {
            const rt_step *st = &t->steps[s];
            if (st->kind == RT_STEP_GPU) {
                if (st->has_priority)
                    w->priority = st->priority;
            } else if (other_bcet < t->deadline_ns) {
                other_bcet = st->bcet_ns < t->deadline_ns - other_bcet ? other_bcet + st->bcet_ns
                                                                      : t->deadline_ns;
            }
        }
        /* a deadline of at least 1 ns: where the BCETs leave none, no layout passes anyway,
         * and a larger deadline only weakens a necessary test */
        w->deadline_ns = t->deadline_ns - other_bcet >= 1 ? t->deadline_ns - other_bcet : 1;
        v->map[k] = i;
        v->inv[i] = k++;
    }
    free(prio);
    v->ts.n_tasks = k;
    v->o = *o;
    v->o.priorities = RT_PRIO_GIVEN;
    return 0;
}

rt_layout *sysview_layout(const sysview *v, const rt_layout *l, const size_t *idx, size_t n,
                          rt_taskset *sub, rt_task **sub_tasks)
{
    size_t N = v->sys->n_tasks, alloc = N ? N : 1;
    /* pos[i]: where system task i sits in l (SIZE_MAX: not in it) */
    size_t *pos = malloc(alloc * sizeof *pos);
    rt_task *t = malloc(alloc * sizeof *t);
    if (!pos || !t) {
        free(pos);
        free(t);
        return NULL;
    }
    for (size_t i = 0; i < N; i++)
        pos[i] = SIZE_MAX;
    for (size_t p = 0; p < n; p++)
        pos[v->map[idx ? idx[p] : p]] = p;
    size_t m = 0;
    for (size_t i = 0; i < N; i++)
        if (v->inv[i] == SIZE_MAX || pos[i] != SIZE_MAX)
            m++;
    rt_layout *r = rt_layout_new(l->n_parts, m);
    if (!r) {
        free(pos);
        free(t);
        return NULL;
    }
    for (size_t p = 0; p < l->n_parts; p++) {
        r->part_sms[p] = l->part_sms[p];
        r->part_first_sm[p] = l->part_first_sm[p];
    }
    m = 0;
    for (size_t i = 0; i < N; i++) {
        if (v->inv[i] != SIZE_MAX && pos[i] == SIZE_MAX)
            continue;
        t[m] = v->sys->tasks[i];
        r->task_part[m] = v->inv[i] == SIZE_MAX ? SIZE_MAX : l->task_part[pos[i]];
        m++;
    }
    free(pos);
    *sub = *v->sys;
    sub->tasks = t;
    sub->n_tasks = m;
    sub->partitions = NULL;
    sub->n_partitions = 0;
    *sub_tasks = t;
    return r;
}

int sysview_eval(const sysview *v, const model *m, rt_layout *l, const size_t *idx, size_t n,
                 double cap, rt_eval *ev, double *other_overshoot)
{
    *other_overshoot = 0;
    memset(ev, 0, sizeof *ev);
    rt_taskset sub;
    rt_task *sub_tasks = NULL;
    rt_layout *r = sysview_layout(v, l, idx, n, &sub, &sub_tasks);
    if (!r)
        return EVAL_ENOMEM;
    rt_eval full;
    int rc = rt_eval_layout(m, &sub, r, v->sys_o, NULL, 0, &full);
    rta_result *rta = NULL;
    wcet_task *wt = NULL;
    if (rc == EVAL_OK) {
        rta = calloc(n ? n : 1, sizeof *rta);
        wt = calloc(n ? n : 1, sizeof *wt);
        if (!rta || !wt) {
            free(rta);
            free(wt);
            rt_eval_fini(&full);
            rc = EVAL_ENOMEM;
        }
    }
    if (rc != EVAL_OK) {
        rt_layout_free(r);
        free(sub_tasks);
        return rc;
    }
    /* the tasks of sub in order: the view tasks of l appear in the system's order, which is
     * l's order (idx ascending, as the judge builds it, or every view task) */
    size_t p = 0;
    for (size_t j = 0; j < sub.n_tasks; j++) {
        const rt_task *t = &sub_tasks[j];
        if (t->n_runs == 0) {
            const rta_result *x = &full.rta[j];
            if (!x->schedulable) {
                double o = cap;
                if (x->status == RTA_BOUNDED && x->wcrt_ns > t->deadline_ns) {
                    o = (double)(x->wcrt_ns - t->deadline_ns) / (double)t->deadline_ns;
                    o = o < cap ? o : cap;
                }
                *other_overshoot += o;
            }
            continue;
        }
        rta[p] = full.rta[j];
        memset(&full.rta[j], 0, sizeof full.rta[j]);
        wt[p] = full.wcet.tasks[j];
        memset(&full.wcet.tasks[j], 0, sizeof full.wcet.tasks[j]);
        l->task_prio[p] = r->task_prio[j];
        p++;
    }
    *ev = full;
    free(ev->rta);
    free(ev->wcet.tasks);   /* what was left in them was moved out or is empty */
    ev->rta = rta;
    ev->n_tasks = n;
    ev->wcet.tasks = wt;
    ev->wcet.n_tasks = n;
    ev->has_min_slack = false;
    ev->min_slack_task = 0;
    rt_layout_free(r);
    free(sub_tasks);
    return EVAL_OK;
}
