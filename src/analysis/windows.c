/* windows: execution windows of a layout: synchronous timeline and worst-case co-runners
 * (docs/model.md sec. 3).
 *
 * windows_layout_init turns a layout into launches and the distinct (partition, kernel) pairs that
 * run on it ("members"), each with C(k,n_p), BW(k,n_p) and L2(k) read once from the model.
 * windows_worst takes a member's worst-case window from the exact search of win_odo.c, or past the
 * combination cap (or once the budget ran out) from the max-bandwidth bound. */
#include "analysis/windows.h"

#include <stdlib.h>
#include <string.h>

#include "analysis/win_odo.h"
#include "util/sort.h"

/* ---- launches and members ---- */

typedef struct win_pair {
    size_t part, kernel;
} win_pair;

static int win_pair_cmp(const void *a, const void *b)
{
    const win_pair *x = a, *y = b;
    int c = sort_cmp_size(x->part, y->part);
    return c ? c : sort_cmp_size(x->kernel, y->kernel);
}

/* Member index of kernel k on partition p (present by construction). */
static size_t win_member_find(const win_layout *wl, size_t p, size_t k)
{
    size_t lo = wl->part_first[p], hi = wl->part_first[p + 1];
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (wl->members[mid].kernel <= k)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Launch table: task_first offsets and (task, run) of each launch. */
static int win_launches_init(win_layout *wl, const rt_taskset *ts, const rt_layout *l)
{
    wl->n_tasks = ts->n_tasks;
    wl->task_first = calloc(ts->n_tasks + 1, sizeof *wl->task_first);
    if (!wl->task_first)
        return WIN_ENOMEM;
    for (size_t t = 0; t < ts->n_tasks; t++) {
        if (l->task_part[t] >= l->n_parts || ts->tasks[t].n_runs > SIZE_MAX / 2 - wl->task_first[t])
            return WIN_ERANGE;
        wl->task_first[t + 1] = wl->task_first[t] + ts->tasks[t].n_runs;
    }
    wl->n_launches = wl->task_first[ts->n_tasks];
    wl->launches = calloc(wl->n_launches ? wl->n_launches : 1, sizeof *wl->launches);
    if (!wl->launches)
        return WIN_ENOMEM;
    for (size_t t = 0; t < ts->n_tasks; t++)
        for (size_t j = 0; j < ts->tasks[t].n_runs; j++) {
            if (ts->tasks[t].runs[j] >= ts->n_kernels)
                return WIN_ERANGE;
            wl->launches[wl->task_first[t] + j] = (win_launch){ .task = t, .run = j };
        }
    return WIN_OK;
}

/* Distinct (partition, kernel) pairs, sorted and unique, into members with their model values. */
static int win_members_init(win_layout *wl, const model *m, const rt_taskset *ts, const rt_layout *l)
{
    int rc = WIN_ENOMEM;
    size_t n = 0;
    win_pair *pairs = malloc((wl->n_launches ? wl->n_launches : 1) * sizeof *pairs);
    if (!pairs)
        goto done;
    for (size_t i = 0; i < wl->n_launches; i++) {
        const win_launch *la = &wl->launches[i];
        pairs[i] = (win_pair){ l->task_part[la->task], ts->tasks[la->task].runs[la->run] };
    }
    qsort(pairs, wl->n_launches, sizeof *pairs, win_pair_cmp);
    for (size_t i = 0; i < wl->n_launches; i++)
        if (n == 0 || win_pair_cmp(&pairs[n - 1], &pairs[i]) != 0)
            pairs[n++] = pairs[i];
    wl->n_members = n;
    wl->members = calloc(n ? n : 1, sizeof *wl->members);
    if (!wl->members)
        goto done;
    rc = WIN_ERANGE;
    for (size_t i = 0; i < n; i++)
        if (!interference_member_set(&wl->members[i], m, pairs[i].kernel, pairs[i].part,
                             l->part_sms[pairs[i].part]))
            goto done;
    rc = WIN_OK;
done:
    free(pairs);
    return rc;
}

/* A member's sort key for bw_order (bw descending) and dup_of (identical values together). */
typedef struct win_mkey {
    size_t part;
    int64_t sms;
    double cycles, bw_gbps, l2;
    size_t index;
} win_mkey;

static int win_by_bw_cmp(const void *a, const void *b)
{
    const win_mkey *x = a, *y = b;
    int c = sort_cmp_size(x->part, y->part);
    if (!c)
        c = sort_cmp_double(y->bw_gbps, x->bw_gbps);
    return c ? c : sort_cmp_size(x->index, y->index);
}

static int win_values_cmp(const win_mkey *x, const win_mkey *y)
{
    int c = sort_cmp_size(x->part, y->part);
    if (!c)
        c = sort_cmp_i64(x->sms, y->sms);
    if (!c)
        c = sort_cmp_double(x->cycles, y->cycles);
    if (!c)
        c = sort_cmp_double(x->bw_gbps, y->bw_gbps);
    return c ? c : sort_cmp_double(x->l2, y->l2);
}

static int win_by_values_cmp(const void *a, const void *b)
{
    const win_mkey *x = a, *y = b;
    int c = win_values_cmp(x, y);
    return c ? c : sort_cmp_size(x->index, y->index);
}

/* bw_order and dup_of (see win_layout). */
static int win_orders_init(win_layout *wl)
{
    size_t n = wl->n_members;
    win_mkey *k = malloc((n ? n : 1) * sizeof *k);
    wl->bw_order = malloc((n ? n : 1) * sizeof *wl->bw_order);
    wl->dup_of = malloc((n ? n : 1) * sizeof *wl->dup_of);
    if (!k || !wl->bw_order || !wl->dup_of) {
        free(k);
        return WIN_ENOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        const intf_member *m = &wl->members[i];
        k[i] = (win_mkey){ m->part, m->sms, m->cycles, m->bw_gbps, m->l2_accesses, i };
    }
    qsort(k, n, sizeof *k, win_by_bw_cmp);          /* partitions stay in member order */
    for (size_t i = 0; i < n; i++)
        wl->bw_order[i] = k[i].index;
    qsort(k, n, sizeof *k, win_by_values_cmp);
    for (size_t i = 0, first = 0; i < n; i++) {
        if (i > 0 && win_values_cmp(&k[i - 1], &k[i]) != 0)
            first = i;
        wl->dup_of[k[i].index] = k[first].index;    /* the lowest index of equal values */
    }
    free(k);
    return WIN_OK;
}

/* Partition offsets, hosting partitions and the heuristic's max-bandwidth member of each. */
static int win_parts_init(win_layout *wl)
{
    size_t P = wl->n_parts;
    wl->part_first = calloc(P + 1, sizeof *wl->part_first);
    wl->part_best_bw = calloc(P ? P : 1, sizeof *wl->part_best_bw);
    wl->hosting = calloc(P ? P : 1, sizeof *wl->hosting);
    if (!wl->part_first || !wl->part_best_bw || !wl->hosting)
        return WIN_ENOMEM;
    for (size_t i = 0; i < wl->n_members; i++)
        wl->part_first[wl->members[i].part + 1]++;
    for (size_t p = 0; p < P; p++)
        wl->part_first[p + 1] += wl->part_first[p];
    for (size_t p = 0; p < P; p++) {
        size_t lo = wl->part_first[p], hi = wl->part_first[p + 1];
        if (lo == hi)
            continue;
        wl->hosting[wl->n_hosting++] = p;
        wl->part_best_bw[p] = lo;
        for (size_t i = lo + 1; i < hi; i++)   /* strict: ties keep the lowest kernel index */
            if (wl->members[i].bw_gbps > wl->members[wl->part_best_bw[p]].bw_gbps)
                wl->part_best_bw[p] = i;
    }
    return WIN_OK;
}

int windows_layout_init(win_layout *wl, const model *m, const rt_taskset *ts, const rt_layout *l)
{
    memset(wl, 0, sizeof *wl);
    wl->n_parts = l->n_parts;
    if (l->n_tasks != ts->n_tasks)
        return WIN_ERANGE;
    int rc = win_launches_init(wl, ts, l);
    if (rc == WIN_OK)
        rc = win_members_init(wl, m, ts, l);
    if (rc == WIN_OK)
        rc = win_parts_init(wl);
    if (rc == WIN_OK)
        rc = win_orders_init(wl);
    if (rc != WIN_OK)
        return rc;
    for (size_t i = 0; i < wl->n_launches; i++) {
        win_launch *la = &wl->launches[i];
        la->member = win_member_find(wl, l->task_part[la->task], ts->tasks[la->task].runs[la->run]);
    }
    wl->scratch = calloc(4 * wl->n_hosting + 1, sizeof *wl->scratch);
    wl->scratch_acc = calloc(wl->n_hosting + 1, sizeof *wl->scratch_acc);
    wl->scratch_suffix = calloc(wl->n_hosting + 1, sizeof *wl->scratch_suffix);
    wl->scratch_contrib = calloc(wl->n_members ? wl->n_members : 1, sizeof *wl->scratch_contrib);
    return wl->scratch && wl->scratch_acc && wl->scratch_suffix && wl->scratch_contrib
               ? WIN_OK : WIN_ENOMEM;
}

void windows_layout_fini(win_layout *wl)
{
    free(wl->part_first);
    free(wl->members);
    free(wl->part_best_bw);
    free(wl->bw_order);
    free(wl->dup_of);
    free(wl->hosting);
    free(wl->task_first);
    free(wl->launches);
    free(wl->windows);
    free(wl->running);
    free(wl->scratch);
    free(wl->scratch_acc);
    free(wl->scratch_suffix);
    free(wl->scratch_contrib);
    memset(wl, 0, sizeof *wl);
}

/* ---- synchronous timeline ---- */

typedef struct win_task_key {
    size_t part;
    int64_t prio;
    size_t task;
} win_task_key;

static int win_task_key_cmp(const void *a, const void *b)
{
    const win_task_key *x = a, *y = b;
    int c = sort_cmp_size(x->part, y->part);
    if (!c)
        c = sort_cmp_i64(x->prio, y->prio);
    return c ? c : sort_cmp_size(x->task, y->task);
}

static int win_double_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : (x > y);
}

/* Place every launch back to back on its partition; seq lists launches by partition, in time
 * order, seq_first[p] .. seq_first[p+1] for partition p. */
static int win_sync_place(win_layout *wl, const rt_layout *l, size_t *seq, size_t *seq_first)
{
    win_task_key *keys = malloc((wl->n_tasks ? wl->n_tasks : 1) * sizeof *keys);
    if (!keys)
        return WIN_ENOMEM;
    for (size_t t = 0; t < wl->n_tasks; t++)
        keys[t] = (win_task_key){ l->task_part[t], l->task_prio[t], t };
    qsort(keys, wl->n_tasks, sizeof *keys, win_task_key_cmp);
    size_t s = 0;
    double now = 0.0;
    for (size_t i = 0; i < wl->n_tasks; i++) {
        size_t t = keys[i].task;
        if (i == 0 || keys[i - 1].part != keys[i].part)
            now = 0.0;                       /* every partition starts at time 0 */
        for (size_t j = wl->task_first[t]; j < wl->task_first[t + 1]; j++) {
            win_launch *la = &wl->launches[j];
            la->start_cycles = now;
            now += wl->members[la->member].cycles;
            la->end_cycles = now;
            seq[s++] = j;
        }
    }
    memset(seq_first, 0, (wl->n_parts + 1) * sizeof *seq_first);
    for (size_t i = 0; i < wl->n_tasks; i++)
        seq_first[keys[i].part + 1] += wl->task_first[keys[i].task + 1] - wl->task_first[keys[i].task];
    for (size_t p = 0; p < wl->n_parts; p++)
        seq_first[p + 1] += seq_first[p];
    free(keys);
    return WIN_OK;
}

/* Sorted distinct start and end instants of all launches; returns their number. */
static size_t win_sync_bounds(const win_layout *wl, double *b)
{
    size_t n = 0;
    for (size_t i = 0; i < wl->n_launches; i++) {
        b[n++] = wl->launches[i].start_cycles;
        b[n++] = wl->launches[i].end_cycles;
    }
    qsort(b, n, sizeof *b, win_double_cmp);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
        if (u == 0 || b[u - 1] != b[i])
            b[u++] = b[i];
    return u;
}

/* Sweep the elementary intervals; count only when fill is false, else fill windows/running. */
static size_t win_sync_sweep(win_layout *wl, const double *b, size_t nb, const size_t *seq,
                             const size_t *seq_first, size_t *ptr, bool fill)
{
    size_t total = 0, nw = 0;
    for (size_t p = 0; p < wl->n_parts; p++)
        ptr[p] = seq_first[p];
    for (size_t i = 0; i + 1 < nb; i++) {
        size_t first = total;
        for (size_t h = 0; h < wl->n_hosting; h++) {
            size_t p = wl->hosting[h];
            while (ptr[p] < seq_first[p + 1] && wl->launches[seq[ptr[p]]].end_cycles <= b[i])
                ptr[p]++;
            if (ptr[p] == seq_first[p + 1] || wl->launches[seq[ptr[p]]].start_cycles > b[i])
                continue;
            if (fill) {
                win_launch *la = &wl->launches[seq[ptr[p]]];
                if (la->n_windows++ == 0)
                    la->first_window = nw;
                wl->running[total] = seq[ptr[p]];
            }
            total++;
        }
        if (total == first)
            continue;
        if (fill)
            wl->windows[nw] = (win_span){ b[i], b[i + 1], first, total - first };
        nw++;
    }
    if (!fill)
        wl->n_windows = nw;
    return total;
}

int windows_sync_build(win_layout *wl, const rt_layout *l)
{
    int rc = WIN_ENOMEM;
    size_t n = wl->n_launches;
    size_t *seq = NULL, *seq_first = NULL, *ptr = NULL;
    double *b = NULL;
    if (n > SIZE_MAX / (2 * sizeof *b))
        goto done;
    seq = malloc((n ? n : 1) * sizeof *seq);
    seq_first = malloc((wl->n_parts + 1) * sizeof *seq_first);
    ptr = malloc((wl->n_parts ? wl->n_parts : 1) * sizeof *ptr);
    b = malloc((n ? 2 * n : 1) * sizeof *b);
    if (!seq || !seq_first || !ptr || !b)
        goto done;
    if ((rc = win_sync_place(wl, l, seq, seq_first)) != WIN_OK)
        goto done;
    rc = WIN_ENOMEM;
    size_t nb = win_sync_bounds(wl, b);
    size_t total = win_sync_sweep(wl, b, nb, seq, seq_first, ptr, false);
    wl->windows = malloc((wl->n_windows ? wl->n_windows : 1) * sizeof *wl->windows);
    wl->running = malloc((total ? total : 1) * sizeof *wl->running);
    if (!wl->windows || !wl->running)
        goto done;
    win_sync_sweep(wl, b, nb, seq, seq_first, ptr, true);
    rc = WIN_OK;
done:
    free(b);
    free(ptr);
    free(seq_first);
    free(seq);
    return rc;
}

/* ---- worst-case co-runners ---- */

uint64_t windows_combinations(const win_layout *wl, size_t self)
{
    size_t p = wl->members[self].part;
    uint64_t prod = 1;
    for (size_t h = 0; h < wl->n_hosting; h++) {
        size_t q = wl->hosting[h];
        if (q == p)
            continue;
        uint64_t f = (uint64_t)(wl->part_first[q + 1] - wl->part_first[q]) + 1;
        if (prod > UINT64_MAX / f)
            return UINT64_MAX;
        prod *= f;
    }
    return prod;
}

void windows_worst(win_layout *wl, const intf_gpu *g, const rt_options *o, rt_budget *budget,
               size_t self, win_combo *out)
{
    win_odo od;
    win_odo_init(wl, budget, self, &od);
    out->exhaustive = true;
    bool capped = o->interference != RT_INTF_NONE && windows_combinations(wl, self) > o->combination_cap;
    if (o->interference == RT_INTF_MASOLA && !capped) {
        if (win_odo_search(wl, g, o, self, &od, out)) {
            out->members = od.out;
            return;
        }
        capped = true;          /* the budget ran out: the fallback below, a sound bound */
    }
    if (capped) {
        win_odo_smax(wl, &od);  /* past the cap: S_max */
        out->exhaustive = false;
    } else if (o->interference == RT_INTF_NAIVE && od.D > 0) {
        /* naive: M = 1 + f as soon as one co-runner is present; the first such combination
         * of the odometer is the last other partition's lowest kernel. none: k alone. */
        od.best[od.D - 1] = 1;
    }
    out->n = win_odo_emit(wl, &od, od.best, self);
    win_odo_eval(wl, g, o, &od, od.best, self, &out->terms);
    if (capped) {
        /* sec. 3: masola M = 2 I(S_max) (I grows with B, Pi <= 2); naive 1 + f */
        intf_terms *t = &out->terms;
        if (o->interference == RT_INTF_MASOLA) {
            t->Pi = 2.0;
            t->M = 2.0 * t->I;
        }
        t->sup_case = INTF_CASE_CAPPED;
    }
    out->members = od.out;
}
